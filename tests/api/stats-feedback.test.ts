// The feedback survey's statistics (GET /api/stats/feedback): on a small set
// of reports made here, each question's distribution, the recommend choice
// and the free-text answers against values worked out by hand; the filter
// (default statuses, allsub, a status, a call, the dates); only submitted
// reports; paging; who may ask; the three downloads read back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contract from "~/api/stats/feedback-contract";
import { createTestApi, type TestApi } from "../support/api";
import { callId, CLOSED_CALL, OPEN_CALL } from "./application-helpers";
import { parseCsv, readXlsx } from "./spreadsheet-readers";
import { expectAdminOnly, ownApplications, statsDownload, statsJson } from "./stats-helpers";

let api: TestApi;
const id: Record<string, number> = {};
let closedCall = 0;

type Report = Partial<{
  coordination: number; infrastructure: number; overall: number; recommend: boolean;
  text_coordination: string; text_infrastructure: string; text_overall: string; submitted: boolean;
}>;

beforeAll(async () => {
  api = await createTestApi();
  const application = await ownApplications(api);
  const open = await callId(api, OPEN_CALL);
  closedCall = await callId(api, CLOSED_CALL);
  const app = async (name: string, status: string, r: Report, call = open) => {
    id[name] = await application(name, status, call);
    await api.db
      .insertInto("application_reports")
      .values({
        application_id: id[name], due_on: "2027-12-31",
        quantitative_feedback_coordination: r.coordination ?? null, quantitative_feedback_infrastructure: r.infrastructure ?? null, quantitative_feedback_overall: r.overall ?? null,
        feedback_recommend: r.recommend ?? null,
        text_feedback_coordination: r.text_coordination ?? null, text_feedback_infrastructure: r.text_infrastructure ?? null, text_feedback_overall: r.text_overall ?? null,
        submitted_at: r.submitted === false ? null : new Date(),
      })
      .execute();
  };
  await app("f1", "reported", { coordination: 5, infrastructure: 4, overall: 5, recommend: true, text_coordination: "Great coordination", text_infrastructure: "  ", text_overall: "=SUM(1)" });
  await app("f2", "reporting", { coordination: 3, infrastructure: 4, overall: 2, recommend: false, text_coordination: "Slow answers, but \"kind\"" });
  await app("f3", "reported", { coordination: 4, infrastructure: 2, overall: 5, text_infrastructure: "Cold lab" }, closedCall);
  // Never counted: a report saved but not submitted, and a draft's.
  await app("f4", "reporting", { coordination: 1, infrastructure: 1, overall: 1, recommend: false, text_overall: "Not sent yet", submitted: false });
  await app("f6", "draft", { coordination: 1, infrastructure: 1, overall: 1, recommend: false, text_overall: "A draft's" });
  // Counted with allsub only: submitted is not among the statistics' default statuses.
  await app("f5", "submit", { coordination: 1, infrastructure: 1, overall: 1, recommend: true, text_overall: "Odd one" });
});
afterAll(() => api.close());

const figures = (query = "") => statsJson(api, "/stats/feedback", query);
const download = (query: string) => statsDownload(api, "/stats/feedback", query);

const answer = (name: string, question: string, text: string, call = OPEN_CALL) => ({
  application_id: id[name], acronym: name.toUpperCase(), title: `Project ${name}`, call_id: expect.any(Number), call_title: call, question, text,
});

describe("GET /api/stats/feedback", () => {
  it("gives each question's distribution and mean, the recommend choice and the answers of the submitted reports, over the default statuses", async () => {
    const got = await figures();
    expect(got.reports).toBe(3);
    expect(got.scores).toEqual([
      { question: "coordination", counts: [0, 0, 1, 1, 1], answered: 3, mean: 4 }, // 5, 3, 4
      { question: "infrastructure", counts: [0, 1, 0, 2, 0], answered: 3, mean: 10 / 3 }, // 4, 4, 2
      { question: "overall", counts: [0, 1, 0, 0, 2], answered: 3, mean: 4 }, // 5, 2, 5
    ]);
    expect(got.recommend).toEqual({ yes: 1, no: 1, unanswered: 1, share: 0.5 });
    // Newest application first, then the survey's order; a blank answer is none.
    expect(got.answers).toEqual({
      data: [
        answer("f3", "infrastructure", "Cold lab", CLOSED_CALL),
        answer("f2", "coordination", 'Slow answers, but "kind"'),
        answer("f1", "coordination", "Great coordination"),
        answer("f1", "overall", "=SUM(1)"),
      ],
      meta: { page: 1, per_page: 20, total: 4 },
    });
  });

  it("takes the statistics filter: allsub, a status, a call, the dates", async () => {
    const all = await figures("allsub=1");
    expect(all.reports).toBe(4);
    expect(all.scores[0]).toEqual({ question: "coordination", counts: [1, 0, 1, 1, 1], answered: 4, mean: 13 / 4 });
    expect(all.recommend).toEqual({ yes: 2, no: 1, unanswered: 1, share: 2 / 3 });
    expect(all.answers.meta.total).toBe(5);
    expect(all.answers.data[0]).toEqual(answer("f5", "overall", "Odd one"));

    const reporting = await figures("status[]=reporting");
    expect(reporting.reports).toBe(1);
    expect(reporting.scores.map((s: { counts: number[] }) => s.counts)).toEqual([[0, 0, 1, 0, 0], [0, 0, 0, 1, 0], [0, 1, 0, 0, 0]]);
    expect(reporting.recommend).toEqual({ yes: 0, no: 1, unanswered: 0, share: 0 });

    const closed = await figures(`call_id[]=${closedCall}`);
    expect(closed.reports).toBe(1);
    expect(closed.recommend).toEqual({ yes: 0, no: 0, unanswered: 1, share: null });
    expect(closed.answers.data).toEqual([answer("f3", "infrastructure", "Cold lab", CLOSED_CALL)]);

    const none = await figures("date_from=2099-01-01");
    expect(none).toEqual({
      reports: 0,
      scores: ["coordination", "infrastructure", "overall"].map((question) => ({ question, counts: [0, 0, 0, 0, 0], answered: 0, mean: null })),
      recommend: { yes: 0, no: 0, unanswered: 0, share: null },
      answers: { data: [], meta: { page: 1, per_page: 20, total: 0 } },
    });
  });

  it("pages the answers", async () => {
    const second = await figures("per_page=3&page=2");
    expect(second.answers).toEqual({ data: [answer("f1", "overall", "=SUM(1)")], meta: { page: 2, per_page: 3, total: 4 } });
    expect((await api.call("GET", "/stats/feedback?per_page=101", { as: "editor" })).status).toBe(422);
    expect((await api.call("GET", "/stats/feedback?table=everything", { as: "editor" })).status).toBe(422);
  });

  it("is the admin area's alone", async () => {
    await expectAdminOnly(api, "/stats/feedback");
    expect((await api.op(contract.feedback, { as: "admin" })).status).toBe(200);
  });

  it("downloads the distribution, the recommend choice and every answer, as CSV and XLSX", async () => {
    const scores = await download("export=csv");
    expect(scores.res.headers.get("content-disposition")).toMatch(/filename="feedback-scores-[\d-]+\.csv"/);
    expect(parseCsv(scores.bytes.toString("utf8").slice(1))).toEqual([
      ["Question", "1", "2", "3", "4", "5", "Answered", "Mean"],
      ["Coordination", "0", "0", "1", "1", "1", "3", "4"],
      ["Infrastructure", "0", "1", "0", "2", "0", "3", "3.33"],
      ["Overall experience", "0", "1", "0", "0", "2", "3", "4"],
    ]);
    const scoresBook = readXlsx((await download("export=xlsx&table=scores&status[]=reporting")).bytes);
    expect(scoresBook.rows).toEqual([
      ["Question", "1", "2", "3", "4", "5", "Answered", "Mean"],
      ["Coordination", 0, 0, 1, 0, 0, 1, 3],
      ["Infrastructure", 0, 0, 0, 1, 0, 1, 4],
      ["Overall experience", 0, 1, 0, 0, 0, 1, 2],
    ]);

    const recommend = await download("export=xlsx&table=recommend");
    expect(recommend.res.headers.get("content-disposition")).toMatch(/filename="feedback-recommend-[\d-]+\.xlsx"/);
    expect(readXlsx(recommend.bytes).rows).toEqual([
      ["Would recommend", "Code", "Reports", "Share of those who chose (%)"],
      ["Yes", "yes", 1, 50],
      ["No", "no", 1, 50],
      ["Not answered", "", 1],
    ]);

    const answers = await download("export=csv&table=answers&per_page=1");
    expect(answers.res.headers.get("content-disposition")).toMatch(/filename="feedback-answers-[\d-]+\.csv"/);
    const rows = parseCsv(answers.bytes.toString("utf8").slice(1));
    expect(rows).toEqual([
      ["Application", "Acronym", "Title", "Call", "Question", "Answer"],
      [String(id.f3), "F3", "Project f3", CLOSED_CALL, "Infrastructure", "Cold lab"],
      [String(id.f2), "F2", "Project f2", OPEN_CALL, "Coordination", 'Slow answers, but "kind"'],
      [String(id.f1), "F1", "Project f1", OPEN_CALL, "Coordination", "Great coordination"],
      // A text that would read as a formula is neutralised.
      [String(id.f1), "F1", "Project f1", OPEN_CALL, "Overall experience", "'=SUM(1)"],
    ]);
    const book = readXlsx((await download("export=xlsx&table=answers")).bytes);
    expect(book.rows.map((r) => r[0])).toEqual(["Application", id.f3, id.f2, id.f1, id.f1]);
    expect(book.rows[4][5]).toBe("=SUM(1)");
    expect(book.formulas).toBe(0);
  });
});
