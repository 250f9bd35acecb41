import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { itAnswers401And403, NOT_ADMIN_AREA } from "../support/guards";
import { todayIso } from "../../app/domain/dates";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());


describe("GET /api/calls/opened", () => {
  it("is public and lists announced and open calls that have not closed, soonest closing first", async () => {
    const res = await api.call("GET", "/calls/opened");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    const today = todayIso();
    expect(data.length).toBeGreaterThan(0);
    for (const c of data) {
      expect(["open", "publish"]).toContain(c.status);
      expect(c.close_at >= today).toBe(true);
      expect(c.is_open).toBe(c.status === "open" && c.open_at <= today);
      expect(Array.isArray(c.available_infrastructures)).toBe(true);
    }
    expect(data.map((c: { close_at: string }) => c.close_at)).toEqual([...data.map((c: { close_at: string }) => c.close_at)].sort());
    expect(data.some((c: { status: string }) => c.status === "draft" || c.status === "closed")).toBe(false);
  });

  it("leaves out trashed calls and open calls past their closing day", async () => {
    const { id } = await api.db
      .insertInto("calls")
      .values({ title: "Expired but still marked open", status: "open", open_at: "2020-01-01", close_at: "2020-02-01", evaluation_date: "2020-03-01", evaluation_manager_date: "2020-03-02", acceptance_date: "2020-04-01", user_report_days: 10 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const trashed = await api.db
      .insertInto("calls")
      .values({ title: "Trashed call", status: "open", open_at: "2020-01-01", close_at: "2099-02-01", evaluation_date: "2099-03-01", evaluation_manager_date: "2099-03-02", acceptance_date: "2099-04-01", user_report_days: 10, deleted_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow();
    // A write through the portal's pool: the kept open calls hear of it, as of a save (ADR 018).
    const { data } = await (await api.call("GET", "/calls/opened")).json();
    const ids = data.map((c: { id: number }) => c.id);
    expect(ids).not.toContain(id);
    expect(ids).not.toContain(trashed.id);
  });
});

describe("GET /api/calls", () => {
  itAnswers401And403(() => api, "/calls");

  it.each(["editor", "admin"])("lists every status for %s, 20 per page, newest first", async (role) => {
    const res = await api.call("GET", "/calls", { as: role });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.meta).toMatchObject({ page: 1, per_page: 20 });
    expect(new Set(body.data.map((c: { status: string }) => c.status))).toEqual(new Set(["draft", "publish", "open", "closed"]));
    const ids = body.data.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const seeded = body.data.find((c: { title: string }) => c.title.startsWith("Transnational Access Call 2027"));
    expect(seeded.owner).toMatchObject({ display_name: "Edith Editor" });
  });

  it("filters by status[], q, includeIds[], excludeIds[] and sorts", async () => {
    const open = await (await api.call("GET", "/calls?status[]=open", { as: "editor" })).json();
    expect(open.data.every((c: { status: string }) => c.status === "open")).toBe(true);
    const two = await (await api.call("GET", "/calls?status[]=draft&status[]=closed", { as: "editor" })).json();
    expect(new Set(two.data.map((c: { status: string }) => c.status))).toEqual(new Set(["draft", "closed"]));
    const q = await (await api.call("GET", "/calls?q=isotopes", { as: "editor" })).json();
    expect(q.data).toHaveLength(1);
    const [first, second] = (await (await api.call("GET", "/calls?sort_by=id&order=asc", { as: "editor" })).json()).data;
    const inc = await (await api.call("GET", `/calls?includeIds[]=${first.id}&includeIds[]=${second.id}`, { as: "editor" })).json();
    expect(inc.data.map((c: { id: number }) => c.id).sort()).toEqual([first.id, second.id].sort());
    const exc = await (await api.call("GET", `/calls?excludeIds[]=${first.id}`, { as: "editor" })).json();
    expect(exc.data.map((c: { id: number }) => c.id)).not.toContain(first.id);
    const byTitle = await (await api.call("GET", "/calls?sort_by=title&order=asc", { as: "editor" })).json();
    const titles = byTitle.data.map((c: { title: string }) => c.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" })));
  });

  it("leaves out the infrastructures unless included, and pages", async () => {
    const bare = await (await api.call("GET", "/calls?includes=owner", { as: "editor" })).json();
    expect(bare.data[0].available_infrastructures).toBeUndefined();
    const paged = await (await api.call("GET", "/calls?per_page=2&page=2", { as: "editor" })).json();
    expect(paged.data).toHaveLength(2);
    expect(paged.meta).toMatchObject({ page: 2, per_page: 2 });
    expect(paged.meta.total).toBeGreaterThanOrEqual(5);
  });

  it("shows trashed calls only when asked", async () => {
    await api.db.insertInto("calls").values({ title: "In the bin", status: "draft", open_at: "2030-01-01", close_at: "2030-02-01", evaluation_date: "2030-03-01", evaluation_manager_date: "2030-03-02", acceptance_date: "2030-04-01", user_report_days: 10, deleted_at: new Date() }).execute();
    const normal = await (await api.call("GET", "/calls?q=bin", { as: "editor" })).json();
    expect(normal.data).toHaveLength(0);
    const only = await (await api.call("GET", "/calls?trashed=only", { as: "editor" })).json();
    expect(only.data.map((c: { title: string }) => c.title)).toContain("In the bin");
    expect(only.data.every((c: { deleted_at: string | null }) => c.deleted_at !== null)).toBe(true);
    const withTrashed = await (await api.call("GET", "/calls?trashed=with&q=bin", { as: "editor" })).json();
    expect(withTrashed.data).toHaveLength(1);
  });

  it("answers 422 for an unknown sort column or status", async () => {
    expect((await api.call("GET", "/calls?sort_by=password", { as: "editor" })).status).toBe(422);
    expect((await api.call("GET", "/calls?status[]=bogus", { as: "editor" })).status).toBe(422);
  });
});

describe("GET /api/calls/{id}", () => {
  it("shows an open call to anyone, with its infrastructures and owner", async () => {
    const { data } = await (await api.call("GET", "/calls/opened")).json();
    const res = await api.call("GET", `/calls/${data[0].id}`);
    expect(res.status).toBe(200);
    const call = await res.json();
    expect(call.available_infrastructures.length).toBeGreaterThan(0);
    expect(call.owner.display_name).toBeTruthy();
  });

  it("hides drafts from everyone but editors and admins (404)", async () => {
    const draft = await api.db.selectFrom("calls").select("id").where("status", "=", "draft").executeTakeFirstOrThrow();
    expect((await api.call("GET", `/calls/${draft.id}`)).status).toBe(404);
    for (const role of NOT_ADMIN_AREA) expect((await api.call("GET", `/calls/${draft.id}`, { as: role })).status).toBe(404);
    expect((await api.call("GET", `/calls/${draft.id}`, { as: "editor" })).status).toBe(200);
    expect((await api.call("GET", `/calls/${draft.id}`, { as: "admin" })).status).toBe(200);
  });

  it("answers 404 for a missing call and 422 for a malformed id", async () => {
    expect((await api.call("GET", "/calls/999999")).status).toBe(404);
    expect((await api.call("GET", "/calls/abc")).status).toBe(422);
  });
});

describe("GET /api/dashboard", () => {
  it("counts open calls for everyone and staffed infrastructures for infrastructure staff", async () => {
    const applicant = await (await api.call("GET", "/dashboard", { as: "applicant" })).json();
    expect(applicant.open_calls).toBeGreaterThan(0);
    expect(applicant.infrastructures).toBeUndefined();
    const manager = await (await api.call("GET", "/dashboard", { as: "infrastructure-manager" })).json();
    expect(manager.infrastructures).toBe(2);
    const administrator = await (await api.call("GET", "/dashboard", { as: "infrastructure-administrator" })).json();
    expect(administrator.infrastructures).toBe(3);
  });
});
