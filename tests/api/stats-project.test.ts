// The project statistics (GET /api/stats/project, docs/api.md#statistics): on
// a small set of applications made here, the applications by status, call,
// discipline, keyword and working region and per Brussels month of
// submission, against values worked out by hand; the default statuses,
// allsub and the other filters; who may ask; the one-table CSV and XLSX
// downloads read back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { project } from "~/api/stats/project-contract";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { callId, OPEN_CALL, REMOTE_CALL } from "./application-helpers";
import { parseCsv, readXlsx } from "./spreadsheet-readers";

let api: TestApi;
let calls: { open: number; remote: number };

const EARTH = "Earth and related environmental sciences";
const BIOLOGY = "Biological sciences";

beforeAll(async () => {
  api = await createTestApi();
  // Only this file's applications: the statistics count every application.
  await api.db.deleteFrom("applications").execute();
  calls = { open: await callId(api, OPEN_CALL), remote: await callId(api, REMOTE_CALL) };
  await api.db.updateTable("calls").set({ open_at: "2027-01-01" }).where("id", "=", calls.open).execute();
  await api.db.updateTable("calls").set({ open_at: "2026-06-01" }).where("id", "=", calls.remote).execute();
  const alice = (await api.db.selectFrom("users").select("id").where("sub", "=", "demo-applicant").executeTakeFirstOrThrow()).id;
  const add = (values: Record<string, unknown>, draft: unknown = {}) =>
    api.db.insertInto("applications").values({ user_id: alice, call_id: calls.open, discipline: "1.5", draft: JSON.stringify(draft), ...values } as never).execute();
  // 1 February in Brussels (23:30 UTC the day before): February.
  await add({ status: "granted", submitted_at: "2027-01-31T23:30:00Z" }, {
    project: { activity_keywords: ["glaciology", " Plankton ", "plankton", ""] }, publications: { working_region: ["arctic", "marine"] },
  });
  await add({ status: "rejected", call_id: calls.remote, discipline: "1.6", submitted_at: "2027-01-15T10:00:00Z" }, {
    project: { activity_keywords: ["plankton", "My own words"] }, publications: { working_region: ["arctic"] },
  });
  // Keywords that are no list, regions none, no discipline.
  await add({ status: "under-evaluation", discipline: null, submitted_at: "2027-04-02T10:00:00Z" }, { project: { activity_keywords: "x" }, publications: { working_region: [] } });
  await add({ status: "reporting", submitted_at: "2027-02-10T10:00:00Z" });
  // Out of the default statuses (allsub brings it in), a draft, a deleted one.
  await add({ status: "submit", discipline: "9.9", submitted_at: "2027-06-01T10:00:00Z" }, { project: { activity_keywords: ["glaciology"] } });
  await add({ status: "draft", submitted_at: null }, { project: { activity_keywords: ["glaciology"] } });
  await add({ status: "granted", submitted_at: "2027-02-01T10:00:00Z", deleted_at: "2027-03-01T00:00:00Z" }, { project: { activity_keywords: ["glaciology"] } });
});
afterAll(() => api.close());

async function get(query = "") {
  const res = await api.call("GET", `/stats/project${query ? `?${query}` : ""}`, { as: "editor" });
  if (res.status !== 200) throw new Error(`GET /stats/project?${query} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

describe("GET /api/stats/project", () => {
  it("counts the default statuses by status, call, discipline, keyword, working region and month", async () => {
    expect(await get()).toEqual({
      statuses: [
        { status: "under-evaluation", applications: 1 }, { status: "granted", applications: 1 }, { status: "rejected", applications: 1 }, { status: "reporting", applications: 1 },
      ],
      calls: [{ id: calls.open, title: OPEN_CALL, applications: 3 }, { id: calls.remote, title: REMOTE_CALL, applications: 1 }],
      disciplines: [
        { value: "1.5", label: EARTH, applications: 2 }, { value: "1.6", label: BIOLOGY, applications: 1 }, { value: null, label: null, applications: 1 },
      ],
      // The first application's "plankton" twice (case and spaces aside) counts once.
      keywords: [
        { value: "plankton", label: "Plankton", applications: 2 }, { value: "glaciology", label: "Glaciology", applications: 1 },
        { value: "my own words", label: null, applications: 1 },
      ],
      working_regions: [{ value: "arctic", label: "Arctic", applications: 2 }, { value: "marine", label: "Marine", applications: 1 }],
      months: [
        { month: "2027-01", applications: 1 }, { month: "2027-02", applications: 2 }, { month: "2027-03", applications: 0 }, { month: "2027-04", applications: 1 },
      ],
    });
  });

  it("takes the statistics filter: allsub, a status, a call, the Brussels days; no match gives empty tables", async () => {
    const all = await get("allsub=1");
    expect(all.statuses[0]).toEqual({ status: "submit", applications: 1 });
    expect(all.disciplines).toContainEqual({ value: "9.9", label: null, applications: 1 });
    // A tie: by value.
    expect(all.keywords.slice(0, 2)).toEqual([{ value: "glaciology", label: "Glaciology", applications: 2 }, { value: "plankton", label: "Plankton", applications: 2 }]);
    expect(all.months.map((m: { month: string }) => m.month)).toEqual(["2027-01", "2027-02", "2027-03", "2027-04", "2027-05", "2027-06"]);
    expect((await get("status[]=rejected")).calls).toEqual([{ id: calls.remote, title: REMOTE_CALL, applications: 1 }]);
    expect((await get(`call_id[]=${calls.open}`)).working_regions).toEqual([{ value: "arctic", label: "Arctic", applications: 1 }, { value: "marine", label: "Marine", applications: 1 }]);
    // The first application was sent on 1 February in Brussels.
    expect((await get("date_from=2027-02-01&date_to=2027-02-28")).months).toEqual([{ month: "2027-02", applications: 2 }]);
    expect(await get("date_from=2099-01-01")).toEqual({ statuses: [], calls: [], disciplines: [], keywords: [], working_regions: [], months: [] });
  });

  it("is the admin area's alone", async () => {
    expect((await api.call("GET", "/stats/project")).status).toBe(401);
    for (const as of ALL_DEMO_USERS.filter((u) => u !== "editor" && u !== "admin")) expect((await api.call("GET", "/stats/project", { as })).status, as).toBe(403);
    expect((await api.op(project, { as: "admin" })).status).toBe(200);
    expect((await api.call("GET", "/stats/project?status[]=x", { as: "admin" })).status).toBe(422);
  });

  const TABLE = [
    ["Dimension", "Code", "Value", "Applications"],
    ["Status", "under-evaluation", "Under evaluation", 1], ["Status", "granted", "Granted", 1], ["Status", "rejected", "Rejected", 1], ["Status", "reporting", "Reporting", 1],
    ["Call", () => calls.open, OPEN_CALL, 3], ["Call", () => calls.remote, REMOTE_CALL, 1],
    ["Discipline", "1.5", EARTH, 2], ["Discipline", "1.6", BIOLOGY, 1], ["Discipline", "", "Not given", 1],
    ["Keyword", "plankton", "Plankton", 2], ["Keyword", "glaciology", "Glaciology", 1], ["Keyword", "my own words", "my own words", 1],
    ["Working region", "arctic", "Arctic", 2], ["Working region", "marine", "Marine", 1],
    ["Month", "2027-01", "2027-01", 1], ["Month", "2027-02", "2027-02", 2], ["Month", "2027-03", "2027-03", 0], ["Month", "2027-04", "2027-04", 1],
  ];
  const table = () => TABLE.map((r) => r.map((v) => (typeof v === "function" ? v() : v)));

  it("downloads one table of them all, a row per value naming its dimension: CSV and XLSX", async () => {
    const csv = await api.call("GET", "/stats/project?export=csv", { as: "editor" });
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="projects-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(parseCsv((await csv.text()).replace(/^\uFEFF/, ""))).toEqual(table().map((r) => r.map(String)));
    const xlsx = await api.call("GET", "/stats/project?export=xlsx", { as: "editor" });
    expect(readXlsx(Buffer.from(await xlsx.arrayBuffer())).rows).toEqual(table());
  });

  it("reads the values in the exporter's language (lang, else Accept-Language's), the codes beside them", async () => {
    const fr = await api.call("GET", "/stats/project?export=csv&lang=fr", { as: "editor", headers: { "Accept-Language": "en" } });
    const rows = parseCsv((await fr.text()).replace(/^\uFEFF/, ""));
    expect(rows[0]).toEqual(["Dimension", "Code", "Value", "Applications"]);
    expect(rows.slice(1, 3)).toEqual([["Status", "under-evaluation", "En évaluation", "1"], ["Status", "granted", "Accordée", "1"]]);
    expect(rows).toContainEqual(["Discipline", "1.5", "Sciences de la Terre et sciences connexes de l’environnement", "2"]);
    expect(rows).toContainEqual(["Discipline", "", "Non renseignée", "1"]);
    const byHeader = await api.call("GET", "/stats/project?export=csv", { as: "editor", headers: { "Accept-Language": "fr-BE" } });
    expect(parseCsv((await byHeader.text()).replace(/^\uFEFF/, ""))).toEqual(rows);
  });
});
