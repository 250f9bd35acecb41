// The evolutions (GET /api/applications/evolutions): on a small set of
// applications made here, each call's and each year's figures against values
// worked out by hand; an application counts at every stage its history shows;
// accesses_status; the default statuses and the filters; who may ask; the CSV
// and XLSX downloads read back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contract from "~/api/stats/evolutions-contract";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { parseCsv, readXlsx } from "./spreadsheet-readers";

let api: TestApi;
let callA: number;
let callB: number;

beforeAll(async () => {
  api = await createTestApi();
  // Only this file's applications and calls: the statistics count every application.
  await api.db.deleteFrom("applications").execute();
  const call = async (title: string, open_at: string) =>
    (
      await api.db
        .insertInto("calls")
        .values({ title, status: "closed", open_at, close_at: open_at, evaluation_date: open_at, evaluation_manager_date: open_at, acceptance_date: open_at, user_report_days: 30 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  callA = await call("Call A", "2025-01-01");
  callB = await call("Call B", "2026-01-01");
  const infra = (await api.db.selectFrom("infrastructures").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const alice = (await api.db.selectFrom("users").select("id").where("sub", "=", "demo-applicant").executeTakeFirstOrThrow()).id;
  const app = async (call_id: number, status: string, submitted: string | null, history: string[], accesses: Record<string, unknown>[]) => {
    const id = (await api.db.insertInto("applications").values({ user_id: alice, call_id, status, submitted_at: submitted, draft: "{}" }).returning("id").executeTakeFirstOrThrow()).id;
    let from = "draft";
    for (const to of history) {
      await api.db.insertInto("application_history").values({ application_id: id, from_status: from, to_status: to }).execute();
      from = to;
    }
    const ai = await api.db.insertInto("application_infrastructures").values({ application_id: id, infrastructure_id: infra, position: 0, draft_key: "i0" }).returning("id").executeTakeFirstOrThrow();
    for (const [n, a] of accesses.entries()) {
      await api.db
        .insertInto("accesses")
        .values({ application_id: id, application_infrastructure_id: ai.id, position: n, draft_key: `a${n}`, type: "physical", date_from: "2026-06-01", date_to: "2026-06-10", requested_units: 1, ...a })
        .execute();
    }
  };
  // Call A, submitted in 2025 (the last one at 00:30 on 1 January 2026 in Brussels).
  await app(callA, "reported", "2025-03-01T10:00:00Z", ["submit", "under-evaluation", "granted", "accepted", "reporting", "reported"], [
    { requested_units: 10, status: "sm_reported", user_units: 8, sm_report_confirmed: true, sm_report_units: 7 },
    { requested_units: 5, status: "sm_reported", user_units: 5, sm_report_confirmed: false },
  ]);
  // Withdrawn after its grant: still counted as granted, from its history.
  await app(callA, "withdrawn", "2025-06-01T10:00:00Z", ["submit", "under-evaluation", "granted", "withdrawn"], [{ requested_units: 4 }]);
  await app(callA, "rejected", "2025-12-31T23:30:00Z", ["submit", "under-evaluation", "rejected"], [{ requested_units: 3 }]);
  // Call B, 2026.
  await app(callB, "reporting", "2026-02-01T10:00:00Z", ["submit", "under-evaluation", "granted", "accepted", "reporting"], [
    { requested_units: 6, status: "user_reported", user_units: 6 },
  ]);
  // No history (made before it was kept): its status today says how far it went.
  await app(callB, "under-evaluation", "2026-03-01T10:00:00Z", [], [{ requested_units: 2 }]);
  // Outside the default statuses: only with allsub.
  await app(callB, "not-eligible", "2026-03-02T10:00:00Z", ["submit", "not-eligible"], [{ requested_units: 1 }]);
  await app(callB, "submit", "2026-04-01T10:00:00Z", ["submit"], [{ requested_units: 9 }]);
  // Never submitted: never counted.
  await app(callB, "draft", null, [], [{ requested_units: 100 }]);
});
afterAll(() => api.close());

async function rows(query = "") {
  const res = await api.call("GET", `/applications/evolutions${query ? `?${query}` : ""}`, { as: "editor" });
  if (res.status !== 200) throw new Error(`GET /applications/evolutions answered ${res.status}: ${await res.text()}`);
  return (await res.json()).data as Record<string, unknown>[];
}

const row = (key: number, title: string | null, submitted: number, eligible: number, granted: number, reported: number, accesses: number, units: number) => ({
  key, title, submitted, eligible, granted, reported, accesses, units,
});

describe("GET /api/applications/evolutions", () => {
  it("per call (the default): each stage an application reached, and its requested accesses, over the default statuses", async () => {
    expect(await rows()).toEqual([
      // a1 reported, a2 granted then withdrawn, a3 rejected: all eligible; 10 + 5 + 4 + 3 units.
      row(callA, "Call A", 3, 3, 2, 1, 4, 22),
      // b1 reporting (granted), b2 under evaluation without history: 6 + 2 units.
      row(callB, "Call B", 2, 2, 1, 0, 2, 8),
    ]);
    expect(await rows("by=call&accesses_status=proposed")).toEqual(await rows());
  });

  it("per year of submission in Brussels: 31 December 23:30 UTC is already the next year there", async () => {
    expect(await rows("by=year")).toEqual([
      row(2025, null, 2, 2, 2, 1, 3, 19),
      row(2026, null, 3, 3, 1, 0, 3, 11),
    ]);
  });

  it("accesses_status picks the accesses the applicants reported (their units) or those the infrastructures confirmed", async () => {
    expect((await rows("accesses_status=user_reported")).map((r) => [r.key, r.accesses, r.units])).toEqual([[callA, 2, 13], [callB, 1, 6]]);
    // The access the infrastructure said did not take place is left out.
    expect((await rows("accesses_status=sm_reported")).map((r) => [r.key, r.accesses, r.units])).toEqual([[callA, 1, 7], [callB, 0, 0]]);
    expect((await rows("accesses_status=sm_reported&by=year")).map((r) => [r.key, r.accesses, r.units])).toEqual([[2025, 1, 7], [2026, 0, 0]]);
  });

  it("takes the statistics filter: allsub, a status, a call, the dates; a draft never counts", async () => {
    expect(await rows("allsub=1")).toEqual([row(callA, "Call A", 3, 3, 2, 1, 4, 22), row(callB, "Call B", 4, 2, 1, 0, 4, 18)]);
    expect(await rows("status[]=not-eligible")).toEqual([row(callB, "Call B", 1, 0, 0, 0, 1, 1)]);
    expect(await rows("status[]=draft")).toEqual([]);
    expect(await rows(`call_id[]=${callB}`)).toEqual([row(callB, "Call B", 2, 2, 1, 0, 2, 8)]);
    expect(await rows("date_from=2026-01-01&by=year")).toEqual([row(2026, null, 3, 3, 1, 0, 3, 11)]);
    expect(await rows("exclude_status[]=withdrawn&by=year")).toEqual([row(2025, null, 1, 1, 1, 1, 2, 15), row(2026, null, 3, 3, 1, 0, 3, 11)]);
    expect((await api.call("GET", "/applications/evolutions?accesses_status=delivered", { as: "editor" })).status).toBe(422);
    expect((await api.call("GET", "/applications/evolutions?by=month", { as: "editor" })).status).toBe(422);
  });

  it("is the admin area's alone", async () => {
    expect((await api.call("GET", "/applications/evolutions")).status).toBe(401);
    for (const as of ALL_DEMO_USERS.filter((u) => u !== "editor" && u !== "admin")) expect((await api.call("GET", "/applications/evolutions", { as })).status, as).toBe(403);
    const { status, data } = await api.op(contract.evolutions, { as: "admin", query: { by: "year" } });
    expect(status).toBe(200);
    expect(data.data).toHaveLength(2);
  });

  it("downloads each table, every row, as CSV and XLSX", async () => {
    const csv = await (await api.call("GET", "/applications/evolutions?export=csv&accesses_status=sm_reported", { as: "editor" })).text();
    expect(parseCsv(csv)).toEqual([
      ["Call id", "Call", "Submitted", "Eligible", "Granted", "Reported", "Accesses confirmed by the infrastructures", "Units confirmed by the infrastructures"],
      [String(callA), "Call A", "3", "3", "2", "1", "1", "7"],
      [String(callB), "Call B", "2", "2", "1", "0", "0", "0"],
    ]);
    const res = await api.call("GET", "/applications/evolutions?export=xlsx&by=year", { as: "editor" });
    expect(res.headers.get("content-disposition")).toMatch(/evolutions-per-year-\d{4}-\d{2}-\d{2}\.xlsx/);
    const { rows: sheet, formulas } = readXlsx(Buffer.from(await res.arrayBuffer()));
    expect(formulas).toBe(0);
    expect(sheet).toEqual([
      ["Year", "Submitted", "Eligible", "Granted", "Reported", "Accesses requested", "Units requested"],
      [2025, 2, 2, 2, 1, 3, 19],
      [2026, 3, 3, 1, 0, 3, 11],
    ]);
  });
});
