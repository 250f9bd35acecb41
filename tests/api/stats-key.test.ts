// The key indicators of the statistics (GET /api/stats/key, docs/data.md#list-filters): on a
// small set of applications made here (members in the drafts, accesses with
// confirmed and unconfirmed reports, status history), every indicator against
// values worked out by hand; the default statuses, allsub, the dates in
// Brussels, the other filters; who may ask; the bounds; the CSV and XLSX
// downloads read back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contract from "~/api/stats/contract";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { callId, CLOSED_CALL, OPEN_CALL, REMOTE_CALL } from "./application-helpers";
import { parseCsv, readXlsx } from "./spreadsheet-readers";

let api: TestApi;
const id: Record<string, number> = {};
let calls: { open: number; remote: number; closed: number };
let infra: number[] = [];

const userId = async (name: string) => (await api.db.selectFrom("users").select("id").where("sub", "=", `demo-${name}`).executeTakeFirstOrThrow()).id;
const member = (email: string, work_country: string) => ({ key: email || "none", name: "N", surname: "S", email, work_country });

beforeAll(async () => {
  api = await createTestApi();
  // Only this file's applications: the statistics count every application.
  await api.db.deleteFrom("applications").execute();
  calls = { open: await callId(api, OPEN_CALL), remote: await callId(api, REMOTE_CALL), closed: await callId(api, CLOSED_CALL) };
  infra = (await api.db.selectFrom("infrastructures").select("id").where("deleted_at", "is", null).orderBy("id").limit(1).execute()).map((r) => r.id);
  const [alice, bob, editor] = await Promise.all(["applicant", "applicant2", "editor"].map(userId));
  const add = async (key: string, values: Record<string, unknown>, members?: ReturnType<typeof member>[]) => {
    const row = await api.db
      .insertInto("applications")
      .values({
        user_id: alice, call_id: calls.open, status: "submit", discipline: "oceanography", acronym: key.toUpperCase(),
        draft: JSON.stringify(members ? { group: { members } } : {}), ...values,
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    id[key] = row.id;
  };
  // Submission days in Brussels: s1 on 1 March (23:30 there), s2 on 2 March (00:30 there).
  await add("s1", { status: "granted", submitted_at: "2027-03-01T22:30:00Z", sm_decision_date: "2027-03-11T10:00:00Z" }, [
    member("A@x.org", "BE"), member("b@x.org", "FR"),
  ]);
  await add("s2", { user_id: bob, call_id: calls.remote, status: "rejected", discipline: "geology", submitted_at: "2027-03-01T23:30:00Z", sm_decision_date: "2027-03-06T12:00:00Z" }, [
    member(" a@X.org ", "be"), member("c@y.org", "DE"),
  ]);
  await add("s3", { status: "reporting", submitted_at: "2027-04-10T10:00:00Z", sm_decision_date: "2027-04-30T10:00:00Z" }, [member("d@z.org", " ")]);
  await add("s4", { user_id: bob, status: "withdrawn", submitted_at: "2027-05-01T10:00:00Z" });
  await add("s5", { call_id: calls.closed, status: "submit", submitted_at: "2027-05-02T10:00:00Z" }, [member("e@z.org", "IT")]);
  await add("s6", { user_id: bob, call_id: calls.remote, status: "not-eligible", submitted_at: "2027-05-03T10:00:00Z" });
  await add("s7", { status: "granted", submitted_at: "2027-03-05T10:00:00Z", sm_decision_date: "2027-03-06T10:00:00Z", deleted_at: "2027-04-01T00:00:00Z" }, [
    member("deleted@z.org", "PT"),
  ]);
  await add("s8", { user_id: editor, status: "accepted", submitted_at: "2027-06-01T10:00:00Z", sm_decision_date: "2027-06-05T10:00:00Z" }, [member("b@x.org", "FR")]);
  await add("d1", { status: "draft", submitted_at: null }, [member("f@z.org", "ES")]);

  // Accesses: confirmed reports count their units, unconfirmed ones do not.
  const access = async (app: string, units: number | null, confirmed: boolean | null, n: number) => {
    const ai = await api.db
      .insertInto("application_infrastructures")
      .values({ application_id: id[app], infrastructure_id: infra[0], position: n, draft_key: `i${n}` })
      .returning("id")
      .executeTakeFirstOrThrow();
    await api.db
      .insertInto("accesses")
      .values({
        application_id: id[app], application_infrastructure_id: ai.id, position: 0, draft_key: "a0", type: "physical",
        date_from: "2027-06-01", date_to: "2027-06-10", requested_units: 9, sm_report_units: units, sm_report_confirmed: confirmed,
      })
      .execute();
  };
  await access("s1", 5, true, 0);
  await access("s1", 7, false, 1);
  await access("s1", null, null, 2);
  await access("s3", 3, true, 0);
  await access("s5", 100, true, 0);
  await access("s7", 1000, true, 0);

  // The changes to granted: the first one counts (s1: 22 March in Brussels; s3: 15 April, then again on 1 May).
  await api.db.insertInto("application_history").values([
    { application_id: id.s1, from_status: "under-evaluation", to_status: "granted", created_at: "2027-03-21T23:30:00Z" },
    { application_id: id.s3, from_status: "under-evaluation", to_status: "granted", created_at: "2027-04-15T10:00:00Z" },
    { application_id: id.s3, from_status: "granted", to_status: "under-evaluation", created_at: "2027-04-20T10:00:00Z" },
    { application_id: id.s3, from_status: "under-evaluation", to_status: "granted", created_at: "2027-05-01T10:00:00Z" },
    { application_id: id.s2, from_status: "under-evaluation", to_status: "rejected", created_at: "2027-03-06T12:00:00Z" },
  ]).execute();
});
afterAll(() => api.close());

async function key(query = "", as = "editor") {
  const res = await api.call("GET", `/stats/key${query ? `?${query}` : ""}`, { as });
  if (res.status !== 200) throw new Error(`GET /stats/key?${query} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

describe("GET /api/stats/key: the indicators", () => {
  it("counts the default statuses (under evaluation to reported), never a draft, a submitted one or a deleted one", async () => {
    // s1 granted, s2 rejected, s3 reporting, s4 withdrawn, s8 accepted.
    expect(await key()).toEqual({
      calls: 2, // open (s1, s3, s4, s8) and remote (s2)
      applications: 5,
      success_rate: 0.75, // granted, reporting, accepted over those and rejected: 3 / 4
      applicants: 3, // alice, bob, editor
      members: 4, // a@x.org (twice, case and spaces aside), b@x.org (twice), c@y.org, d@z.org
      countries: 3, // BE (be), FR, DE; d@z.org names none
      units_delivered: 8, // s1's confirmed 5 (not its unconfirmed 7), s3's 3
      median_days_to_decision: 7, // 10 (s1), 4 (s2), 20 (s3), 4 (s8)
      median_days_to_grant: 13, // 21 (s1: 1 to 22 March in Brussels), 5 (s3: its first change to granted)
    });
    const { status, data } = await api.op(contract.key, { as: "admin" });
    expect(status).toBe(200);
    expect(data).toMatchObject({ applications: 5 });
  });

  it("allsub=1 counts every submitted application whatever the status (drafts and deleted ones never)", async () => {
    expect(await key("allsub=1&status[]=granted")).toEqual({
      calls: 3, applications: 7, success_rate: 0.75, applicants: 3, members: 5, countries: 4, units_delivered: 108,
      median_days_to_decision: 7, median_days_to_grant: 13,
    });
  });

  it("takes submission days in Brussels: s1 (1 March there) is out, s2 (2 March there) in", async () => {
    expect(await key("date_from=2027-03-02&date_to=2027-04-30")).toEqual({
      calls: 2, applications: 2, success_rate: 0.5, applicants: 2, members: 3, countries: 2, units_delivered: 3,
      median_days_to_decision: 12, median_days_to_grant: 5,
    });
    expect((await key("date_to=2027-03-01")).applications).toBe(1);
  });

  it("answers null for a rate or median without data, and zero units", async () => {
    expect(await key("status[]=withdrawn")).toEqual({
      calls: 1, applications: 1, success_rate: null, applicants: 1, members: 0, countries: 0, units_delivered: 0,
      median_days_to_decision: null, median_days_to_grant: null,
    });
    expect(await key(`call_id[]=${calls.closed}`)).toMatchObject({ applications: 0, calls: 0, success_rate: null, median_days_to_grant: null });
  });

  it("applies the other filters: status[], exclude_status[], call, discipline, infrastructure, search", async () => {
    expect((await key("status[]=granted,rejected")).applications).toBe(2);
    expect(await key("exclude_status[]=rejected")).toMatchObject({ applications: 4, success_rate: 1 });
    expect(await key(`call_id[]=${calls.remote}`)).toMatchObject({ applications: 1, success_rate: 0 });
    expect((await key("discipline[]=geology")).applications).toBe(1);
    expect(await key(`infrastructure[]=${infra[0]}`)).toMatchObject({ applications: 2, units_delivered: 8 });
    expect((await key("q=S3")).applications).toBe(1);
  });
});

describe("GET /api/stats/key: who may ask, and the bounds", () => {
  it("answers 401 signed out, 403 to every role but editor and admin", async () => {
    expect((await api.call("GET", "/stats/key")).status).toBe(401);
    expect((await api.call("GET", "/stats/key?export=csv")).status).toBe(401);
    for (const as of ALL_DEMO_USERS) {
      const res = await api.call("GET", "/stats/key?status[]=nonsense", { as });
      expect(res.status, as).toBe(as === "editor" || as === "admin" ? 422 : 403);
      expect((await api.call("GET", "/stats/key?export=xlsx", { as })).status, as).toBe(as === "editor" || as === "admin" ? 200 : 403);
    }
  });

  it("refuses values out of bounds with 422 naming the parameter, never a 500", async () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
    for (const query of [
      "status[]=nonsense", "exclude_status[]=x", `call_id[]=${many}`, "call_id[]=2147483648", "infrastructure[]=0", "date_from=2027-02-30",
      "date_from=2027-05-01&date_to=2027-04-01", "allsub=yes", "export=pdf", `q=${"x".repeat(256)}`,
    ]) {
      const res = await api.call("GET", `/stats/key?${query}`, { as: "editor" });
      expect(res.status, query).toBe(422);
      expect((await res.json()).message, query).toEqual(expect.any(String));
    }
    for (const query of ["q=%00", "q=%5C%25_", "discipline[]=%25", "__proto__=1", "page=-1"]) {
      expect((await api.call("GET", `/stats/key?${query}`, { as: "editor" })).status, query).toBeLessThan(500);
    }
  });
});

describe("GET /api/stats/key?export=csv|xlsx: the table as a download", () => {
  const TABLE = [
    ["Indicator", "Value"],
    ["Calls", "2"], ["Applications", "5"], ["Success rate (%)", "75"], ["Applicants", "3"], ["Members", "4"], ["Countries reached", "3"],
    ["Units delivered", "8"], ["Median days from submission to decision", "7"], ["Median days from submission to grant", "13"],
  ];
  const download = async (query: string) => {
    const res = await api.call("GET", `/stats/key?${query}`, { as: "editor" });
    expect(res.status).toBe(200);
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it("CSV: a BOM and the indicator table of the filter, empty where there is no data", async () => {
    const { res, bytes } = await download("export=csv");
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="key-indicators-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parseCsv(bytes.toString("utf8").slice(1))).toEqual(TABLE);
    const none = parseCsv((await download("export=csv&status[]=withdrawn")).bytes.toString("utf8").slice(1));
    expect(none[3]).toEqual(["Success rate (%)", ""]);
    expect(none[9]).toEqual(["Median days from submission to grant", ""]);
  });

  it("XLSX: a workbook of the same table, numbers as numbers", async () => {
    const { res, bytes } = await download("export=xlsx");
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toMatch(/filename="key-indicators-[\d-]+\.xlsx"/);
    const book = readXlsx(bytes);
    expect(book.formulas).toBe(0);
    expect(book.rows).toEqual(TABLE.map((r, i) => (i ? [r[0], Number(r[1])] : r)));
  });
});
