// The statistics of costs (GET /api/stats/project-financial, docs/data.md#statistics-of-costs):
// on a small set of applications made here (members and proposed costs in the
// drafts, materialised accesses, accepted and refused decisions with budgets),
// every figure per cost label, infrastructure and call and in all against values
// worked out by hand; the default statuses, allsub and the other filters; who
// may ask; the CSV and XLSX downloads read back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectFinancial } from "~/api/stats/project-financial.contract";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { callId, OPEN_CALL, REMOTE_CALL } from "./application-helpers";
import { parseCsv, readXlsx } from "./spreadsheet-readers";

let api: TestApi;
let infra: { id: number; name: string; short_name: string | null }[] = [];
let calls: { open: { id: number; title: string }; remote: { id: number; title: string } };

type Cost = { item: string; cost: string; unit_number?: string };
type Access = { key: string; costs?: Cost[] };

beforeAll(async () => {
  api = await createTestApi();
  // Only this file's applications: the statistics count every application.
  await api.db.deleteFrom("applications").execute();
  calls = { open: { id: await callId(api, OPEN_CALL), title: OPEN_CALL }, remote: { id: await callId(api, REMOTE_CALL), title: REMOTE_CALL } };
  infra = await api.db.selectFrom("infrastructures").select(["id", "name", "short_name"]).where("deleted_at", "is", null).orderBy("name").limit(2).execute();
  const alice = (await api.db.selectFrom("users").select("id").where("sub", "=", "demo-applicant").executeTakeFirstOrThrow()).id;
  // An application: its members' e-mails and, per requested infrastructure (A = 0, B = 1), the decision and the accesses with their costs.
  const app = async (
    status: string, call: number, emails: string[],
    requests: { at: number; decision: Record<string, unknown>; accesses: Access[] }[], extraCostLists: Access[] = [],
  ) => {
    const costs = { accesses: [...requests.flatMap((r) => r.accesses.filter((a) => a.costs).map((a) => ({ key: a.key, costs: a.costs }))), ...extraCostLists] };
    const draft = { group: { members: emails.map((email, n) => ({ key: `m${n}`, name: "N", surname: "S", email })) }, costs };
    const { id } = await api.db
      .insertInto("applications")
      .values({ user_id: alice, call_id: call, status, submitted_at: status === "draft" ? null : new Date(), draft: JSON.stringify(draft) })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [position, r] of requests.entries()) {
      const ai = await api.db
        .insertInto("application_infrastructures")
        .values({ application_id: id, infrastructure_id: infra[r.at].id, position, draft_key: `i${position}`, ...r.decision })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const [n, a] of r.accesses.entries()) {
        await api.db
          .insertInto("accesses")
          .values({ application_id: id, application_infrastructure_id: ai.id, position: n, draft_key: a.key, type: "physical", date_from: "2027-06-01", date_to: "2027-06-10", requested_units: 1 })
          .execute();
      }
    }
  };
  const { open, remote } = { open: calls.open.id, remote: calls.remote.id };
  // p1: A accepted (budget 1000): travel 100.50 × 2 and accommodation 50; B refused (its budget 300 aside): travel 80,25.
  await app("granted", open, ["a@x.org", "b@x.org"], [
    { at: 0, decision: { sm_accepted: true, sm_budget: 1000 }, accesses: [{ key: "ka1", costs: [{ item: "travel", cost: "100.50", unit_number: "2" }, { item: "accommodation", cost: "50" }] }] },
    { at: 1, decision: { sm_accepted: false, sm_budget: 300 }, accesses: [{ key: "kb1", costs: [{ item: "travel", cost: "80,25" }] }] },
  ]);
  // p2: A refused: accommodation 30 × 3, and an item the cost labels no longer list.
  await app("rejected", remote, [" A@X.org ", "c@y.org"], [
    { at: 0, decision: { sm_accepted: false }, accesses: [{ key: "ka2", costs: [{ item: "accommodation", cost: "30", unit_number: "3" }, { item: "old-item", cost: "10" }] }] },
  ]);
  // p3: B undecided: travel 40; a cost list of an access no longer there is no cost.
  await app("under-evaluation", open, ["d@z.org"], [{ at: 1, decision: {}, accesses: [{ key: "kb3", costs: [{ item: "travel", cost: "40" }] }] }], [
    { key: "gone", costs: [{ item: "travel", cost: "999" }] },
  ]);
  // p4: A accepted with the panel's budget only (200), no costs, no members.
  await app("reporting", open, [], [{ at: 0, decision: { sm_accepted: true, ta_budget: 200 }, accesses: [{ key: "ka4" }] }]);
  // Never counted by default: a draft, and a submitted one (not among the statistics' statuses).
  await app("draft", open, ["f@z.org"], [{ at: 0, decision: { sm_accepted: true, sm_budget: 5000 }, accesses: [{ key: "ka6", costs: [{ item: "travel", cost: "5000" }] }] }]);
  await app("submit", remote, ["e@z.org"], [{ at: 0, decision: { sm_accepted: true, sm_budget: 700 }, accesses: [{ key: "ka5", costs: [{ item: "travel", cost: "1000" }] }] }]);
});
afterAll(() => api.close());

async function costs(query = "") {
  const res = await api.call("GET", `/stats/project-financial${query ? `?${query}` : ""}`, { as: "editor" });
  if (res.status !== 200) throw new Error(`GET /stats/project-financial?${query} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

const none = { granted_applications: 0, granted_members: 0, granted: 0, granted_per_application: null, granted_per_member: null };

describe("GET /api/stats/project-financial", () => {
  it("gives the totals and means, requested and granted, over the statistics' default statuses", async () => {
    const s = await costs();
    expect(s.total).toEqual({
      applications: 4, // p1, p2, p3, p4
      members: 4, // a (twice, case and spaces aside), b, c, d
      requested: 471.25, // 201 + 50 + 80.25 + 100 + 40; the orphan 999 aside
      requested_per_application: 117.81, // 471.25 / 4 = 117.8125
      requested_per_member: 117.81,
      granted_applications: 2, // p1 (A), p4 (A)
      granted_members: 2, // a, b
      granted: 251, // p1's costs at A
      granted_per_application: 125.5,
      granted_per_member: 125.5,
      budget_granted: 1200, // p1's 1000 at A, p4's panel budget 200; B refused its 300
    });
  });

  it("groups by cost label, in the list's order, an item no longer listed after them", async () => {
    const { by_label } = await costs();
    expect(by_label).toEqual([
      {
        key: "travel", name: "Travel", short_name: null, applications: 2, members: 3, // p1 (a, b), p3 (d)
        requested: 321.25, requested_per_application: 160.63, requested_per_member: 107.08, // 201 + 80.25 + 40; / 2; / 3
        granted_applications: 1, granted_members: 2, granted: 201, granted_per_application: 201, granted_per_member: 100.5, budget_granted: null,
      },
      {
        key: "accommodation", name: "Accommodation", short_name: null, applications: 2, members: 3, // p1 (a, b), p2 (a, c)
        requested: 140, requested_per_application: 70, requested_per_member: 46.67,
        granted_applications: 1, granted_members: 2, granted: 50, granted_per_application: 50, granted_per_member: 25, budget_granted: null,
      },
      { key: "old-item", name: null, short_name: null, applications: 1, members: 2, requested: 10, requested_per_application: 10, requested_per_member: 5, ...none, budget_granted: null },
    ]);
  });

  it("groups by infrastructure and by call, an application without costs counting in the means", async () => {
    const { by_infrastructure, by_call } = await costs();
    expect(by_infrastructure).toEqual([
      {
        key: String(infra[0].id), name: infra[0].name, short_name: infra[0].short_name, applications: 3, members: 3, // p1, p2, p4; a, b, c
        requested: 351, requested_per_application: 117, requested_per_member: 117,
        granted_applications: 2, granted_members: 2, granted: 251, granted_per_application: 125.5, granted_per_member: 125.5, budget_granted: 1200,
      },
      {
        key: String(infra[1].id), name: infra[1].name, short_name: infra[1].short_name, applications: 2, members: 3, // p1, p3; a, b, d
        requested: 120.25, requested_per_application: 60.13, requested_per_member: 40.08, ...none, budget_granted: 0,
      },
    ]);
    expect(Object.fromEntries(by_call.map((r: { key: string }) => [r.key, r]))).toEqual({
      [calls.open.id]: {
        key: String(calls.open.id), name: OPEN_CALL, short_name: null, applications: 3, members: 3, // p1, p3, p4
        requested: 371.25, requested_per_application: 123.75, requested_per_member: 123.75,
        granted_applications: 2, granted_members: 2, granted: 251, granted_per_application: 125.5, granted_per_member: 125.5, budget_granted: 1200,
      },
      [calls.remote.id]: {
        key: String(calls.remote.id), name: REMOTE_CALL, short_name: null, applications: 1, members: 2,
        requested: 100, requested_per_application: 100, requested_per_member: 50, ...none, budget_granted: 0,
      },
    });
  });

  it("takes the statistics filter: allsub, a status, a call, an infrastructure; no match gives zeros", async () => {
    expect((await costs("allsub=1")).total).toMatchObject({ applications: 5, members: 5, requested: 1471.25, granted: 1251, granted_applications: 3, budget_granted: 1900 });
    expect((await costs("status[]=granted")).total).toMatchObject({ applications: 1, requested: 331.25, granted: 251, budget_granted: 1000 });
    expect((await costs("exclude_status[]=granted")).total).toMatchObject({ applications: 3, requested: 140, granted: 0 });
    const remote = await costs(`call_id[]=${calls.remote.id}`);
    expect(remote.total).toMatchObject({ applications: 1, requested: 100 });
    expect(remote.by_call.map((r: { key: string }) => r.key)).toEqual([String(calls.remote.id)]);
    // The applications asking for B, with all their costs.
    expect((await costs(`infrastructure[]=${infra[1].id}`)).total).toMatchObject({ applications: 2, requested: 371.25 });
    expect(await costs("date_from=2099-01-01")).toEqual({
      total: { applications: 0, members: 0, requested: 0, requested_per_application: null, requested_per_member: null, ...none, budget_granted: 0 },
      by_label: [], by_infrastructure: [], by_call: [],
    });
  });

  it("is the admin area's alone", async () => {
    expect((await api.call("GET", "/stats/project-financial")).status).toBe(401);
    for (const as of ALL_DEMO_USERS.filter((u) => u !== "editor" && u !== "admin")) {
      expect((await api.call("GET", "/stats/project-financial?export=csv", { as })).status, as).toBe(403);
    }
    const { status, data } = await api.op(projectFinancial, { as: "admin" });
    expect(status).toBe(200);
    expect(data).toMatchObject({ total: { applications: 4 } });
    expect((await api.call("GET", "/stats/project-financial?status[]=nonsense", { as: "editor" })).status).toBe(422);
  });
});

describe("GET /api/stats/project-financial?export=csv|xlsx", () => {
  const name = (i: number) => (infra[i].short_name ? `${infra[i].name} (${infra[i].short_name})` : infra[i].name);
  const TABLE = () => [
    [
      "Grouping", "Name", "Applications", "Members", "Requested (EUR)", "Requested per application (EUR)", "Requested per member (EUR)",
      "Granted applications", "Granted members", "Granted (EUR)", "Granted per application (EUR)", "Granted per member (EUR)", "Budget granted (EUR)",
    ],
    ["Total", "All applications", 4, 4, 471.25, 117.81, 117.81, 2, 2, 251, 125.5, 125.5, 1200],
    ["Cost label", "Travel", 2, 3, 321.25, 160.63, 107.08, 1, 2, 201, 201, 100.5, ""],
    ["Cost label", "Accommodation", 2, 3, 140, 70, 46.67, 1, 2, 50, 50, 25, ""],
    ["Cost label", "old-item", 1, 2, 10, 10, 5, 0, 0, 0, "", "", ""],
    ["Infrastructure", name(0), 3, 3, 351, 117, 117, 2, 2, 251, 125.5, 125.5, 1200],
    ["Infrastructure", name(1), 2, 3, 120.25, 60.13, 40.08, 0, 0, 0, "", "", 0],
    ...[
      [OPEN_CALL, 3, 3, 371.25, 123.75, 123.75, 2, 2, 251, 125.5, 125.5, 1200],
      [REMOTE_CALL, 1, 2, 100, 100, 50, 0, 0, 0, "", "", 0],
      // In the calls' order of opening: compared sorted below.
    ].map((r) => ["Call", ...r]),
  ];

  it("CSV: one table, the grouping first, amounts in euros", async () => {
    const res = await api.call("GET", "/stats/project-financial?export=csv", { as: "editor" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="costs-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...lines] = parseCsv((await res.text()).replace(/^\uFEFF/, ""));
    const [head, ...rows] = TABLE();
    expect(header).toEqual(head);
    expect(lines.slice(0, 6)).toEqual(rows.slice(0, 6).map((r) => r.map(String)));
    expect(lines.slice(6).sort()).toEqual(rows.slice(6).map((r) => r.map(String)).sort());
  });

  it("XLSX: the same table, numbers as numbers", async () => {
    const res = await api.call("GET", "/stats/project-financial?export=xlsx", { as: "editor" });
    expect(res.status).toBe(200);
    const book = readXlsx(Buffer.from(await res.arrayBuffer()));
    expect(book.formulas).toBe(0);
    const [head, ...rows] = TABLE();
    expect(book.rows[0]).toEqual(head);
    // An empty cell is no cell: a row ends at its last value.
    const cells = (r: (string | number)[]) => r.slice(0, r.findLastIndex((v) => v !== "") + 1);
    expect(book.rows.slice(1, 7)).toEqual(rows.slice(0, 6).map(cells));
    expect(book.rows.slice(7).map(String).sort()).toEqual(rows.slice(6).map(cells).map(String).sort());
  });
});
