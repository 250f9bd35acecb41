// The data management plans of the statistics (GET /api/stats/dmp): on a small
// set of applications made here, each one's draft and final plan and the
// summary against values worked out by hand; only calls that ask for a plan;
// the default statuses and allsub; paging; the setting off; who may ask; the
// CSV and XLSX downloads read back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contract from "~/api/stats/dmp-contract";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { callId, CLOSED_CALL, medium, OPEN_CALL } from "./application-helpers";
import { setSetting } from "./ri-decisions-helpers";
import { parseCsv, readXlsx } from "./spreadsheet-readers";

let api: TestApi;
const ids: Record<string, number> = {};
const files: Record<string, number> = {};

beforeAll(async () => {
  api = await createTestApi();
  // Only this file's applications: the statistics count every application.
  await api.db.deleteFrom("applications").execute();
  const asking = await callId(api, OPEN_CALL);
  const silent = await callId(api, CLOSED_CALL);
  await api.db.updateTable("calls").set({ data_management_plan: true }).where("id", "=", asking).execute();
  await api.db.updateTable("calls").set({ data_management_plan: false }).where("id", "=", silent).execute();
  await setSetting(api, "data-management-plan", "yes");
  const alice = (await api.db.selectFrom("users").select("id").where("sub", "=", "demo-applicant").executeTakeFirstOrThrow()).id;
  const app = async (key: string, status: string, plans: ("data_man_draft" | "data_man_final")[], call = asking) => {
    const { id } = await api.db
      .insertInto("applications")
      .values({ user_id: alice, call_id: call, status, acronym: key, title: `Project ${key}`, submitted_at: status === "draft" ? null : new Date(), draft: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids[key] = id;
    for (const collection of plans) {
      const media_id = await medium(api, alice, `${key}-${collection}.pdf`);
      files[`${key}/${collection}`] = media_id;
      await api.db.insertInto("media_links").values({ media_id, attached_to_type: "application", attached_to_id: String(id), collection, position: 0 }).execute();
    }
  };
  await app("BOTH", "granted", ["data_man_draft", "data_man_final"]);
  await app("DRAFTONLY", "reporting", ["data_man_draft"]);
  await app("FINALONLY", "reported", ["data_man_final"]);
  await app("NONE", "rejected", []);
  // Never counted by default: a call that asks for no plan, a draft, and a submitted one (not among the statistics' statuses).
  await app("SILENT", "reported", ["data_man_draft", "data_man_final"], silent);
  await app("UNSENT", "draft", ["data_man_draft"]);
  await app("SUBMITTED", "submit", ["data_man_draft"]);
});
afterAll(() => api.close());

async function plans(query = "") {
  const res = await api.call("GET", `/stats/dmp${query ? `?${query}` : ""}`, { as: "editor" });
  if (res.status !== 200) throw new Error(`GET /stats/dmp answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<{ asked: boolean; summary: Record<string, number>; data: Record<string, unknown>[]; meta: Record<string, number> }>;
}

const plan = (key: string, collection: string) => ({ id: files[`${key}/${collection}`], name: `${key}-${collection}.pdf` });

describe("GET /api/stats/dmp", () => {
  it("lists each application's draft and final plan, present or missing, with the summary, over the statistics' default statuses", async () => {
    const got = await plans();
    expect(got.asked).toBe(true);
    expect(got.summary).toEqual({ applications: 4, draft: 2, final: 2, both: 1, neither: 1 });
    expect(got.meta).toEqual({ page: 1, per_page: 50, total: 4 });
    expect(got.data.map((r) => r.acronym)).toEqual(["BOTH", "DRAFTONLY", "FINALONLY", "NONE"]);
    expect(got.data[0]).toEqual({
      id: ids.BOTH, acronym: "BOTH", title: "Project BOTH", call_id: await callId(api, OPEN_CALL), call_title: OPEN_CALL, status: "granted",
      draft: plan("BOTH", "data_man_draft"), final: plan("BOTH", "data_man_final"),
    });
    expect(got.data.slice(1).map((r) => [r.draft, r.final])).toEqual([
      [plan("DRAFTONLY", "data_man_draft"), null],
      [null, plan("FINALONLY", "data_man_final")],
      [null, null],
    ]);
  });

  it("takes the statistics filter and pages", async () => {
    expect((await plans("allsub=1")).summary).toEqual({ applications: 5, draft: 3, final: 2, both: 1, neither: 1 });
    expect((await plans("status[]=reporting&status[]=rejected")).summary).toEqual({ applications: 2, draft: 1, final: 0, both: 0, neither: 1 });
    expect((await plans("q=FINALONLY")).data.map((r) => r.id)).toEqual([ids.FINALONLY]);
    const second = await plans("per_page=3&page=2");
    expect(second.data.map((r) => r.acronym)).toEqual(["NONE"]);
    expect(second.meta).toEqual({ page: 2, per_page: 3, total: 4 });
    expect(await plans("date_from=2099-01-01")).toMatchObject({ summary: { applications: 0, draft: 0, final: 0, both: 0, neither: 0 }, data: [] });
    expect((await api.call("GET", "/stats/dmp?per_page=1001", { as: "editor" })).status).toBe(422);
  });

  it("says the plans are not asked, with no row, when the data-management-plan setting is off", async () => {
    await setSetting(api, "data-management-plan", "no");
    try {
      expect(await plans()).toEqual({ asked: false, summary: { applications: 0, draft: 0, final: 0, both: 0, neither: 0 }, data: [], meta: { page: 1, per_page: 50, total: 0 } });
      const [header, ...lines] = parseCsv(await (await api.call("GET", "/stats/dmp?export=csv", { as: "editor" })).text());
      expect(header[0]).toBe("Number");
      expect(lines).toEqual([]);
    } finally {
      await setSetting(api, "data-management-plan", "yes");
    }
  });

  it("is the admin area's alone, and downloads every row with presence and file names", async () => {
    expect((await api.call("GET", "/stats/dmp")).status).toBe(401);
    for (const as of ALL_DEMO_USERS.filter((u) => u !== "editor" && u !== "admin")) expect((await api.call("GET", "/stats/dmp", { as })).status, as).toBe(403);
    expect((await api.op(contract.dmp, { as: "admin" })).status).toBe(200);

    // Every row, not a page: per_page=1 does not limit the download.
    const res = await api.call("GET", "/stats/dmp?export=csv&per_page=1", { as: "editor" });
    expect(res.headers.get("content-disposition")).toMatch(/data-management-plans-\d{4}-\d{2}-\d{2}\.csv/);
    const [header, ...lines] = parseCsv(await res.text());
    expect(header).toEqual(["Number", "Acronym", "Title", "Call", "Status", "Status code", "Draft plan", "Draft plan file", "Final plan", "Final plan file"]);
    expect(lines).toEqual([
      [String(ids.BOTH), "BOTH", "Project BOTH", OPEN_CALL, "Granted", "granted", "present", "BOTH-data_man_draft.pdf", "present", "BOTH-data_man_final.pdf"],
      [String(ids.DRAFTONLY), "DRAFTONLY", "Project DRAFTONLY", OPEN_CALL, "Reporting", "reporting", "present", "DRAFTONLY-data_man_draft.pdf", "missing", ""],
      [String(ids.FINALONLY), "FINALONLY", "Project FINALONLY", OPEN_CALL, "Reported", "reported", "missing", "", "present", "FINALONLY-data_man_final.pdf"],
      [String(ids.NONE), "NONE", "Project NONE", OPEN_CALL, "Rejected", "rejected", "missing", "", "missing", ""],
    ]);

    const book = readXlsx(Buffer.from(await (await api.call("GET", "/stats/dmp?export=xlsx&status[]=rejected", { as: "editor" })).arrayBuffer()));
    expect(book.rows).toEqual([header, [ids.NONE, "NONE", "Project NONE", OPEN_CALL, "Rejected", "rejected", "missing", "", "missing"]]);
  });
});
