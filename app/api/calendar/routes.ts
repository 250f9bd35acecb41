import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { notFound } from "~/domain/errors";
import { deadlineOf, deadlinesOf, type Deadline } from "~/domain/calendar/deadlines.server";
import { feedOf, feedOwner, feedPath, renewFeed, stopFeed } from "~/domain/calendar/feed-token.server";
import { deadlinesCalendar } from "~/domain/calendar/ics.server";
import { portalUrl } from "~/domain/notifications/notify.server";
import { userAndGrants } from "~/domain/users/users.server";
import type { Language } from "~/i18n/config";
import type { ApiEnv } from "../context";
import { contentDisposition } from "../media/routes";
import { requireUser } from "../guards.server";
import { deadlineFile, feed, feedFile, renewFeed as renewRoute, stopFeed as stopRoute } from "./contract";

/** An .ics answer: never kept by a shared cache, never sniffed, its address never sent on as a Referer (it is a credential). */
function icsAnswer(c: Context<ApiEnv>, cal: { text: string; etag: string }, disposition: "inline" | "attachment", filename: string) {
  const headers = {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": contentDisposition(disposition, filename),
    // Read afresh at each request (the feed follows date changes); the tag lets a calendar that polls get a 304.
    "Cache-Control": "private, no-cache",
    ETag: cal.etag,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex",
  };
  if (c.req.header("if-none-match") === cal.etag) return c.body(null, 304, headers);
  return c.body(cal.text, 200, headers);
}

const calendarOf = (deadlines: Deadline[], userId: number, language: Language, kind: "feed" | "event") =>
  deadlinesCalendar({ deadlines, userId, language, kind, portalUrl: portalUrl() });

export const calendarRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(feed, async (c) => {
    const user = requireUser(c);
    return c.json({ feed: await feedOf(c.get("deps").db, user.id) }, 200);
  })
  .openapi(renewRoute, async (c) => {
    const user = requireUser(c);
    const made = await renewFeed(c.get("deps").db, user.id, c.req.valid("json").language ?? "en");
    return c.json({ url: `${portalUrl()}${feedPath(made.token)}`, created_at: made.created_at, language: c.req.valid("json").language ?? "en" }, 201);
  })
  .openapi(stopRoute, async (c) => {
    const user = requireUser(c);
    if (!(await stopFeed(c.get("deps").db, user.id))) throw notFound();
    return c.body(null, 204);
  })
  .openapi(feedFile, async (c) => {
    const db = c.get("deps").db;
    const owner = await feedOwner(db, c.req.valid("param").file);
    if (!owner) throw notFound();
    const { grants } = await userAndGrants(db, owner.userId);
    const deadlines = await deadlinesOf(db, { id: owner.userId, ...grants });
    return icsAnswer(c, calendarOf(deadlines, owner.userId, owner.language, "feed"), "inline", "deadlines.ics");
  })
  .openapi(deadlineFile, async (c) => {
    const user = requireUser(c);
    const key = /^(.+)\.ics$/.exec(c.req.valid("param").file)?.[1];
    const deadline = key ? await deadlineOf(c.get("deps").db, user, key) : null;
    if (!deadline) throw notFound();
    return icsAnswer(c, calendarOf([deadline], user.id, c.req.valid("query").lang ?? "en", "event"), "attachment", `deadline-${deadline.key}.ics`);
  });
