// The settings and the menu's pages every page shows are cached in memory
// (app/cache/content.server.ts, app/cache/kept.server.ts): the
// root loader, run as a page request runs it, sees a save of the settings or of
// a page on the very next request, and the cache does serve (a change made
// behind the API's back is not seen); a save in a sibling web process, passed
// on by the cluster primary, empties the caches here too. The clock is frozen
// so that the caches' lifetime cannot run out mid-test.
import { EventEmitter } from "node:events";
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { writeBehindTheBack } from "../support/behind-the-back";
import { unique } from "../support/guards";
import { usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";

let api: TestApi;
let root: typeof import("../../app/root");
let applicant: string;

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  // The root's components import vanilla-extract styles, which need a file scope outside the bundler.
  setFileScope("tests/api/content-cache.test.ts", "ta-portal");
  root = await import("../../app/root");
  applicant = await sessionCookie("applicant");
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterAll(async () => {
  vi.useRealTimers();
  await api.close();
});

interface RootData {
  projectName: string;
  menuPages: { title: string; slug: string }[];
}

/** The root loader's data for a page request, signed out or with a session cookie. */
async function page(cookie?: string): Promise<RootData> {
  const request = new Request("http://portal.test/call", { headers: cookie ? { cookie } : {} });
  const res = (await root.loader({ request, params: {}, context: {} })) as Response;
  return res.json();
}

const settingsVersion = async () => ((await (await api.call("GET", "/settings")).json()) as { updated_at: string }).updated_at;

async function saveProjectName(name: string) {
  const res = await api.call("PUT", "/settings", { as: "admin", body: { "project-name": name, updated_at: await settingsVersion() } });
  expect(res.status).toBe(200);
}

const menuTitles = async (cookie?: string) => (await page(cookie)).menuPages.map((p) => p.title);

describe("the settings every page shows", () => {
  it("are cached, and a saved setting is seen by the next page request", async () => {
    const first = unique("Ocean Access");
    await saveProjectName(first);
    expect((await page()).projectName).toBe(first);

    // Changed behind the API's back: the cached value still serves.
    await writeBehindTheBack(api, "update settings set value = 'Changed in the database' where key = 'project-name'");
    expect((await page()).projectName).toBe(first);
    expect((await page(applicant)).projectName).toBe(first);

    const second = unique("Sea Access");
    await saveProjectName(second);
    expect((await page()).projectName).toBe(second);
    expect((await page(applicant)).projectName).toBe(second);
  });
});

describe("the menu's pages", () => {
  it("show a page saved in the menu, its new title and its removal on the next page request", async () => {
    const title = unique("Menu page");
    const created = await api.call("POST", "/pages", { as: "editor", body: { title, status: "published", is_public: true, in_menu: true } });
    expect(created.status).toBe(201);
    const saved = (await created.json()) as { id: number; slug: string; updated_at: string };
    expect(await menuTitles()).toContain(title);

    const renamed = `${title} renamed`;
    const put = await api.call("PUT", `/pages/${saved.id}`, {
      as: "editor",
      body: { title: renamed, slug: saved.slug, status: "published", is_public: true, in_menu: true, updated_at: saved.updated_at },
    });
    expect(put.status, JSON.stringify(await put.clone().json())).toBe(200);
    expect(await menuTitles()).toContain(renamed);
    expect(await menuTitles()).not.toContain(title);

    expect((await api.call("DELETE", `/pages/${saved.id}`, { as: "editor" })).status).toBe(204);
    expect(await menuTitles()).not.toContain(renamed);
  });

  it("keep members' pages for signed-in users: signed-out visitors and users have a list each", async () => {
    const title = unique("Members menu page");
    const res = await api.call("POST", "/pages", { as: "editor", body: { title, status: "published", is_public: false, in_menu: true } });
    expect(res.status).toBe(201);
    // In either order, neither list serves the other.
    expect(await menuTitles()).not.toContain(title);
    expect(await menuTitles(applicant)).toContain(title);
    expect(await menuTitles()).not.toContain(title);
  });
});

describe("a save in a sibling web process", () => {
  it("empties the caches here when the primary passes it on", async () => {
    const { listenToDataChanges, relayDataChanges } = await import("../../app/db/data-version.server");
    const name = unique("Cached");
    await saveProjectName(name);
    expect((await page()).projectName).toBe(name);
    await writeBehindTheBack(api, "update settings set value = 'Saved by a sibling' where key = 'project-name'");
    expect((await page()).projectName).toBe(name);

    // The primary: a web process's message goes to the others, not back to it.
    const sent: string[] = [];
    const worker = (id: string) => ({ send: () => sent.push(id), isConnected: () => true });
    const [saver, other] = [worker("saver"), worker("other")];
    const primary = Object.assign(new EventEmitter(), { workers: { 1: saver, 2: other } });
    relayDataChanges(primary);
    primary.emit("message", saver, { type: "unrelated" });
    expect(sent).toEqual([]);
    primary.emit("message", saver, { type: "ta-portal:data-changed" });
    expect(sent).toEqual(["other"]);

    // This process, as the other web process, hears of it.
    const parent = new EventEmitter();
    listenToDataChanges(parent);
    parent.emit("message", { type: "ta-portal:data-changed" });
    expect((await page()).projectName).toBe("Saved by a sibling");
  });
});
