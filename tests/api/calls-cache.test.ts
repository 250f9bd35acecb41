// The open calls are kept in memory (ADR 018): by the API for GET
// /api/calls/opened and the dashboard (app/domain/calls/calls.server.ts), and by
// the UI for /call and the signed-out home page (app/cache/content.server.ts).
// A save of a call, of an infrastructure or of an owner's display name is seen
// by the very next request everywhere; a change made behind the API's back is
// not (the caches do serve) until a save, a sibling web process's save, or a new
// day. The clock is frozen so that the caches' lifetime cannot run out mid-test.
import crypto from "node:crypto";
import { EventEmitter } from "node:events";
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { todayIso } from "../../app/domain/dates";
import { createTestApi, type TestApi } from "../support/api";
import { writeBehindTheBack } from "../support/behind-the-back";
import { unique } from "../support/guards";
import { usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";
import { demo } from "../support/tokens";
import { fullBody } from "./infrastructure-helpers";

let api: TestApi;
let callRoute: typeof import("../../app/routes/call");
let homeRoute: typeof import("../../app/routes/_index");
let applicant: string;

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  // The routes' components import vanilla-extract styles, which need a file scope outside the bundler.
  setFileScope("tests/api/calls-cache.test.ts", "ta-portal");
  callRoute = await import("../../app/routes/call");
  homeRoute = await import("../../app/routes/_index");
  applicant = await sessionCookie("applicant");
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterAll(async () => {
  vi.useRealTimers();
  await api.close();
});

interface Listed {
  id: number;
  title: string;
  is_open: boolean;
  owner: { display_name: string } | null;
  available_infrastructures: { id: number; name: string }[];
}

const loaderArgs = (cookie?: string) => ({ request: new Request("http://portal.test/", { headers: cookie ? { cookie } : {} }), params: {}, context: {} });

/** What the public readers of the open calls see: /call, the signed-out home page, the API. */
async function publicLists() {
  // The pages send each title in the reader's language, as { text, lang? } (ADR 052).
  type Shown = Omit<Listed, "title"> & { title: { text: string } };
  const asListed = (calls: Shown[]): Listed[] => calls.map((c) => ({ ...c, title: c.title.text }));
  const callPage = (await ((await callRoute.loader(loaderArgs())) as Response).json()) as { calls: Shown[] };
  const home = (await ((await homeRoute.loader(loaderArgs())) as Response).json()) as { calls: Shown[] };
  const apiAnswer = (await (await api.call("GET", "/calls/opened")).json()) as { data: Listed[] };
  return { callPage: asListed(callPage.calls), home: asListed(home.calls), api: apiAnswer.data };
}

/** Those, and the applicant's dashboard's count of open calls. */
async function everywhere() {
  const dashboard = (await ((await homeRoute.loader(loaderArgs(applicant))) as Response).json()) as { dashboard: { open_calls: number } };
  return { ...(await publicLists()), openCount: dashboard.dashboard.open_calls };
}

/** The call `id` as each reader lists it (undefined where it is not listed). */
async function seen(id: number) {
  const all = await everywhere();
  const find = (list: Listed[]) => list.find((c) => c.id === id);
  return { callPage: find(all.callPage), home: find(all.home), api: find(all.api), openCount: all.openCount };
}

const editorId = async () => (await api.db.selectFrom("users").select("id").where("email", "=", demo("editor").email).executeTakeFirstOrThrow()).id;

async function medium(): Promise<number> {
  const row = await api.db
    .insertInto("media")
    .values({ uuid: crypto.randomUUID(), name: "agreement.pdf", mime_type: "application/pdf", size: 1234, user_id: await editorId() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const firstInfrastructure = async () => (await api.db.selectFrom("infrastructures").select("id").where("deleted_at", "is", null).orderBy("id").executeTakeFirstOrThrow()).id;

/** A draft call through the API, open from today on, offering `infrastructures` (else the first one). */
async function createCall(title: string, infrastructures?: number[]) {
  infrastructures ??= [await firstInfrastructure()];
  const today = todayIso();
  const res = await api.call("POST", "/calls", {
    as: "editor",
    body: {
      title, open_at: today, close_at: "2099-02-10", evaluation_date: "2099-02-20", evaluation_manager_date: "2099-02-25",
      acceptance_date: "2099-03-10", user_report_days: 30, physical_access: true, remote_access: false,
      available_infrastructures: infrastructures, acceptance_agreement: await medium(),
    },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Record<string, unknown> & { id: number; updated_at: string };
}

/** PUT /api/calls/{id}: the call as read, with `changes`. */
async function updateCall(id: number, changes: Record<string, unknown>) {
  const call = (await (await api.call("GET", `/calls/${id}`, { as: "editor" })).json()) as Record<string, unknown> & {
    available_infrastructures: { id: number }[];
    acceptance_agreement: { id: number };
  };
  const body = { ...call, available_infrastructures: call.available_infrastructures.map((i) => i.id), acceptance_agreement: call.acceptance_agreement.id, scientific_report_template: null, data_man_template: null, ...changes };
  const res = await api.call("PUT", `/calls/${id}`, { as: "editor", body });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
}

describe("the open calls", () => {
  it("show a call opened, renamed, trashed and restored on the very next request, on every page that lists them", async () => {
    const title = unique("Cached call");
    const call = await createCall(title);
    const before = await seen(call.id);
    expect(before).toMatchObject({ callPage: undefined, home: undefined, api: undefined });

    await updateCall(call.id, { status: "open" });
    const opened = await seen(call.id);
    for (const listed of [opened.callPage, opened.home, opened.api]) expect(listed).toMatchObject({ title, is_open: true });
    expect(opened.openCount).toBe(before.openCount + 1);

    await updateCall(call.id, { title: `${title} renamed` });
    const renamed = await seen(call.id);
    for (const listed of [renamed.callPage, renamed.home, renamed.api]) expect(listed?.title).toBe(`${title} renamed`);

    expect((await api.call("DELETE", `/calls/${call.id}`, { as: "editor" })).status).toBe(204);
    expect(await seen(call.id)).toEqual({ callPage: undefined, home: undefined, api: undefined, openCount: before.openCount });

    expect((await api.call("PUT", `/calls/${call.id}/restore`, { as: "admin", body: {} })).status).toBe(200);
    const restored = await seen(call.id);
    for (const listed of [restored.callPage, restored.home, restored.api]) expect(listed?.title).toBe(`${title} renamed`);
    expect(restored.openCount).toBe(before.openCount + 1);
  });

  it("are counted on the home page the same for everyone; an infrastructure's staff also get their infrastructures from the API", async () => {
    const home = async (cookie: string) =>
      ((await ((await homeRoute.loader(loaderArgs(cookie))) as Response).json()) as { dashboard: { open_calls: number; infrastructures?: number } }).dashboard;
    const [mine, manager] = [await home(applicant), await home(await sessionCookie("infrastructure-manager"))];
    expect(mine.open_calls).toBeGreaterThan(0);
    expect(mine.infrastructures).toBeUndefined();
    expect(manager).toEqual({ open_calls: mine.open_calls, infrastructures: 2 });
  });

  it("are served from memory: a change behind the API's back shows only after a save, here an infrastructure's new name", async () => {
    const created = await api.call("POST", "/infrastructures", { as: "editor", body: fullBody() });
    expect(created.status).toBe(201);
    const infrastructure = (await created.json()) as { id: number; name: string; updated_at: string };
    const title = unique("Offering call");
    const call = await createCall(title, [infrastructure.id]);
    await updateCall(call.id, { status: "open" });
    expect((await seen(call.id)).api?.available_infrastructures).toEqual([expect.objectContaining({ id: infrastructure.id, name: infrastructure.name })]);

    await writeBehindTheBack(api, "update calls set title = 'Changed in the database' where id = $1", [call.id]);
    const cached = await seen(call.id);
    for (const listed of [cached.callPage, cached.home, cached.api]) expect(listed?.title).toBe(title);

    const name = unique("Renamed infrastructure");
    const put = await api.call("PUT", `/infrastructures/${infrastructure.id}`, { as: "editor", body: fullBody({ name, updated_at: infrastructure.updated_at }) });
    expect(put.status, JSON.stringify(await put.clone().json())).toBe(200);
    const fresh = await seen(call.id);
    for (const listed of [fresh.callPage, fresh.home, fresh.api]) {
      expect(listed?.available_infrastructures.map((i) => i.name)).toEqual([name]);
      expect(listed?.title).toBe("Changed in the database");
    }
  });

  it("as the staff's option lists of calls and infrastructures, follow each save at once and are read from memory between saves", async () => {
    const options = async (path: string) =>
      ((await (await api.call("GET", `${path}?per_page=1000`, { as: "editor" })).json()) as { data: { label: string; value: number }[]; meta: { total: number } });
    const label = async (path: string, id: number) => (await options(path)).data.find((o) => o.value === id)?.label;
    const title = unique("Optioned call");
    const call = await createCall(title);
    expect(await label("/calls/option-list", call.id)).toBe(title);
    await updateCall(call.id, { title: `${title} renamed` });
    expect(await label("/calls/option-list", call.id)).toBe(`${title} renamed`);
    const total = (await options("/calls/option-list")).meta.total;
    expect((await api.call("DELETE", `/calls/${call.id}`, { as: "editor" })).status).toBe(204);
    expect(await label("/calls/option-list", call.id)).toBeUndefined();
    expect((await options("/calls/option-list")).meta.total).toBe(total - 1);

    const created = (await (await api.call("POST", "/infrastructures", { as: "editor", body: fullBody() })).json()) as { id: number; name: string; updated_at: string };
    expect(await label("/infrastructures/option-list", created.id)).toBe(created.name);
    await writeBehindTheBack(api, "update infrastructures set name = 'Changed in the database' where id = $1", [created.id]);
    expect(await label("/infrastructures/option-list", created.id)).toBe(created.name);
    const name = unique("Optioned infrastructure");
    const current = (await (await api.call("GET", `/infrastructures/${created.id}`, { as: "editor" })).json()) as { updated_at: string };
    const put = await api.call("PUT", `/infrastructures/${created.id}`, { as: "editor", body: fullBody({ name, updated_at: current.updated_at }) });
    expect(put.status, JSON.stringify(await put.clone().json())).toBe(200);
    expect(await label("/infrastructures/option-list", created.id)).toBe(name);
    // Still the API's to refuse: an applicant gets no option list.
    expect((await api.call("GET", "/calls/option-list", { as: "applicant" })).status).toBe(403);
  });

  it("show an owner's new display name once their sign-in brings it", async () => {
    const { id } = await createCall(unique("Owned call"));
    await updateCall(id, { status: "open" });
    expect((await seen(id)).api?.owner?.display_name).toBe(demo("editor").name);
    // The editor signs in with a new name: the API syncs it from the token's claims.
    const renamed = { ...demo("editor"), name: "Edith Renamed" };
    expect((await api.call("GET", "/users/me", { as: renamed })).status).toBe(200);
    const now = await seen(id);
    for (const listed of [now.callPage, now.home, now.api]) expect(listed?.owner?.display_name).toBe("Edith Renamed");
  });

  it("are read afresh when a sibling web process saved, as the primary passes it on", async () => {
    const { listenToDataChanges } = await import("../../app/db/data-version.server");
    const title = unique("Sibling call");
    const { id } = await createCall(title);
    await updateCall(id, { status: "open" });
    expect((await seen(id)).api?.title).toBe(title);
    await writeBehindTheBack(api, "update calls set title = 'Saved by a sibling' where id = $1", [id]);
    const cached = await seen(id);
    for (const listed of [cached.callPage, cached.home, cached.api]) expect(listed?.title).toBe(title);
    const parent = new EventEmitter();
    listenToDataChanges(parent);
    parent.emit("message", { type: "ta-portal:data-changed" });
    const now = await seen(id);
    for (const listed of [now.callPage, now.home, now.api]) expect(listed?.title).toBe("Saved by a sibling");
  });

  it("are read afresh on a new day in Brussels, with no save: a call closing today leaves, one opening tomorrow opens", async () => {
    // 23:59:58 on 20 May 2031 in Brussels (UTC+2), then two seconds later: well within the caches' lifetime.
    vi.setSystemTime(new Date("2031-05-20T21:59:58Z"));
    const values = { evaluation_date: "2031-07-01", evaluation_manager_date: "2031-07-02", acceptance_date: "2031-08-01", user_report_days: 10 };
    const closing = await api.db.insertInto("calls").values({ ...values, title: unique("Closing today"), status: "open", open_at: "2031-05-01", close_at: "2031-05-20" }).returning("id").executeTakeFirstOrThrow();
    const opening = await api.db.insertInto("calls").values({ ...values, title: unique("Opening tomorrow"), status: "open", open_at: "2031-05-21", close_at: "2031-06-20" }).returning("id").executeTakeFirstOrThrow();
    // Written through the portal's pool: the caches hear of it, as of a save.
    // The public lists only: the session's tokens would be long expired in 2031 (the dashboard shares the API's cache).
    const today = await publicLists();
    for (const list of [today.callPage, today.home, today.api]) {
      expect(list.find((c) => c.id === closing.id)?.is_open).toBe(true);
      expect(list.find((c) => c.id === opening.id)?.is_open).toBe(false);
    }

    vi.setSystemTime(new Date("2031-05-20T22:00:00Z"));
    const tomorrow = await publicLists();
    for (const list of [tomorrow.callPage, tomorrow.home, tomorrow.api]) {
      expect(list.find((c) => c.id === closing.id)).toBeUndefined();
      expect(list.find((c) => c.id === opening.id)?.is_open).toBe(true);
    }
  });
});
