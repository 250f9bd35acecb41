// The funder report (GET /api/stats/funder-report): on a small set of
// applications made here, each infrastructure's figures and each breakdown
// against values worked out by hand (comments); the period as delivery days;
// the default statuses; who may ask; the workbook read back with exceljs,
// every sheet against the JSON answer; the transnational rule in SQL against
// the rule's own cases, and the staff screen's answer carrying it.
import ExcelJS from "exceljs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contract from "~/api/stats/funder-report-contract";
import { transnationalSql } from "~/domain/intake/transnational-sql.server";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { callId, OPEN_CALL } from "./application-helpers";
import { parseCsv } from "./spreadsheet-readers";
import { TRANSNATIONAL_CASES } from "./transnational-cases";

let api: TestApi;
let infra: { id: number; name: string; short_name: string | null; installation_name: string | null }[] = [];
let a1 = 0;
let country: Record<string, string> = {};
const PERIOD = "date_from=2027-01-01&date_to=2027-12-31";

const member = (email: string, work_country: string, gender: string, nationality: string, extra: Record<string, unknown> = {}) => ({ email, work_country, gender, nationality, ...extra });

beforeAll(async () => {
  api = await createTestApi();
  // Only this file's applications: the statistics count every application.
  await api.db.deleteFrom("applications").execute();
  const call = await callId(api, OPEN_CALL);
  await api.db.updateTable("calls").set({ unauthorized_countries: ["RU"] }).where("id", "=", call).execute();
  infra = await api.db.selectFrom("infrastructures").select(["id", "name", "short_name", "installation_name"]).where("deleted_at", "is", null).orderBy("id").limit(2).execute();
  await api.db.updateTable("infrastructures").set({ country: "NO" }).where("id", "=", infra[0].id).execute();
  await api.db.updateTable("infrastructures").set({ country: "PT" }).where("id", "=", infra[1].id).execute();
  country = Object.fromEntries((await api.db.selectFrom("countries").select(["code", "name"]).execute()).map((c) => [c.code, c.name]));
  const alice = (await api.db.selectFrom("users").select("id").where("sub", "=", "demo-applicant").executeTakeFirstOrThrow()).id;
  const app = async (status: string, discipline: string, members: Record<string, unknown>[]) =>
    (
      await api.db
        .insertInto("applications")
        .values({ user_id: alice, call_id: call, status, discipline, submitted_at: status === "draft" ? null : new Date("2026-10-01T10:00:00Z"), draft: JSON.stringify({ group: { members } }) })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const request = async (applicationId: number, at: number, accesses: Record<string, unknown>[]) => {
    const ai = await api.db
      .insertInto("application_infrastructures")
      .values({ application_id: applicationId, infrastructure_id: infra[at].id, position: at, draft_key: `i${at}`, sm_accepted: true })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [n, a] of accesses.entries()) {
      await api.db
        .insertInto("accesses")
        .values({ application_id: applicationId, application_infrastructure_id: ai.id, position: n, draft_key: `a${n}`, type: "physical", date_from: "2027-06-01", date_to: "2027-06-10", requested_units: 1, ...a })
        .execute();
    }
  };
  // A1, NO station: leader FR and 2 of 3 abroad, transnational; its PT access was delivered before the period, so its members are not new.
  a1 = await app("granted", "1.1", [
    member("alice@example.org", "FR", "female", "BE", { leader: true, researcher_status: "r3" }),
    member("bob@example.org", "DE", "male", "DE"),
    member("carl@example.org", "NO", "male", "NO"),
  ]);
  await request(a1, 0, [{ sm_report_confirmed: true, sm_report_units: 5, sm_report_date_from: "2027-03-01" }]);
  await request(a1, 1, [{ type: "remote", sm_report_confirmed: true, sm_report_units: 2, sm_report_date_from: "2026-11-01" }]);
  // A2: leader NO, at home at the NO station; abroad at the PT one (2 of 3). Alice again, her latest details (nationality FR) count.
  const a2 = await app("reporting", "1.3", [
    member("dan@example.org", "NO", "male", "NO", { leader: true }),
    member("Alice@example.org ", "FR", "female", "FR", { researcher_status: "r3" }),
    member("eve@example.org", "PT", "female", "PT"),
  ]);
  await request(a2, 0, [
    { sm_report_confirmed: true, sm_report_units: 3, user_date_from: "2027-05-02" },
    { sm_report_confirmed: true, sm_report_units: 2, sm_report_type: "remote", sm_report_date_from: "2027-06-01" },
    { sm_report_confirmed: false, sm_report_units: 10, sm_report_date_from: "2027-06-01" },
  ]);
  await request(a2, 1, [{ sm_report_confirmed: true, sm_report_units: 4, sm_report_date_from: "2027-02-01" }]);
  // A3: its leader works in a country the call excludes.
  const a3 = await app("granted", "1.1", [member("fay@example.org", "RU", "female", "RU", { leader: true })]);
  await request(a3, 1, [{ sm_report_confirmed: true, sm_report_units: 1, sm_report_date_from: "2027-12-31" }]);
  // Never counted: a draft, a submitted one (not among the default statuses), and access after the period.
  const outsider = [member("zed@example.org", "FR", "male", "FR", { leader: true })];
  await request(await app("draft", "1.1", outsider), 0, [{ sm_report_confirmed: true, sm_report_units: 100, sm_report_date_from: "2027-03-01" }]);
  await request(await app("submit", "1.1", outsider), 0, [{ sm_report_confirmed: true, sm_report_units: 100, sm_report_date_from: "2027-03-01" }]);
  await request(await app("granted", "1.1", outsider), 0, [{ sm_report_confirmed: true, sm_report_units: 100, sm_report_date_from: "2028-01-01" }]);
});
afterAll(() => api.close());

async function report(query = PERIOD) {
  const res = await api.call("GET", `/stats/funder-report${query ? `?${query}` : ""}`, { as: "editor" });
  if (res.status !== 200) throw new Error(`GET /stats/funder-report answered ${res.status}: ${await res.text()}`);
  return res.json();
}

const row = (at: number, value: string | null, label: string | null, count: number, transnational: number) => ({ infrastructure_id: infra[at].id, value, label, count, transnational });

describe("GET /api/stats/funder-report", () => {
  it("gives each infrastructure its projects, users (transnational apart), new users and units delivered in the period", async () => {
    const r = await report();
    expect(r.date_from).toBe("2027-01-01");
    const [no, pt] = [0, 1].map((at) => r.infrastructures.find((i: { id: number }) => i.id === infra[at].id));
    expect(r.infrastructures).toHaveLength(2);
    expect(no).toEqual({
      id: infra[0].id, name: infra[0].name, short_name: infra[0].short_name, installation_name: infra[0].installation_name, country: "NO",
      projects: 2, transnational_projects: 1, // A1, A2; A1 transnational
      users: 5, transnational_users: 3, other_users: 2, // alice (twice), bob, carl, dan, eve; A1's three transnational
      new_users: 2, // dan, eve: A1's members had access before the period
      units_physical: 8, units_remote: 2, // 5 + 3; 2; the unconfirmed 10 aside
    });
    expect(pt).toEqual({
      id: infra[1].id, name: infra[1].name, short_name: infra[1].short_name, installation_name: infra[1].installation_name, country: "PT",
      projects: 2, transnational_projects: 1, // A2 (transnational), A3 (leader in an excluded country); A1's access was before the period
      users: 4, transnational_users: 3, other_users: 1, // dan, alice, eve; fay
      new_users: 3, // dan, eve, fay
      units_physical: 5, units_remote: 0, // 4 + 1
    });
  });

  it("breaks the users down by each field (their latest details) and the projects by discipline", async () => {
    const r = await report();
    expect(r.users_by.gender.filter((b: { infrastructure_id: number }) => b.infrastructure_id === infra[0].id)).toEqual([
      row(0, "male", "Male", 3, 2), row(0, "female", "Female", 2, 1),
    ]);
    expect(r.users_by.gender.filter((b: { infrastructure_id: number }) => b.infrastructure_id === infra[1].id)).toEqual([
      row(1, "female", "Female", 3, 2), row(1, "male", "Male", 1, 1),
    ]);
    expect(r.users_by.nationality.filter((b: { infrastructure_id: number }) => b.infrastructure_id === infra[0].id)).toEqual([
      row(0, "NO", country.NO, 2, 1), row(0, "DE", country.DE, 1, 1), row(0, "FR", country.FR, 1, 1), row(0, "PT", country.PT, 1, 0),
    ]);
    expect(r.users_by.work_country.filter((b: { infrastructure_id: number }) => b.infrastructure_id === infra[1].id)).toEqual([
      row(1, "FR", country.FR, 1, 1), row(1, "NO", country.NO, 1, 1), row(1, "PT", country.PT, 1, 1), row(1, "RU", country.RU, 1, 0),
    ]);
    expect(r.users_by.researcher_status.filter((b: { infrastructure_id: number }) => b.infrastructure_id === infra[0].id)).toEqual([
      row(0, null, null, 4, 2), row(0, "r3", "R3 – Established researcher (has developed a level of independence)", 1, 1),
    ]);
    // Nobody gave one; the infrastructures in name order.
    const [first, second] = infra[0].name < infra[1].name ? [0, 1] : [1, 0];
    expect(r.users_by.organization_type).toEqual([row(first, null, null, [5, 4][first], 3), row(second, null, null, [5, 4][second], 3)]);
    expect(r.disciplines).toHaveLength(4);
    expect(r.disciplines.filter((b: { infrastructure_id: number }) => b.infrastructure_id === infra[0].id)).toEqual([row(0, "1.1", "Mathematics", 1, 1), row(0, "1.3", "Physical sciences", 1, 0)]);
    expect(r.disciplines.filter((b: { infrastructure_id: number }) => b.infrastructure_id === infra[1].id)).toEqual([row(1, "1.1", "Mathematics", 1, 0), row(1, "1.3", "Physical sciences", 1, 1)]);
  });

  it("reads the period as delivery days, and takes the other filters", async () => {
    // The whole programme: A1's PT access counts, and nobody had access before.
    const all = await report("");
    const pt = all.infrastructures.find((i: { id: number }) => i.id === infra[1].id);
    expect(pt).toMatchObject({ projects: 3, users: 6, new_users: 6, units_physical: 5, units_remote: 2 });
    // The statuses: A2 alone is reporting; allsub counts the submitted one too.
    expect((await report(`${PERIOD}&status[]=reporting`)).infrastructures.map((i: { projects: number }) => i.projects)).toEqual([1, 1]);
    const no = (await report(`${PERIOD}&allsub=1`)).infrastructures.find((i: { id: number }) => i.id === infra[0].id);
    expect(no).toMatchObject({ projects: 3, units_physical: 108 });
    // One infrastructure asked for: only its row.
    expect((await report(`${PERIOD}&infrastructure[]=${infra[1].id}`)).infrastructures.map((i: { id: number }) => i.id)).toEqual([infra[1].id]);
    expect((await report("date_from=2030-01-01")).infrastructures).toEqual([]);
  });

  it("is the admin area's alone", async () => {
    expect((await api.call("GET", "/stats/funder-report")).status).toBe(401);
    for (const as of ALL_DEMO_USERS.filter((u) => u !== "editor" && u !== "admin")) expect((await api.call("GET", "/stats/funder-report", { as })).status, as).toBe(403);
    expect((await api.op(contract.funderReport, { as: "admin" })).status).toBe(200);
    expect((await api.call("GET", "/stats/funder-report?date_from=2027-02-30", { as: "admin" })).status).toBe(422);
  });

  it("downloads one workbook, a sheet per table equal to the answer, and the main table as CSV", async () => {
    const r = await report();
    const res = await api.call("GET", `/stats/funder-report?${PERIOD}&export=xlsx`, { as: "editor" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/filename="funder-report-[\d-]+\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const values = (name: string) => {
      const ws = book.getWorksheet(name)!;
      expect(ws.getRow(1).getCell(1).font?.bold, name).toBe(true);
      expect(ws.views[0], name).toMatchObject({ state: "frozen", ySplit: 1 });
      // Array.from: an empty cell is a hole, which map would keep as one.
      return ws.getSheetValues().slice(1).map((cells) => Array.from(cells as unknown[]).slice(1).map((v) => v ?? null));
    };
    expect(book.worksheets.map((w) => w.name)).toEqual([
      "Infrastructures", "Users by gender", "Users by nationality", "Users by home institution", "Users by researcher status", "Users by organization type", "Disciplines",
    ]);
    const pad = (cells: unknown[], n: number) => [...cells, ...Array(n - cells.length).fill(null)].slice(0, n);
    expect(values("Infrastructures").map((c) => pad(c, 12))).toEqual([
      ["Infrastructure", "Short name", "Installation", "Country", "User projects", "Transnational user projects", "Users", "Transnational users", "Other users", "New users", "Units delivered (physical)", "Units delivered (remote)"],
      ...r.infrastructures.map((i: Record<string, unknown>) => [
        i.name, i.short_name, i.installation_name, i.country, i.projects, i.transnational_projects, i.users, i.transnational_users, i.other_users, i.new_users, i.units_physical, i.units_remote,
      ]),
    ]);
    const name = (id: number) => infra.find((i) => i.id === id)!.name;
    type Breakdown = { infrastructure_id: number; value: string | null; label: string | null; count: number; transnational: number };
    const sheet = (title: string, column: string, rows: Breakdown[], counted = ["Users", "Transnational users"]) =>
      expect(values(title).map((c) => pad(c, 5)), title).toEqual([
        ["Infrastructure", column, "Code", ...counted],
        ...rows.map((b) => [name(b.infrastructure_id), b.label ?? "Not given", b.value, b.count, b.transnational]),
      ]);
    sheet("Users by gender", "Gender", r.users_by.gender);
    sheet("Users by nationality", "Nationality", r.users_by.nationality);
    sheet("Users by home institution", "Home institution country", r.users_by.work_country);
    sheet("Users by researcher status", "Researcher status", r.users_by.researcher_status);
    sheet("Users by organization type", "Organization type", r.users_by.organization_type);
    sheet("Disciplines", "Discipline", r.disciplines, ["User projects", "Transnational user projects"]);
    // Numbers are numbers.
    expect(typeof book.getWorksheet("Infrastructures")!.getRow(2).getCell(5).value).toBe("number");

    const csv = await (await api.call("GET", `/stats/funder-report?${PERIOD}&export=csv`, { as: "editor" })).text();
    const [header, ...lines] = parseCsv(csv.replace(/^\uFEFF/, ""));
    expect(header[0]).toBe("Infrastructure");
    expect(lines.find((l) => l[0] === infra[0].name)?.slice(4)).toEqual(["2", "1", "5", "3", "2", "2", "8", "2"]);
  });
});

describe("the transnational rule in SQL", () => {
  it("agrees with the rule on each of its cases", async () => {
    for (const c of TRANSNATIONAL_CASES) {
      const { rows } = await sql<{ eligible: boolean | null }>`select ${transnationalSql(sql`${c.country}::text`, sql`${c.excluded}::varchar(2)[]`, sql`${JSON.stringify(c.members)}::jsonb`)} as eligible`.execute(api.db);
      expect(rows[0].eligible, c.name).toBe(c.eligible);
    }
  });

  it("is on the staff screen's answer, per infrastructure, with its reason", async () => {
    const res = await api.call("GET", `/applications/${a1}/intake`, { as: "editor" });
    expect(res.status).toBe(200);
    const view = await res.json();
    expect(view.infrastructures.map((i: { transnational: unknown }) => i.transnational)).toEqual([
      { eligible: true, reason: "transnational", country: "NO", excluded: ["RU"], leader_country: "FR", members: 3, outside: 2, missing: 0 },
      { eligible: true, reason: "transnational", country: "PT", excluded: ["RU"], leader_country: "FR", members: 3, outside: 3, missing: 0 },
    ]);
  });
});
