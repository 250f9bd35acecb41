// The statistics per infrastructure (GET /api/stats/ri): on a small set of
// applications made here, each infrastructure's figures against values
// worked out by hand; the default statuses and allsub; who may ask; the CSV
// download read back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contract from "~/api/stats/contract";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { callId, OPEN_CALL } from "./application-helpers";
import { parseCsv } from "./spreadsheet-readers";

let api: TestApi;
let infra: { id: number; name: string; short_name: string | null }[] = [];

beforeAll(async () => {
  api = await createTestApi();
  // Only this file's applications: the statistics count every application.
  await api.db.deleteFrom("applications").execute();
  const call = await callId(api, OPEN_CALL);
  infra = await api.db.selectFrom("infrastructures").select(["id", "name", "short_name"]).where("deleted_at", "is", null).orderBy("id").limit(2).execute();
  const alice = (await api.db.selectFrom("users").select("id").where("sub", "=", "demo-applicant").executeTakeFirstOrThrow()).id;
  const app = async (status: string) =>
    (await api.db.insertInto("applications").values({ user_id: alice, call_id: call, status, submitted_at: status === "draft" ? null : new Date(), draft: "{}" }).returning("id").executeTakeFirstOrThrow()).id;
  const request = async (applicationId: number, at: number, decision: { sm_accepted?: boolean; sm_units?: number }, accesses: Record<string, unknown>[]) => {
    const ai = await api.db
      .insertInto("application_infrastructures")
      .values({ application_id: applicationId, infrastructure_id: infra[at].id, position: at, draft_key: `i${at}`, ...decision })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [n, a] of accesses.entries()) {
      await api.db
        .insertInto("accesses")
        .values({ application_id: applicationId, application_infrastructure_id: ai.id, position: n, draft_key: `a${n}`, type: "physical", date_from: "2027-06-01", date_to: "2027-06-10", requested_units: 1, ...a })
        .execute();
    }
  };
  const p1 = await app("granted");
  await request(p1, 0, { sm_accepted: true, sm_units: 10 }, [{ requested_units: 9, sm_report_units: 5, sm_report_confirmed: true }]);
  await request(p1, 1, { sm_accepted: false, sm_units: 3 }, [{ requested_units: 4 }]);
  const p2 = await app("rejected");
  await request(p2, 0, { sm_accepted: false }, [{ requested_units: 3 }]);
  const p3 = await app("reporting");
  await request(p3, 0, { sm_accepted: true, sm_units: 6 }, [
    { type: "remote", requested_units: 6, sm_report_units: 4, sm_report_confirmed: true, sm_report_type: "remote" },
    { requested_units: 2, sm_report_units: 2, sm_report_confirmed: false },
  ]);
  const p4 = await app("under-evaluation");
  await request(p4, 1, {}, [{ requested_units: 1 }]);
  // Never counted by default: a draft, and a submitted one (not among the statistics' statuses).
  await request(await app("draft"), 0, { sm_accepted: true, sm_units: 100 }, [{ requested_units: 100 }]);
  await request(await app("submit"), 0, {}, [{ requested_units: 50 }]);
});
afterAll(() => api.close());

async function figures(query = "") {
  const res = await api.call("GET", `/stats/ri${query ? `?${query}` : ""}`, { as: "editor" });
  if (res.status !== 200) throw new Error(`GET /stats/ri answered ${res.status}: ${await res.text()}`);
  return (await res.json()).data as Record<string, unknown>[];
}

const byId = (rows: Record<string, unknown>[]) => Object.fromEntries(rows.map((r) => [r.id as number, r]));

describe("GET /api/stats/ri", () => {
  it("gives each infrastructure its applications, decisions, rate and units, over the statistics' default statuses", async () => {
    const rows = await figures();
    expect(rows.map((r) => r.name)).toEqual([...infra].map((i) => i.name).sort());
    const got = byId(rows);
    expect(got[infra[0].id]).toEqual({
      id: infra[0].id, name: infra[0].name, short_name: infra[0].short_name,
      applications: 3, accepted: 2, rejected: 1, acceptance_rate: 2 / 3,
      units_requested: 20, // 9 + 3 + 6 + 2
      units_granted: 16, // 10 + 6, the refused decision's units aside
      units_delivered_physical: 5, // p1's confirmed 5; p3's unconfirmed 2 aside
      units_delivered_remote: 4,
    });
    expect(got[infra[1].id]).toEqual({
      id: infra[1].id, name: infra[1].name, short_name: infra[1].short_name,
      applications: 2, accepted: 0, rejected: 1, acceptance_rate: 0, units_requested: 5, units_granted: 0, units_delivered_physical: 0, units_delivered_remote: 0,
    });
  });

  it("takes the statistics filter: allsub counts the submitted one too, a status keeps only its own, and no match gives no row", async () => {
    expect(byId(await figures("allsub=1"))[infra[0].id]).toMatchObject({ applications: 4, units_requested: 70, acceptance_rate: 2 / 3 });
    expect(byId(await figures("status[]=under-evaluation"))).toEqual({
      [infra[1].id]: expect.objectContaining({ applications: 1, accepted: 0, rejected: 0, acceptance_rate: null }),
    });
    expect(await figures("date_from=2099-01-01")).toEqual([]);
  });

  it("is the admin area's alone, and downloads its table", async () => {
    expect((await api.call("GET", "/stats/ri")).status).toBe(401);
    for (const as of ALL_DEMO_USERS.filter((u) => u !== "editor" && u !== "admin")) expect((await api.call("GET", "/stats/ri", { as })).status, as).toBe(403);
    const { status } = await api.op(contract.ri, { as: "admin" });
    expect(status).toBe(200);
    const csv = await (await api.call("GET", "/stats/ri?export=csv", { as: "editor" })).text();
    const [header, ...lines] = parseCsv(csv);
    expect(header).toEqual(["Infrastructure", "Short name", "Applications", "Accepted", "Rejected", "Acceptance rate (%)", "Units requested", "Units granted", "Units delivered (physical)", "Units delivered (remote)"]);
    expect(lines.find((l) => l[0] === infra[0].name)).toEqual([infra[0].name, infra[0].short_name ?? "", "3", "2", "1", "66.7", "20", "16", "5", "4"]);
  });
});
