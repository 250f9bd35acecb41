// Invitations by e-mail (docs/roles.md#invitations): staff invite addresses to a role; whoever
// signs in with one gets it (and the assignment, when an application is named).
import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { inviteSchema } from "~/domain/notifications/invitation-form";
import { INVITATION_STATES } from "~/domain/notifications/invitation-states";
import { allow } from "../guards.server";
import { parsedBody } from "../contract";
import { EXPORT_FORMATS } from "~/domain/admin-applications/columns";
import { datesInOrder, day } from "~/domain/admin-applications/query.server";
import { authErrors, bearer, errorResponses, json, jsonOrDownload, MetaSchema, pagingQuery } from "../schemas";

export const invite = createRoute({
  method: "post",
  path: "/invite-evaluators",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "Invite e-mail addresses as evaluator, viewer, watchdog, infrastructure manager or administrator, optionally for one application (editor, admin)",
  request: parsedBody(inviteSchema, "emails (1 to 100), role, application_id (optional)"),
  responses: { 201: json(z.object({ invited: z.number(), existing: z.number() }), "Created"), ...authErrors, 422: errorResponses[422] },
});

const Invitation = z
  .object({
    id: z.number(),
    email: z.string(),
    role: z.string(),
    application_id: z.number().nullable(),
    acronym: z.string().nullable(),
    invited_by: z.string().nullable(),
    state: z.enum(INVITATION_STATES),
    created_at: z.string(),
    accepted_at: z.string().nullable(),
  })
  .openapi("Invitation");

export const report = createRoute({
  method: "get",
  path: "/invitations/report",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "Every invitation with its state, newest first; q searches the address, date_from and date_to the day it was sent; or every row as CSV or XLSX (editor, admin)",
  request: {
    query: z
      .object({
        ...pagingQuery(20),
        q: z.string().max(255).optional(),
        date_from: day("Sent on or after this day (yyyy-MM-dd, Europe/Brussels)"),
        date_to: day("Sent on or before this day (yyyy-MM-dd, Europe/Brussels)"),
        export: z.enum(EXPORT_FORMATS, "validation.invalid").optional().describe("Every matching invitation as CSV or XLSX"),
      })
      .refine(datesInOrder, { message: "validation.invalid", path: ["date_to"] }),
  },
  responses: {
    200: jsonOrDownload(z.object({ data: z.array(Invitation), meta: MetaSchema }), "A page of invitations, or (export) the download"),
    ...authErrors,
    422: errorResponses[422],
  },
});
