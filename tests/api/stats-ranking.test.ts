// The application ranking (GET /api/applications/report, docs/api.md#statistics):
// on a small set of applications and evaluations made here, each part
// (application_ranking, application_ranking_table, overall_ranking) against
// values worked out by hand: means of the submitted evaluations only, each
// criterion's mean, ties, the unscored last, the panel's recommendation; the
// default statuses, allsub and the other filters; the route not taken by
// /applications/{id}; who may ask; the CSV and XLSX downloads read back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { report } from "~/api/stats/report-contract";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { callId, OPEN_CALL, REMOTE_CALL } from "./application-helpers";
import { parseCsv, readXlsx } from "./spreadsheet-readers";

let api: TestApi;
const id: Record<string, number> = {};
let calls: { open: number; remote: number };
/** The default criteria (the open call's), and the remote call's own first one. */
let d: number[] = [];
let innovation: number;

const userId = async (name: string) => (await api.db.selectFrom("users").select("id").where("sub", "=", `demo-${name}`).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  api = await createTestApi();
  // Only this file's applications: the statistics count every application.
  await api.db.deleteFrom("applications").execute();
  calls = { open: await callId(api, OPEN_CALL), remote: await callId(api, REMOTE_CALL) };
  // The open call opens after the remote one: it comes first.
  await api.db.updateTable("calls").set({ open_at: "2027-01-01" }).where("id", "=", calls.open).execute();
  await api.db.updateTable("calls").set({ open_at: "2026-06-01" }).where("id", "=", calls.remote).execute();
  d = (await api.db.selectFrom("criteria").select("id").where("key", "is not", null).where("deleted_at", "is", null).orderBy("position").orderBy("id").execute()).map((r) => r.id);
  expect(d).toHaveLength(4);
  // The open call scores on the defaults; the remote call on its own two: Innovation, then the first default.
  await api.db.deleteFrom("call_criteria").where("call_id", "in", [calls.open, calls.remote]).execute();
  innovation = (await api.db.insertInto("criteria").values({ name: "Innovation", position: 99 }).returning("id").executeTakeFirstOrThrow()).id;
  await api.db.insertInto("call_criteria").values([{ call_id: calls.remote, criterion_id: innovation, position: 0 }, { call_id: calls.remote, criterion_id: d[0], position: 1 }]).execute();

  const alice = await userId("applicant");
  const reviewers = await Promise.all(["evaluator", "watchdog", "viewer", "editor"].map(userId));
  const add = async (key: string, values: Record<string, unknown>, evaluations: { scores: Record<number | string, unknown>; state?: string; role?: string }[] = [], recommended?: boolean[]) => {
    const row = await api.db
      .insertInto("applications")
      .values({ user_id: alice, call_id: calls.open, status: "under-evaluation", acronym: key.toUpperCase(), title: `Project ${key}`, submitted_at: "2027-03-01T10:00:00Z", draft: "{}", ...values } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    id[key] = row.id;
    for (const [n, e] of evaluations.entries()) {
      const scores = Object.fromEntries(Object.entries(e.scores).map(([k, v]) => [k, typeof v === "object" ? v : { score: v, justification: "J" }]));
      await api.db
        .insertInto("application_reviewers")
        .values({ application_id: row.id, user_id: reviewers[n], role: e.role ?? "evaluator", state: e.state ?? "submitted", scores: JSON.stringify(scores) } as never)
        .execute();
    }
    for (const [n, flag] of (recommended ?? []).entries()) {
      await api.db.insertInto("application_infrastructures").values({ application_id: row.id, infrastructure_id: n + 1, position: n, draft_key: `i${n}`, ta_recommended: flag }).execute();
    }
  };
  const s = (a: number, b: number, c: number, e: number) => ({ [d[0]]: a, [d[1]]: b, [d[2]]: c, [d[3]]: e });
  // a1: (4+5+3+4 + 2+3+5+4) / 8 = 3.75; its accepted, unsubmitted evaluation aside. Pending recommendation.
  await add("a1", {}, [{ scores: s(4, 5, 3, 4) }, { scores: s(2, 3, 5, 4) }, { scores: s(1, 1, 1, 1), state: "accepted" }]);
  // a2: (4+4+4+3) / 4 = 3.75, a tie with a1 (listed after it); a score that is no number aside. Recommended (one of two).
  await add("a2", { status: "granted", ta_recommendation_complete: true }, [{ scores: { ...s(4, 4, 4, 3), 999999: { score: "x" } } }], [false, true]);
  // a3: (5+5+5+4.5) / 4 = 4.875, 4.88 rounded. Complete, none recommended.
  await add("a3", { status: "rejected", ta_recommendation_complete: true }, [{ scores: s(5, 5, 5, 4.5) }], [false]);
  // a4: no submitted evaluation (one assigned): last, null means.
  await add("a4", {}, [{ scores: {}, state: "assigned" }]);
  // Out of the default statuses (allsub brings it in), a draft, a deleted one.
  await add("a5", { status: "submit" }, [{ scores: s(5, 5, 5, 5) }]);
  await add("a6", { status: "draft", submitted_at: null }, [{ scores: s(5, 5, 5, 5) }]);
  await add("a7", { deleted_at: "2027-04-01T00:00:00Z" }, [{ scores: s(5, 5, 5, 5) }]);
  // The remote call. b1: (3+4+5+2) / 4 = 3.5, Innovation 4, the first default 3; a watchdog's row is no evaluation.
  await add("b1", { call_id: calls.remote, status: "accepted", submitted_at: "2027-05-10T10:00:00Z" }, [
    { scores: { [innovation]: 3, [d[0]]: 4 } }, { scores: { [innovation]: 5, [d[0]]: 2 } }, { scores: { [innovation]: 1 }, role: "watchdog" },
  ]);
  // b2: no acronym, mean 4.
  await add("b2", { call_id: calls.remote, status: "reporting", acronym: null, submitted_at: "2027-05-10T10:00:00Z" }, [{ scores: { [innovation]: 4, [d[0]]: 4 } }]);
});
afterAll(() => api.close());

async function get(query = "", as = "editor") {
  const res = await api.call("GET", `/applications/report${query ? `?${query}` : ""}`, { as });
  if (res.status !== 200) throw new Error(`GET /applications/report?${query} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

const crit = (...means: (number | null)[]) => (ids: number[]) => ids.map((cid, i) => ({ id: cid, mean: means[i] }));

describe("GET /api/applications/report: the ranking", () => {
  it("ranks each call's applications by mean score, with each criterion's mean, the evaluations, the recommendation and the status", async () => {
    const { application_ranking_table: table } = await get("aggs[]=application_ranking_table");
    expect(table.map((c: { id: number }) => c.id)).toEqual([calls.open, calls.remote]);
    const [open, remote] = table;
    expect(open.title).toBe(OPEN_CALL);
    expect(open.criteria.map((c: { id: number }) => c.id)).toEqual(d);
    expect(remote.criteria).toEqual([{ id: innovation, key: null, name: "Innovation" }, expect.objectContaining({ id: d[0] })]);
    const row = (key: string, call: number, rank: number | null, overall: number | null, mean: number | null, evaluations: number, criteria: ReturnType<ReturnType<typeof crit>>, status: string, recommendation: string) => ({
      id: id[key], acronym: key === "b2" ? null : key.toUpperCase(), title: `Project ${key}`, call_id: call, call_title: call === calls.open ? OPEN_CALL : REMOTE_CALL,
      status, rank, overall_rank: overall, mean_score: mean, evaluations, criteria, recommendation,
    });
    expect(open.applications).toEqual([
      row("a3", calls.open, 1, 1, 4.88, 1, crit(5, 5, 5, 4.5)(d), "rejected", "not-recommended"),
      row("a1", calls.open, 2, 3, 3.75, 2, crit(3, 4, 4, 4)(d), "under-evaluation", "pending"),
      row("a2", calls.open, 2, 3, 3.75, 1, crit(4, 4, 4, 3)(d), "granted", "recommended"),
      row("a4", calls.open, null, null, null, 0, crit(null, null, null, null)(d), "under-evaluation", "pending"),
    ]);
    expect(remote.applications).toEqual([
      row("b2", calls.remote, 1, 2, 4, 1, crit(4, 4)([innovation, d[0]]), "reporting", "pending"),
      row("b1", calls.remote, 2, 5, 3.5, 2, crit(4, 3)([innovation, d[0]]), "accepted", "pending"),
    ]);
    expect([open.total, remote.total]).toEqual([4, 2]);
  });

  it("cuts each ranking to its first `top` applications, the totals still counting them all", async () => {
    const cut = await get("top=1");
    expect(cut.application_ranking_table.map((c: { applications: { id: number }[]; total: number }) => [c.applications.map((a) => a.id), c.total])).toEqual([[[id.a3], 4], [[id.b2], 2]]);
    expect(cut.application_ranking.map((c: { data: { id: number }[] }) => c.data.map((a) => a.id))).toEqual([[id.a3], [id.b2]]);
    expect(cut.overall_ranking.map((r: { id: number }) => r.id)).toEqual([id.a3]);
    expect(cut.overall_total).toBe(6);
    expect((await get("top=6")).overall_ranking).toHaveLength(6);
    for (const top of ["0", "-1", "1.5", "10001", "x"]) expect((await api.call("GET", `/applications/report?top=${top}`, { as: "editor" })).status, top).toBe(422);
  });

  it("ranks all calls together, and gives a chart each call's labels and means; all three parts when none is named", async () => {
    const all = await get();
    expect(Object.keys(all).sort()).toEqual(["application_ranking", "application_ranking_table", "overall_ranking", "overall_total"]);
    expect(all.overall_ranking.map((r: { id: number; overall_rank: number | null }) => [r.id, r.overall_rank])).toEqual([
      [id.a3, 1], [id.b2, 2], [id.a1, 3], [id.a2, 3], [id.b1, 5], [id.a4, null],
    ]);
    expect(all.application_ranking).toEqual([
      { call: { id: calls.open, title: OPEN_CALL }, data: [
        { id: id.a3, label: "A3", mean_score: 4.88 }, { id: id.a1, label: "A1", mean_score: 3.75 }, { id: id.a2, label: "A2", mean_score: 3.75 }, { id: id.a4, label: "A4", mean_score: null },
      ] },
      { call: { id: calls.remote, title: REMOTE_CALL }, data: [{ id: id.b2, label: `#${id.b2}`, mean_score: 4 }, { id: id.b1, label: "B1", mean_score: 3.5 }] },
    ]);
    expect(Object.keys(await get("aggs[]=overall_ranking"))).toEqual(["overall_ranking", "overall_total"]);
    expect(Object.keys(await get("aggs[]=application_ranking,overall_ranking")).sort()).toEqual(["application_ranking", "overall_ranking", "overall_total"]);
  });

  it("takes the statistics filter: allsub, a status, a call, the dates; no match gives empty parts", async () => {
    const overall = async (query: string) => (await get(`aggs[]=overall_ranking&${query}`)).overall_ranking.map((r: { id: number; rank: number | null; overall_rank: number | null }) => [r.id, r.rank, r.overall_rank]);
    // allsub: the submitted a5 (mean 5) comes first; the draft and the deleted one never.
    expect(await overall("allsub=1")).toEqual([[id.a5, 1, 1], [id.a3, 2, 2], [id.b2, 1, 3], [id.a1, 3, 4], [id.a2, 3, 4], [id.b1, 2, 6], [id.a4, null, null]]);
    expect(await overall("status[]=rejected,accepted")).toEqual([[id.a3, 1, 1], [id.b1, 1, 2]]);
    expect(await overall("exclude_status[]=rejected&status[]=granted,under-evaluation")).toEqual([[id.a1, 1, 1], [id.a2, 1, 1], [id.a4, null, null]]);
    expect(await overall(`call_id[]=${calls.remote}`)).toEqual([[id.b2, 1, 1], [id.b1, 2, 2]]);
    expect(await overall("date_from=2027-05-01")).toEqual([[id.b2, 1, 1], [id.b1, 2, 2]]);
    expect(await get("date_from=2099-01-01")).toEqual({ application_ranking: [], application_ranking_table: [], overall_ranking: [], overall_total: 0 });
  });
});

describe("GET /api/applications/report: the route, who may ask, the bounds", () => {
  it("is not taken by /applications/{id}, and is the admin area's alone", async () => {
    // /applications/{id} would answer 422 (not a number) or 403/404 to an editor: the report answers.
    const { status, data } = await api.op(report, { as: "admin", query: { "aggs[]": ["overall_ranking"] } });
    expect(status).toBe(200);
    expect(data).toHaveProperty("overall_ranking");
    expect((await api.call("GET", "/applications/report")).status).toBe(401);
    for (const as of ALL_DEMO_USERS.filter((u) => u !== "editor" && u !== "admin")) expect((await api.call("GET", "/applications/report", { as })).status, as).toBe(403);
  });

  it("refuses an unknown part or filter value with 422, never a 500", async () => {
    for (const query of ["aggs[]=nonsense", "status[]=nonsense", "export=pdf", "date_from=2027-05-01&date_to=2027-04-01", `aggs[]=${Array(101).fill("overall_ranking").join(",")}`]) {
      expect((await api.call("GET", `/applications/report?${query}`, { as: "editor" })).status, query).toBe(422);
    }
  });
});

describe("GET /api/applications/report?export=csv|xlsx: the ranking table", () => {
  const HEADER = [
    "Call", "Rank in call", "Overall rank", "Application", "Acronym", "Title", "Status", "Status code", "Mean score", "Evaluations", "Panel recommendation",
    "Panel recommendation code", "Mean: Scientific excellence", "Mean: Methodology and feasibility", "Mean: Expected impact", "Mean: Team competence", "Mean: Innovation",
  ];
  // Each code with its label in the exporter's language before it.
  const EN: Record<string, string> = {
    rejected: "Rejected", "under-evaluation": "Under evaluation", granted: "Granted", reporting: "Reporting", accepted: "Accepted",
    "not-recommended": "Not recommended", pending: "Pending", recommended: "Recommended",
  };
  const labelled = (r: (string | number)[]) => [...r.slice(0, 6), EN[r[6]], r[6], r[7], r[8], EN[r[9]], ...r.slice(9)];
  const rows = () => codes().map(labelled);
  const codes = (): (string | number)[][] => [
    [OPEN_CALL, 1, 1, id.a3, "A3", "Project a3", "rejected", 4.88, 1, "not-recommended", 5, 5, 5, 4.5, ""],
    [OPEN_CALL, 2, 3, id.a1, "A1", "Project a1", "under-evaluation", 3.75, 2, "pending", 3, 4, 4, 4, ""],
    [OPEN_CALL, 2, 3, id.a2, "A2", "Project a2", "granted", 3.75, 1, "recommended", 4, 4, 4, 3, ""],
    [OPEN_CALL, "", "", id.a4, "A4", "Project a4", "under-evaluation", "", 0, "pending", "", "", "", "", ""],
    [REMOTE_CALL, 1, 2, id.b2, "", "Project b2", "reporting", 4, 1, "pending", 4, "", "", "", 4],
    [REMOTE_CALL, 2, 5, id.b1, "B1", "Project b1", "accepted", 3.5, 2, "pending", 3, "", "", "", 4],
  ];

  it("CSV: every application, call after call in rank order, a column per criterion", async () => {
    const res = await api.call("GET", "/applications/report?export=csv&aggs[]=overall_ranking", { as: "editor" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="application-ranking-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = Buffer.from(await res.arrayBuffer()).toString("utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(parseCsv(text.slice(1))).toEqual([HEADER, ...rows().map((r) => r.map(String))]);
  });

  it("the labels are in the exporter's language: lang, else Accept-Language's; the codes stay beside them", async () => {
    const read = async (query: string, headers?: Record<string, string>) => {
      const res = await api.call("GET", `/applications/report?export=csv${query}`, { as: "editor", headers });
      return parseCsv(Buffer.from(await res.arrayBuffer()).toString("utf8").slice(1));
    };
    for (const table of [await read("&lang=fr"), await read("", { "Accept-Language": "fr-CH, en;q=0.8" })]) {
      expect(table[0]).toEqual(HEADER);
      expect(table[1].slice(6, 10)).toEqual(["Refusée", "rejected", "4.88", "1"]);
      expect(table[1].slice(10, 12)).toEqual(["Non recommandée", "not-recommended"]);
    }
    expect((await read("&lang=en", { "Accept-Language": "fr" }))[1].slice(10, 12)).toEqual(["Not recommended", "not-recommended"]);
    expect((await api.call("GET", "/applications/report?export=csv&lang=de", { as: "editor" })).status).toBe(422);
  });

  it("XLSX: the same table, numbers as numbers", async () => {
    const res = await api.call("GET", "/applications/report?export=xlsx", { as: "admin" });
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const book = readXlsx(Buffer.from(await res.arrayBuffer()));
    // Empty cells are left out of the sheet: the reader ends a row at its last value.
    const trimmed = (r: (string | number)[]) => r.slice(0, r.findLastIndex((v) => v !== "") + 1);
    expect(book.rows).toEqual([HEADER, ...rows().map(trimmed)]);
  });
});
