// The audit trail (docs/decisions/051-audit-trail.md): every write the API
// answered, who made it and what it changed. The whole trail is the admins';
// one application's is the admin area's, on its staff screen.
import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { day, datesInOrder, id, searchText } from "~/domain/admin-applications/query.server";
import { allow } from "../guards.server";
import { authErrors, bearer, errorResponses, IdParam, pageOf, pagingQuery } from "../schemas";

const Change = z
  .object({
    table: z.string(),
    op: z.enum(["insert", "update", "delete"]),
    key: z.record(z.string(), z.unknown()),
    fields: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).openapi({ description: "Each changed column (or a document's path, project.title) as [old, new]; long texts cut at 500 characters; [null, null] where the values were erased" }),
  })
  .openapi("AuditChange");

const Entry = z
  .object({
    id: z.number(),
    at: z.string(),
    actor: z.object({ id: z.number(), name: z.string(), email: z.string().nullable() }).nullable(),
    roles: z.array(z.string()),
    operation: z.string().openapi({ example: "PUT /api/applications/{id}/submit" }),
    entity: z.string().nullable().openapi({ description: "The table the operation is about (applications, calls, …)" }),
    entity_id: z.string().nullable(),
    application_id: z.number().nullable(),
    changes: z.array(Change),
    more_changes: z.number().openapi({ description: "Changed rows past the 200 an entry lists" }),
  })
  .openapi("AuditEntry");

/** A table's name as the entries carry it. */
const entityName = z.string().regex(/^[a-z_]{1,63}$/, "validation.invalid");

export const list = createRoute({
  method: "get",
  path: "/audit",
  security: bearer,
  middleware: [allow("admin")] as const,
  summary: "The audit trail, newest first, filtered by person, record and period (admin)",
  request: {
    query: z
      .object({
        ...pagingQuery(50),
        person: searchText.describe("The writer's name or e-mail, in part"),
        actor_id: id.optional().describe("The writer's user id"),
        entity: entityName.optional().describe("The table the operation is about"),
        entity_id: z.string().trim().max(64, "validation.max").optional().describe("The record's id (with entity)"),
        application_id: id.optional().describe("Entries about this application"),
        date_from: day("Written on or after this day (yyyy-MM-dd, Europe/Brussels)"),
        date_to: day("Written on or before this day (yyyy-MM-dd, Europe/Brussels)"),
      })
      .refine(datesInOrder, { message: "validation.invalid", path: ["date_to"] }),
  },
  responses: { 200: pageOf(Entry), ...authErrors, 422: errorResponses[422] },
});

export const ofApplication = createRoute({
  method: "get",
  path: "/applications/{id}/audit",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "One application's audit trail, newest first (editor, admin)",
  request: { params: IdParam, query: z.object(pagingQuery(20)) },
  responses: { 200: pageOf(Entry), ...authErrors, 422: errorResponses[422] },
});
