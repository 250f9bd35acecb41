// The notifications API contract (docs/api.md#endpoints): each user reads and
// changes only their own; anyone else's answers 404.
import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { allow } from "../guards.server";
import { authErrors, bearer, errorResponses, IdParam, json, MetaSchema, pagingQuery } from "../schemas";

const Notification = z
  .object({
    id: z.number(),
    kind: z.string(),
    application_id: z.number().nullable(),
    application: z.string().nullable().openapi({ description: "The application's acronym and number, when there is one" }),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    link: z.string().nullable().openapi({ description: "The portal path the notification leads to" }),
    read_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("Notification");

const ReadFilter = z.enum(["read", "unread"]).optional();

export const list = createRoute({
  method: "get",
  path: "/notifications",
  security: bearer,
  summary: "The caller's notifications, newest first (filter read or unread); meta.unread counts the unread ones",
  request: { query: z.object({ ...pagingQuery(20), filter: ReadFilter }) },
  responses: {
    200: json(z.object({ data: z.array(Notification), meta: MetaSchema.extend({ unread: z.number() }) })),
    401: errorResponses[401],
    422: errorResponses[422],
  },
});

const Count = json(z.object({ count: z.number() }));

export const removeAll = createRoute({
  method: "delete",
  path: "/notifications",
  security: bearer,
  summary: "Delete all the caller's notifications, or only the read or unread ones; answers how many went",
  request: { query: z.object({ filter: ReadFilter }) },
  responses: { 200: Count, 401: errorResponses[401], 422: errorResponses[422] },
});

export const readAll = createRoute({
  method: "put",
  path: "/notifications/read-all",
  security: bearer,
  summary: "Mark all the caller's notifications read; answers how many were unread",
  responses: { 200: Count, 401: errorResponses[401] },
});

const byId = (method: "put" | "delete", suffix: string, summary: string) =>
  createRoute({
    method,
    path: `/notifications/{id}${suffix}`,
    security: bearer,
    summary,
    request: { params: IdParam },
    responses: { 204: { description: "Done" }, ...authErrors, 404: errorResponses[404] },
  });

export const readed = byId("put", "/readed", "Mark one of the caller's notifications read");
export const unreaded = byId("put", "/unreaded", "Mark one of the caller's notifications unread");
export const remove = byId("delete", "", "Delete one of the caller's notifications");

export const evaluationReminder = createRoute({
  method: "put",
  path: "/calls/{id}/evaluation-reminder",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "E-mail every evaluator with an evaluation still open in the call (editor, admin); answers how many were reminded",
  request: { params: IdParam },
  responses: { 200: json(z.object({ evaluators: z.number() })), ...authErrors, 404: errorResponses[404] },
});
