// The evaluation statistics (GET /api/stats/evaluations): on a small set of
// evaluations made here, each evaluator's workload (late by the call's
// evaluation date in Brussels), the score distributions per criterion (halves
// when a call allows them) and the agreement between the evaluators of one
// application, against values worked out by hand; the filters; who may ask;
// the three tables' downloads read back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contract from "~/api/stats/evaluations-contract";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { parseCsv, readXlsx } from "./spreadsheet-readers";

let api: TestApi;
let e2: number;
const ids: Record<string, number> = {};
const apps: Record<string, number> = {};
let c1: number;
let c2: number;

beforeAll(async () => {
  api = await createTestApi();
  await api.db.deleteFrom("applications").execute();
  const call = async (title: string, evaluation_date: string, half_point_rating: boolean) =>
    (
      await api.db
        .insertInto("calls")
        .values({ title, status: "closed", open_at: "2020-01-01", close_at: "2020-02-01", evaluation_date, evaluation_manager_date: evaluation_date, acceptance_date: evaluation_date, user_report_days: 30, half_point_rating })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const e1 = await call("Halves call", "2020-03-31", true);
  e2 = await call("Future call", "2099-12-31", false);
  const criterion = async (name: string, position: number) => (await api.db.insertInto("criteria").values({ name, position }).returning("id").executeTakeFirstOrThrow()).id;
  c1 = await criterion("Excellence", 101);
  c2 = await criterion("Impact", 102);
  // Three evaluators of this file's own (a demo user's name follows their sign-in), one named only by name and surname.
  for (const [who, values] of [
    ["eva", { email: "eva@example.org", display_name: "Eva Evaluator" }],
    ["zed", { email: "zed@example.org", display_name: "Zed Viewer" }],
    ["ann", { email: "ann@example.org", name: "Ann", surname: "Other" }],
  ] as const) {
    ids[who] = (await api.db.insertInto("users").values(values).returning("id").executeTakeFirstOrThrow()).id;
  }
  const alice = (await api.db.selectFrom("users").select("id").where("sub", "=", "demo-applicant").executeTakeFirstOrThrow()).id;
  const app = async (name: string, call_id: number, status: string, reviewers: [string, string, Record<string, number>?, string?][]) => {
    const id = (await api.db.insertInto("applications").values({ user_id: alice, call_id, status, acronym: name, title: `Project ${name}`, submitted_at: "2020-01-15T10:00:00Z", draft: "{}" }).returning("id").executeTakeFirstOrThrow()).id;
    apps[name] = id;
    for (const [who, state, scores, submitted_at] of reviewers) {
      await api.db
        .insertInto("application_reviewers")
        .values({
          application_id: id, user_id: ids[who], role: "evaluator", state,
          scores: JSON.stringify(Object.fromEntries(Object.entries(scores ?? {}).map(([k, score]) => [k === "c1" ? c1 : c2, { score, justification: "Because." }]))),
          accepted_at: state === "assigned" || state === "conflict" ? null : "2020-03-01T10:00:00Z",
          submitted_at: submitted_at ?? null,
        })
        .execute();
    }
  };
  await app("P1", e1, "under-evaluation", [
    ["eva", "submitted", { c1: 4, c2: 5 }, "2020-03-31T21:30:00Z"], // 23:30 in Brussels: on the day, on time
    ["zed", "submitted", { c1: 2.5, c2: 3.5 }, "2020-03-31T22:30:00Z"], // 00:30 the next day there: late
    ["ann", "conflict"],
  ]);
  await app("P2", e1, "rejected", [
    ["eva", "submitted", { c1: 3, c2: 3 }, "2020-03-01T10:00:00Z"],
    ["zed", "accepted"], // still open past the date: late
    ["ann", "assigned"], // the same
  ]);
  await app("P3", e2, "granted", [
    ["eva", "submitted", { c1: 5, c2: 4 }, "2020-03-01T10:00:00Z"],
    ["ann", "submitted", { c1: 4, c2: 4 }, "2020-03-01T10:00:00Z"],
    ["zed", "accepted", { c1: 1 }], // saved, not submitted: its score does not count, and its date is far off
  ]);
  // Outside the default statuses: only with allsub.
  await app("P4", e1, "submit", [["eva", "submitted", { c1: 1, c2: 1 }, "2020-03-01T10:00:00Z"]]);
});
afterAll(() => api.close());

async function stats(query = "") {
  const res = await api.call("GET", `/stats/evaluations${query ? `?${query}` : ""}`, { as: "editor" });
  if (res.status !== 200) throw new Error(`GET /stats/evaluations answered ${res.status}: ${await res.text()}`);
  return res.json();
}

const load = (who: string, name: string, email: string, assigned: number, accepted: number, conflicts: number, submitted: number, late: number) => ({
  id: ids[who], name, email, assigned, accepted, conflicts, submitted, late,
});
const HALVES = [1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5];

describe("GET /api/stats/evaluations", () => {
  it("gives each evaluator's workload, the scores per criterion and the agreement, over the default statuses", async () => {
    const s = await stats();
    expect(s.workload).toEqual([
      load("ann", "Ann Other", "ann@example.org", 3, 1, 1, 1, 1),
      load("eva", "Eva Evaluator", "eva@example.org", 3, 3, 0, 3, 0),
      load("zed", "Zed Viewer", "zed@example.org", 3, 3, 0, 1, 2),
    ]);
    expect(s.scores).toEqual(HALVES);
    expect(s.criteria).toEqual([
      // 4, 2.5, 3, 5, 4
      { id: c1, key: null, name: "Excellence", counts: [0, 0, 0, 1, 1, 0, 2, 0, 1], evaluations: 5, mean: 3.7 },
      // 5, 3.5, 3, 4, 4
      { id: c2, key: null, name: "Impact", counts: [0, 0, 0, 0, 1, 1, 2, 0, 1], evaluations: 5, mean: 3.9 },
    ]);
    expect(s.agreement).toEqual([
      // Evaluation scores 4.5 and 3: spread 1.5, deviations ±0.75.
      { id: apps.P1, acronym: "P1", title: "Project P1", call: "Halves call", evaluations: 2, min: 3, max: 4.5, spread: 1.5, sd: 0.75 },
      { id: apps.P3, acronym: "P3", title: "Project P3", call: "Future call", evaluations: 2, min: 4, max: 4.5, spread: 0.5, sd: 0.25 },
    ]);
    expect(s.summary).toEqual({ applications: 2, mean_spread: 1, share_over_one: 0.5 });
    expect(s.agreement_total).toBe(2);
    // top cuts the agreement table, widest spread first; the total still counts it all.
    const cut = await stats("top=1");
    expect([cut.agreement.map((a: { id: number }) => a.id), cut.agreement_total]).toEqual([[apps.P1], 2]);
    for (const top of ["0", "1.5", "10001", "x"]) expect((await api.call("GET", `/stats/evaluations?top=${top}`, { as: "editor" })).status, top).toBe(422);
  });

  it("takes the statistics filter: a call without halves counts whole points; allsub brings the submitted one", async () => {
    const s = await stats(`call_id[]=${e2}`);
    expect(s.scores).toEqual([1, 2, 3, 4, 5]);
    expect(s.criteria.map((c: { counts: number[]; mean: number }) => [c.counts, c.mean])).toEqual([[[0, 0, 0, 1, 1], 4.5], [[0, 0, 0, 2, 0], 4]]);
    expect(s.workload.map((w: { assigned: number; submitted: number; late: number }) => [w.assigned, w.submitted, w.late])).toEqual([[1, 1, 0], [1, 1, 0], [1, 0, 0]]);
    expect(s.summary).toEqual({ applications: 1, mean_spread: 0.5, share_over_one: 0 });
    const all = await stats("allsub=1");
    expect(all.workload[1]).toMatchObject({ name: "Eva Evaluator", assigned: 4, submitted: 4 });
    expect(all.criteria[0]).toMatchObject({ counts: [1, 0, 0, 1, 1, 0, 2, 0, 1], evaluations: 6 });
    expect(all.summary.applications).toBe(2);
    const none = await stats("date_from=2099-01-01");
    expect(none).toEqual({ workload: [], scores: [1, 2, 3, 4, 5], criteria: [], agreement: [], agreement_total: 0, summary: { applications: 0, mean_spread: null, share_over_one: null } });
    expect((await api.call("GET", "/stats/evaluations?table=ranking", { as: "editor" })).status).toBe(422);
  });

  it("is the admin area's alone", async () => {
    expect((await api.call("GET", "/stats/evaluations")).status).toBe(401);
    for (const as of ALL_DEMO_USERS.filter((u) => u !== "editor" && u !== "admin")) expect((await api.call("GET", "/stats/evaluations", { as })).status, as).toBe(403);
    const { status, data } = await api.op(contract.evaluations, { as: "admin" });
    expect(status).toBe(200);
    expect(data.workload).toHaveLength(3);
  });

  it("downloads each table, every row, as CSV and XLSX", async () => {
    const csv = async (table: string) => parseCsv(await (await api.call("GET", `/stats/evaluations?export=csv&table=${table}`, { as: "editor" })).text());
    const workload = await csv("workload");
    expect(workload[0]).toEqual(["Evaluator", "E-mail", "Assigned", "Accepted", "Conflicts of interest", "Submitted", "Late"]);
    expect(workload.slice(1)).toEqual([
      ["Ann Other", "ann@example.org", "3", "1", "1", "1", "1"], ["Eva Evaluator", "eva@example.org", "3", "3", "0", "3", "0"], ["Zed Viewer", "zed@example.org", "3", "3", "0", "1", "2"],
    ]);
    expect(await csv("agreement")).toEqual([
      ["Application", "Acronym", "Title", "Call", "Evaluations", "Lowest score", "Highest score", "Spread", "Standard deviation"],
      [String(apps.P1), "P1", "Project P1", "Halves call", "2", "3", "4.5", "1.5", "0.75"],
      [String(apps.P3), "P3", "Project P3", "Future call", "2", "4", "4.5", "0.5", "0.25"],
    ]);
    const res = await api.call("GET", "/stats/evaluations?export=xlsx&table=scores", { as: "editor" });
    expect(res.headers.get("content-disposition")).toMatch(/evaluations-scores-\d{4}-\d{2}-\d{2}\.xlsx/);
    const { rows } = readXlsx(Buffer.from(await res.arrayBuffer()));
    expect(rows).toEqual([
      ["Criterion", ...HALVES.map((n) => `Score ${n}`), "Evaluations", "Mean"],
      ["Excellence", 0, 0, 0, 1, 1, 0, 2, 0, 1, 5, 3.7],
      ["Impact", 0, 0, 0, 0, 1, 1, 2, 0, 1, 5, 3.9],
    ]);
  });
});
