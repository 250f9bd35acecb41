// The calendar API contract (docs/api.md#calendar; ADR 050): a person's
// private feed of their deadlines, its address made, renewed or stopped by
// them, and one deadline as a file to add to a calendar.
import { createRoute, z } from "@hono/zod-openapi";
import { feedBody } from "~/domain/calendar/bodies";
import { SUPPORTED_LANGUAGES } from "~/i18n/config";
import { parsedBody } from "../contract";
import { bearer, errorResponses, json } from "../schemas";

const Feed = z
  .object({
    created_at: z.string().openapi({ description: "When the current address was made" }),
    language: z.enum(SUPPORTED_LANGUAGES).openapi({ description: "The language its events are written in" }),
  })
  .openapi("CalendarFeed");

export const feed = createRoute({
  method: "get",
  path: "/calendar/feed",
  security: bearer,
  summary: "The caller's calendar feed: when its address was made, or null when they have none (the address itself is shown once, when made)",
  responses: { 200: json(z.object({ feed: Feed.nullable() })), 401: errorResponses[401] },
});

export const renewFeed = createRoute({
  method: "post",
  path: "/calendar/feed",
  security: bearer,
  summary: "Make the caller's calendar feed, or give it a new address: the old address answers 404 from now on",
  description: "Answers the new address once; the portal keeps only a hash of its token (ADR 050).",
  request: parsedBody(feedBody, "The language of its events (en when absent)"),
  responses: {
    201: json(Feed.extend({ url: z.string().openapi({ description: "The feed's address on the portal's public URL: its token is the only credential" }) }), "Made"),
    401: errorResponses[401],
    422: errorResponses[422],
  },
});

export const stopFeed = createRoute({
  method: "delete",
  path: "/calendar/feed",
  security: bearer,
  summary: "Stop the caller's calendar feed: its address answers 404 from now on",
  responses: { 204: { description: "Stopped" }, 401: errorResponses[401], 404: errorResponses[404] },
});

const Ics = (description: string) => ({ description, content: { "text/calendar": { schema: z.string() } } });

export const feedFile = createRoute({
  method: "get",
  path: "/calendar/feeds/{file}",
  summary: "A person's deadlines as an iCalendar feed (RFC 5545); the token in its address is the credential, no session is needed",
  description:
    "`file` is the token and `.ics`. The events are the dated items of the person's to-do list (GET /api/dashboard/todo), read at each request, " +
    "each the last hour of its day in Europe/Brussels with the portal's link; a tag (ETag) of its events answers 304 to If-None-Match. " +
    "404 for an unknown, renewed or stopped token.",
  request: { params: z.object({ file: z.string().max(64).openapi({ param: { name: "file", in: "path" }, example: "3q2-7w….ics" }) }) },
  responses: { 200: Ics("The feed"), 304: { description: "Not modified (If-None-Match)" }, 404: errorResponses[404] },
});

export const deadlineFile = createRoute({
  method: "get",
  path: "/calendar/deadlines/{file}",
  security: bearer,
  summary: "One of the caller's deadlines as an iCalendar file to add to a calendar (the same event, UID included, as in their feed)",
  description:
    "`file` is `{view}-{application id}.ics`, the role the work is done in (owner, evaluator, watchdog, staff) and the application, as on the caller's to-do list; " +
    "404 when the caller has no deadline there (someone else's, done, or undated).",
  request: {
    params: z.object({ file: z.string().max(64).openapi({ param: { name: "file", in: "path" }, example: "owner-12.ics" }) }),
    query: z.object({ lang: z.enum(SUPPORTED_LANGUAGES).optional() }),
  },
  responses: { 200: Ics("The event"), 401: errorResponses[401], 404: errorResponses[404], 422: errorResponses[422] },
});
