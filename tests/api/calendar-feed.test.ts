// The calendar feed and the "Add to calendar" files (docs/api.md#calendar;
// ADR 050) against the demo data: each person's feed, parsed back with an
// iCalendar parser, holds exactly the dated items of their to-do list, each
// the last hour of its Brussels day with the portal's link and a stable UID;
// it follows a date change at the next fetch; renewing or stopping kills the
// old address; the database never holds the token; one deadline's file is
// its owner's alone.
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as calendar from "~/api/calendar/contract";
import * as dashboard from "~/api/dashboard/contract";
import { portalUrl } from "~/domain/notifications/notify.server";
import { createTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** Makes (or renews) the caller's feed; answers its address's path under /api and the whole URL. */
async function makeFeed(as: string, language?: "en" | "fr") {
  const res = await api.call("POST", "/calendar/feed", { as, body: language ? { language } : {} });
  expect(res.status).toBe(201);
  const made = (await res.json()) as { url: string; created_at: string };
  const path = made.url.slice(`${portalUrl()}/api`.length);
  return { ...made, path };
}

const fetchFeed = (path: string, headers?: Record<string, string>) => api.call("GET", path, { headers });

function eventsOf(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((x): x is VEvent => x?.type === "VEVENT");
}

const dated = async (as: string) => (await api.op(dashboard.todo, { as })).data.data.filter((x) => x.deadline !== null && x.application !== null);
const urlOf = (e: VEvent) => (typeof e.url === "string" ? e.url : (e.url as unknown as { val: string }).val);
/** The last hour of a Brussels day, as an instant (winter: UTC+1, summer: UTC+2). */
const brusselsElevenPm = (day: string) => {
  const utc = new Date(`${day}T22:00:00Z`);
  const offset = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Brussels", hour: "2-digit", hourCycle: "h23" }).format(utc) === "23" ? 1 : 2;
  return new Date(`${day}T${String(23 - offset).padStart(2, "0")}:00:00Z`);
};

/** The feed holds exactly the caller's dated to-do items, each in Europe/Brussels with the portal's link. */
async function expectFeedMatchesTodo(as: string) {
  const { path } = await makeFeed(as);
  const res = await fetchFeed(path);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
  expect(res.headers.get("cache-control")).toBe("private, no-cache");
  const text = await res.text();
  expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Brussels");
  const events = eventsOf(text);
  const items = await dated(as);
  expect(items.length).toBeGreaterThan(0);
  expect(events.length).toBe(items.length);
  for (const item of items) {
    const url = `${portalUrl()}${item.href}`;
    const event = events.find((e) => urlOf(e) === url);
    expect(event, `an event for ${item.view} ${item.action} ${item.application!.id}`).toBeDefined();
    expect((event!.start as Date & { tz?: string }).tz).toBe("Europe/Brussels");
    expect(event!.start.toISOString()).toBe(brusselsElevenPm(item.deadline!).toISOString());
    expect(event!.end!.getTime() - event!.start.getTime()).toBe(3_600_000);
    expect(event!.description).toContain(url);
  }
  // The same UIDs at the next fetch: a calendar moves its events rather than doubling them.
  const again = eventsOf(await (await fetchFeed(path)).text());
  expect(again.map((e) => e.uid).sort()).toEqual(events.map((e) => e.uid).sort());
  expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
  return { path, events, items };
}

describe("the calendar feed", () => {
  it("is 401 to manage signed out, and none until made", async () => {
    expect((await api.call("GET", "/calendar/feed")).status).toBe(401);
    expect((await api.call("POST", "/calendar/feed", { body: {} })).status).toBe(401);
    expect((await api.op(calendar.feed, { as: "applicant2" })).data).toEqual({ feed: null });
  });

  it("holds the applicant's call closing dates, grant acceptance and report due dates", async () => {
    const { events, items } = await expectFeedMatchesTodo("applicant");
    expect(items.map((x) => x.action)).toEqual(expect.arrayContaining(["continue-draft", "accept-grant", "write-report"]));
    expect(events.some((e) => /^Accept the grant · No\. \d+/.test(String(e.summary)))).toBe(true);
  });

  it("holds the evaluator's evaluation deadlines", async () => {
    const { items } = await expectFeedMatchesTodo("evaluator2");
    expect(items.every((x) => x.view === "evaluator")).toBe(true);
  });

  it("holds the infrastructure staff's decision dates", async () => {
    const { items } = await expectFeedMatchesTodo("infrastructure-manager");
    expect(items.map((x) => x.action)).toContain("decide");
    expect(items.every((x) => x.view === "staff")).toBe(true);
  });

  it("follows a date change at the next fetch, and answers 304 while nothing changed", async () => {
    const { path } = await makeFeed("applicant");
    const first = await fetchFeed(path);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    const draft = (await dated("applicant")).find((x) => x.action === "continue-draft")!;
    expect((await fetchFeed(path, { "If-None-Match": etag })).status).toBe(304);
    const call = await api.db.selectFrom("applications").select("call_id").where("id", "=", draft.application!.id).executeTakeFirstOrThrow();
    const before = await api.db.selectFrom("calls").select("close_at").where("id", "=", call.call_id).executeTakeFirstOrThrow();
    const later = "2099-06-30";
    await api.db.updateTable("calls").set({ close_at: later }).where("id", "=", call.call_id).execute();
    try {
      const res = await fetchFeed(path, { "If-None-Match": etag });
      expect(res.status).toBe(200);
      const moved = eventsOf(await res.text()).find((e) => urlOf(e) === `${portalUrl()}${draft.href}`)!;
      expect(moved.start.toISOString()).toBe(brusselsElevenPm(later).toISOString());
      expect(res.headers.get("etag")).not.toBe(etag);
    } finally {
      await api.db.updateTable("calls").set({ close_at: before.close_at }).where("id", "=", call.call_id).execute();
    }
  });

  it("dies with its old address when renewed or stopped, and the database never holds the token", async () => {
    const old = await makeFeed("applicant");
    const token = /\/calendar\/feeds\/([A-Za-z0-9_-]+)\.ics$/.exec(old.path)![1];
    // 256 random bits, base64url.
    expect(token).toHaveLength(43);
    const rows = await api.db.selectFrom("calendar_feeds").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((await fetchFeed(old.path)).status).toBe(200);
    const renewed = await makeFeed("applicant");
    expect(renewed.path).not.toBe(old.path);
    expect((await fetchFeed(old.path)).status).toBe(404);
    expect((await fetchFeed(renewed.path)).status).toBe(200);
    expect((await api.op(calendar.feed, { as: "applicant" })).data.feed).toMatchObject({ created_at: renewed.created_at, language: "en" });
    expect((await api.call("DELETE", "/calendar/feed", { as: "applicant" })).status).toBe(204);
    expect((await fetchFeed(renewed.path)).status).toBe(404);
    expect((await api.call("DELETE", "/calendar/feed", { as: "applicant" })).status).toBe(404);
  });

  it("answers 404 to a malformed or unknown token, whoever asks", async () => {
    for (const file of ["x.ics", `${"A".repeat(43)}.ics`, "A".repeat(43), `${"A".repeat(43)}.ics.ics`, "%2e%2e"]) {
      expect((await fetchFeed(`/calendar/feeds/${file}`)).status, file).toBe(404);
      expect((await api.call("GET", `/calendar/feeds/${file}`, { as: "admin" })).status, file).toBe(404);
    }
  });

  it("is written in the language it was made in", async () => {
    const { path } = await makeFeed("applicant", "fr");
    const text = await (await fetchFeed(path)).text();
    expect(text).toContain("X-WR-CALNAME:Mes échéances");
    expect(eventsOf(text).some((e) => /^Accepter la subvention · N/.test(String(e.summary)))).toBe(true);
    await makeFeed("applicant", "en");
  });
});

describe("one deadline's file", () => {
  it("is the same event as in the feed, for the person whose deadline it is only", async () => {
    const draft = (await dated("applicant")).find((x) => x.action === "continue-draft")!;
    const file = `owner-${draft.application!.id}.ics`;
    const res = await api.call("GET", `/calendar/deadlines/${file}`, { as: "applicant" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(`attachment; filename="deadline-owner-${draft.application!.id}.ics"`);
    const [event, ...more] = eventsOf(await res.text());
    expect(more).toEqual([]);
    const { path } = await makeFeed("applicant");
    const inFeed = eventsOf(await (await fetchFeed(path)).text()).find((e) => urlOf(e) === urlOf(event));
    expect(inFeed?.uid).toBe(event.uid);
    expect((await api.call("GET", `/calendar/deadlines/${file}`)).status).toBe(401);
    for (const as of ["applicant2", "evaluator", "editor", "admin"]) expect((await api.call("GET", `/calendar/deadlines/${file}`, { as })).status, as).toBe(404);
  });

  it("is 404 for work without a deadline and for a name that is not one", async () => {
    const undated = (await api.op(dashboard.todo, { as: "applicant" })).data.data.find((x) => x.deadline === null && x.application)!;
    for (const file of [`owner-${undated.application!.id}.ics`, "owner-0.ics", "nobody-1.ics", "owner-1", "..%2F.ics"]) {
      expect((await api.call("GET", `/calendar/deadlines/${file}`, { as: "applicant" })).status, file).toBe(404);
    }
  });
});
