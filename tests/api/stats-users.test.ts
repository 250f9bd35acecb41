// Who the programme reached (GET /api/stats/users, docs/data.md#statistics-of-users):
// on a small set of applications made here (members in the drafts, one member in
// two applications with other values, earlier applications outside the
// filter), every grouping against counts worked out by hand; the values not
// given; the age at the submission year in Brussels; new against returning
// whatever the filter; the default statuses, allsub and the other filters; who
// may ask; the CSV and XLSX downloads read back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/api/stats/users.contract";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { callId, OPEN_CALL, REMOTE_CALL } from "./application-helpers";
import { parseCsv, readXlsx } from "./spreadsheet-readers";

let api: TestApi;
let remoteCall: number;

const R = {
  email: "r@x.org", gender: "female", nationality: "no", residence_country: "NO", work_country: "NO",
  researcher_status: "r1", organization_type: "HES", young: true, birth_year: "2005",
};
const S1 = {
  email: "s@x.org", gender: "male", nationality: "FR", residence_country: " be ", work_country: "BE",
  researcher_status: "r3", organization_type: "REC", young: false, birth_year: "1980",
};
// The same member later, with other values: the later application describes them.
const S2 = {
  email: " S@X.org ", gender: "non-binary", nationality: "DE", residence_country: "DE", work_country: "DE",
  researcher_status: "r2", organization_type: "PRC", birth_year: "1990",
};
// Nothing but an e-mail: every value not given, a birth year that is no year.
const T = { email: "t@x.org", gender: "", birth_year: "19" };
const Q = {
  email: "q@x.org", gender: "female", nationality: "NO", residence_country: "NO", work_country: "FR",
  researcher_status: "r4", organization_type: "custom-type", young: true, birth_year: "1962",
};

beforeAll(async () => {
  api = await createTestApi();
  // Only this file's applications: the statistics count every application.
  await api.db.deleteFrom("applications").execute();
  const open = await callId(api, OPEN_CALL);
  remoteCall = await callId(api, REMOTE_CALL);
  const alice = (await api.db.selectFrom("users").select("id").where("sub", "=", "demo-applicant").executeTakeFirstOrThrow()).id;
  const app = async (status: string, submitted_at: string | null, members: Record<string, unknown>[], more: Record<string, unknown> = {}) => {
    const draft = { group: { members: members.map((m, n) => ({ key: `m${n}`, name: "N", surname: "S", ...m })) } };
    await api.db.insertInto("applications").values({ user_id: alice, call_id: open, status, submitted_at, draft: JSON.stringify(draft), ...more } as never).execute();
  };
  // Earlier applications, none among the statistics' statuses: r's makes r returning; a deleted one and a draft do not count.
  await app("not-eligible", "2025-05-01T10:00:00Z", [{ email: "R@x.org" }]);
  await app("granted", "2025-05-01T10:00:00Z", [{ email: "q@x.org" }], { deleted_at: "2025-06-01T00:00:00Z" });
  await app("draft", null, [{ email: "t@x.org" }, { email: "z@x.org" }]);
  // u1: r is 22 in 2027 (under 25), s 47 (45 to 54).
  await app("granted", "2027-03-01T10:00:00Z", [R, S1]);
  // u2, later: s again, t; and a member without an e-mail (left out, as GET /stats/key leaves them).
  await app("rejected", "2027-04-01T10:00:00Z", [S2, T, { name: "No e-mail", gender: "male" }], { call_id: remoteCall });
  // u3: submitted on 1 January 2027 in Brussels (31 December in UTC): q is 65 there.
  await app("reporting", "2026-12-31T23:30:00Z", [Q]);
  // Later, and not among the statistics' statuses: t's later application does not make t returning.
  await app("submit", "2027-06-01T10:00:00Z", [{ email: "t@x.org" }]);
});
afterAll(() => api.close());

async function stats(query = "") {
  const res = await api.call("GET", `/stats/users${query ? `?${query}` : ""}`, { as: "editor" });
  if (res.status !== 200) throw new Error(`GET /stats/users?${query} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

const n = (value: string | null, members: number, label: string | null = null) => ({ value, label, members });
const bands = (counts: number[], unknown?: number) => [
  ...["under-25", "25-34", "35-44", "45-54", "55-64", "65-plus"].map((band, i) => n(band, counts[i])),
  ...(unknown ? [n(null, unknown)] : []),
];

describe("GET /api/stats/users", () => {
  it("counts each member once per e-mail, described by their latest application, over the default statuses", async () => {
    expect(await stats()).toEqual({
      members: 4, // r, s (twice), t, q; the member without an e-mail aside
      groups: {
        gender: [n("female", 2, "Female"), n("non-binary", 1, "Non-binary"), n(null, 1)], // r, q; s (u2); t
        nationality: [n("NO", 2), n("DE", 1), n(null, 1)], // "no" is NO
        residence_country: [n("NO", 2), n("DE", 1), n(null, 1)],
        work_country: [n("DE", 1), n("FR", 1), n("NO", 1), n(null, 1)],
        researcher_status: [
          n("r1", 1, "R1 – First stage researcher (up to the point of PhD)"),
          n("r2", 1, "R2 – Recognised researcher (PhD holder or equivalent, not yet fully independent)"),
          n("r4", 1, "R4 – Leading researcher (leads a research area or field)"),
          n(null, 1),
        ],
        // A value the list no longer has comes after the list's, with no label.
        organization_type: [n("HES", 1, "Higher or secondary education establishment (HES)"), n("PRC", 1, "Private for-profit company, not an SME (PRC)"), n("custom-type", 1), n(null, 1)],
        young: [n("yes", 2), n("no", 2)],
        age_band: bands([1, 0, 1, 0, 0, 1], 1), // r 22, s 37 (u2: 1990), q 65 (2027 in Brussels), t unknown
        new_users: [n("new", 3), n("returning", 1)], // r applied in 2025
      },
    });
  });

  it("takes the filter: the values of the application the filter keeps, returning whatever the filter", async () => {
    // u1 and u3: s described by u1.
    const early = await stats("date_to=2027-03-31");
    expect(early.members).toBe(3);
    expect(early.groups.gender).toEqual([n("female", 2, "Female"), n("male", 1, "Male")]);
    expect(early.groups.residence_country).toEqual([n("NO", 2), n("BE", 1)]);
    expect(early.groups.young).toEqual([n("yes", 2), n("no", 1)]);
    expect(early.groups.age_band).toEqual(bands([1, 0, 0, 1, 0, 1]));
    // u2 alone: s applied before (u1), t did not.
    const rejected = await stats("status[]=rejected");
    expect(rejected.members).toBe(2);
    expect(rejected.groups.new_users).toEqual([n("new", 1), n("returning", 1)]);
    expect((await stats(`call_id[]=${remoteCall}`)).groups.new_users).toEqual([n("new", 1), n("returning", 1)]);
    // Submitted on 1 January in Brussels: u3 is in.
    expect((await stats("date_from=2027-01-01&date_to=2027-01-01")).groups.age_band).toEqual(bands([0, 0, 0, 0, 0, 1]));
    // allsub: r's 2025 application is counted, so r is new; t's later one changes nothing.
    const all = await stats("allsub=1");
    expect(all.members).toBe(4);
    expect(all.groups.new_users).toEqual([n("new", 4), n("returning", 0)]);
    // No match: the fixed values at zero, nothing else.
    const none = await stats("date_from=2099-01-01");
    expect(none.members).toBe(0);
    expect(none.groups.gender).toEqual([]);
    expect(none.groups.age_band).toEqual(bands([0, 0, 0, 0, 0, 0]));
  });

  it("is the admin area's alone", async () => {
    expect((await api.call("GET", "/stats/users")).status).toBe(401);
    for (const as of ALL_DEMO_USERS.filter((u) => u !== "editor" && u !== "admin")) {
      expect((await api.call("GET", "/stats/users?export=xlsx", { as })).status, as).toBe(403);
    }
    const { status, data } = await api.op(users, { as: "admin" });
    expect(status).toBe(200);
    expect(data).toMatchObject({ members: 4 });
    expect((await api.call("GET", "/stats/users?allsub=2", { as: "editor" })).status).toBe(422);
  });
});

describe("GET /api/stats/users?export=csv|xlsx", () => {
  // Grouping, value in the exporter's language, its code, members, share.
  const TABLE: (string | number)[][] = [
    ["Grouping", "Value", "Code", "Members", "Share (%)"],
    ["All", "Members", "", 4, 100],
    ["Gender", "Female", "female", 2, 50], ["Gender", "Non-binary", "non-binary", 1, 25], ["Gender", "Not given", "", 1, 25],
    ["Nationality", "Norway (NO)", "NO", 2, 50], ["Nationality", "Germany (DE)", "DE", 1, 25], ["Nationality", "Not given", "", 1, 25],
    ["Country of residence", "Norway (NO)", "NO", 2, 50], ["Country of residence", "Germany (DE)", "DE", 1, 25], ["Country of residence", "Not given", "", 1, 25],
    ["Country of work", "Germany (DE)", "DE", 1, 25], ["Country of work", "France (FR)", "FR", 1, 25], ["Country of work", "Norway (NO)", "NO", 1, 25],
    ["Country of work", "Not given", "", 1, 25],
    ["Researcher status", "R1 – First stage researcher (up to the point of PhD)", "r1", 1, 25],
    ["Researcher status", "R2 – Recognised researcher (PhD holder or equivalent, not yet fully independent)", "r2", 1, 25],
    ["Researcher status", "R4 – Leading researcher (leads a research area or field)", "r4", 1, 25],
    ["Researcher status", "Not given", "", 1, 25],
    ["Organization type", "Higher or secondary education establishment (HES)", "HES", 1, 25],
    ["Organization type", "Private for-profit company, not an SME (PRC)", "PRC", 1, 25],
    ["Organization type", "custom-type", "custom-type", 1, 25], ["Organization type", "Not given", "", 1, 25],
    ["Early career", "Early-career researcher", "yes", 2, 50], ["Early career", "Not early-career", "no", 2, 50],
    ["Age band", "Under 25", "under-25", 1, 25], ["Age band", "25 to 34", "25-34", 0, 0], ["Age band", "35 to 44", "35-44", 1, 25],
    ["Age band", "45 to 54", "45-54", 0, 0], ["Age band", "55 to 64", "55-64", 0, 0], ["Age band", "65 and over", "65-plus", 1, 25], ["Age band", "Not given", "", 1, 25],
    ["New or returning", "New (first application)", "new", 3, 75], ["New or returning", "Returning (applied before)", "returning", 1, 25],
  ];

  it("CSV: one table, the grouping first, countries by name and code", async () => {
    const res = await api.call("GET", "/stats/users?export=csv", { as: "editor" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parseCsv(bytes.toString("utf8").slice(1))).toEqual(TABLE.map((r) => r.map(String)));
  });

  it("XLSX: the same table, numbers as numbers", async () => {
    const res = await api.call("GET", "/stats/users?export=xlsx", { as: "editor" });
    expect(res.status).toBe(200);
    const book = readXlsx(Buffer.from(await res.arrayBuffer()));
    expect(book.formulas).toBe(0);
    expect(book.rows).toEqual(TABLE);
  });

  it("in French with lang=fr: the values translated (countries too), the codes unchanged", async () => {
    const res = await api.call("GET", "/stats/users?export=csv&lang=fr", { as: "editor" });
    const rows = parseCsv(Buffer.from(await res.arrayBuffer()).toString("utf8").slice(1));
    expect(rows[0]).toEqual(TABLE[0]);
    expect(rows).toContainEqual(["Gender", "Femme", "female", "2", "50"]);
    expect(rows).toContainEqual(["Nationality", "Norvège (NO)", "NO", "2", "50"]);
    expect(rows).toContainEqual(["Gender", "Non renseigné", "", "1", "25"]);
    expect(rows.map((r) => r[2])).toEqual(TABLE.map((r) => String(r[2])));
  });
});
