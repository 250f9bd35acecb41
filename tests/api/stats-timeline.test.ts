// The access calendar (GET /api/stats/timeline): on a small set of
// applications made here, the granted accesses each accesses status keeps,
// with the dates, units and type that status vouches for, against rows worked
// out by hand; the statistics filter; who may ask; the CSV download read back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contract from "~/api/stats/timeline-contract";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { callId, OPEN_CALL } from "./application-helpers";
import { parseCsv } from "./spreadsheet-readers";

let api: TestApi;
let infra: { id: number; name: string; short_name: string | null }[] = [];
const ids: Record<string, number> = {};

beforeAll(async () => {
  api = await createTestApi();
  // Only this file's applications: the statistics count every application.
  await api.db.deleteFrom("applications").execute();
  const call = await callId(api, OPEN_CALL);
  infra = await api.db.selectFrom("infrastructures").select(["id", "name", "short_name"]).where("deleted_at", "is", null).orderBy("id").limit(2).execute();
  const alice = (await api.db.selectFrom("users").select("id").where("sub", "=", "demo-applicant").executeTakeFirstOrThrow()).id;
  const draft = JSON.stringify({ group: { members: [{ key: "m1", email: " Ann@Example.org ", name: "Ann", surname: "Lee" }] } });
  const app = async (status: string, acronym: string) =>
    (ids[acronym] = (await api.db.insertInto("applications").values({ user_id: alice, call_id: call, status, acronym, submitted_at: new Date(), draft }).returning("id").executeTakeFirstOrThrow()).id);
  const request = async (applicationId: number, at: number, sm_accepted: boolean, accesses: Record<string, unknown>[]) => {
    const ai = await api.db
      .insertInto("application_infrastructures")
      .values({ application_id: applicationId, infrastructure_id: infra[at].id, position: at, draft_key: `i${at}`, sm_accepted })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [n, a] of accesses.entries()) {
      await api.db
        .insertInto("accesses")
        .values({ application_id: applicationId, application_infrastructure_id: ai.id, position: n, draft_key: `a${n}`, type: "physical", date_from: "2027-06-01", date_to: "2027-06-10", requested_units: 1, ...a })
        .execute();
    }
  };
  const alpha = await app("granted", "ALPHA");
  await request(alpha, 0, true, [
    { member_email: "ann@example.org", requested_units: 9 },
    // Found ineligible: never granted.
    { type: "remote", member_email: "bob@example.org", date_from: "2027-05-01", date_to: "2027-05-03", requested_units: 2, eligible: false },
  ]);
  // Refused by its infrastructure.
  await request(alpha, 1, false, [{ requested_units: 4 }]);
  const beta = await app("reporting", "BETA");
  await request(beta, 0, true, [
    { member_email: "bob@example.org", requested_units: 5, status: "user_reported", user_units: 4, user_date_from: "2027-03-01", user_date_to: "2027-03-05" },
    { requested_units: 5, status: "sm_reported", user_units: 3, user_date_from: "2027-02-01", user_date_to: "2027-02-09", sm_report_confirmed: true, sm_report_units: 1, sm_report_type: "remote", sm_report_date_from: "2027-02-01", sm_report_date_to: "2027-02-02" },
    // Did not take place, says its infrastructure.
    { status: "sm_reported", sm_report_confirmed: false },
  ]);
  // Withdrawn, and not granted yet: none of their accesses is on the calendar.
  await request(await app("withdrawn", "DELTA"), 0, true, [{ requested_units: 7 }]);
  await request(await app("under-evaluation", "EPSILON"), 1, true, [{ requested_units: 8 }]);
  const gamma = await app("granted", "GAMMA");
  await request(gamma, 1, true, [{ date_from: "2027-01-10", date_to: "2027-01-20", requested_units: 3 }]);
});
afterAll(() => api.close());

async function calendar(query = "") {
  const res = await api.call("GET", `/stats/timeline${query ? `?${query}` : ""}`, { as: "editor" });
  if (res.status !== 200) throw new Error(`GET /stats/timeline answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { data: Record<string, unknown>[]; total: number };
}

const shortName = (i: { name: string; short_name: string | null }) => i.short_name ?? i.name;
/** The infrastructures' rows in the answer's order: by infrastructure name. */
const byName = <T extends { at: number }>(rows: T[]) => [...rows].sort((a, b) => infra[a.at].name.localeCompare(infra[b.at].name));

describe("GET /api/stats/timeline", () => {
  it("gives the proposed accesses of granted applications their infrastructure accepted, with the dates and units applied for", async () => {
    const { data, total } = await calendar();
    const expected = byName([
      { at: 0, row: { application_id: ids.ALPHA, acronym: "ALPHA", member: "Ann Lee", type: "physical", date_from: "2027-06-01", date_to: "2027-06-10", units: 9, status: "proposed" } },
      { at: 1, row: { application_id: ids.GAMMA, acronym: "GAMMA", member: null, type: "physical", date_from: "2027-01-10", date_to: "2027-01-20", units: 3, status: "proposed" } },
    ]);
    expect(total).toBe(2);
    expect(data.map(({ id: _id, ...r }) => r)).toEqual(
      expected.map((e) => ({ ...e.row, infrastructure_id: infra[e.at].id, infrastructure: shortName(infra[e.at]) })),
    );
  });

  it("takes the applicant's dates and units for user_reported, the infrastructure's for sm_reported (the access that did not happen aside)", async () => {
    const reported = await calendar("accesses_status=user_reported");
    expect(reported.data).toEqual([
      expect.objectContaining({ acronym: "BETA", member: "bob@example.org", type: "physical", date_from: "2027-03-01", date_to: "2027-03-05", units: 4, status: "user_reported" }),
    ]);
    const confirmed = await calendar("accesses_status=sm_reported");
    expect(confirmed.data).toEqual([
      expect.objectContaining({ acronym: "BETA", member: null, type: "remote", date_from: "2027-02-01", date_to: "2027-02-02", units: 1, status: "sm_reported" }),
    ]);
  });

  it("takes the statistics filter, and refuses an accesses status it does not know", async () => {
    expect((await calendar("status[]=granted&infrastructure[]=" + infra[1].id)).data.map((r) => r.acronym)).toEqual(["GAMMA"]);
    // The withdrawn application is kept by the filter, but its accesses are not granted.
    expect((await calendar("status[]=withdrawn")).total).toBe(0);
    expect(await calendar("date_from=2099-01-01")).toEqual({ data: [], total: 0 });
    expect((await api.call("GET", "/stats/timeline?accesses_status=all", { as: "editor" })).status).toBe(422);
  });

  it("is the admin area's alone, and downloads every access", async () => {
    expect((await api.call("GET", "/stats/timeline")).status).toBe(401);
    for (const as of ALL_DEMO_USERS.filter((u) => u !== "editor" && u !== "admin")) expect((await api.call("GET", "/stats/timeline", { as })).status, as).toBe(403);
    const { status } = await api.op(contract.timeline, { as: "admin" });
    expect(status).toBe(200);
    const csv = await (await api.call("GET", "/stats/timeline?export=csv&accesses_status=sm_reported", { as: "editor" })).text();
    const [header, ...lines] = parseCsv(csv);
    expect(header).toEqual(["Application", "Acronym", "Infrastructure", "Member", "Type", "Type code", "From", "To", "Units", "Status", "Status code"]);
    expect(lines).toEqual([[String(ids.BETA), "BETA", shortName(infra[0]), "", "Remote", "remote", "2027-02-01", "2027-02-02", "1", "Reported by the manager", "sm_reported"]]);
  });
});
