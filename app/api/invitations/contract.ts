// Invitations by e-mail (docs/roles.md#invitations): staff invite addresses to a role; whoever
// signs in with one gets it (and the assignment, when an application is named).
import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { inviteSchema } from "~/domain/notifications/invitation-form";
import { INVITATION_STATES } from "~/domain/notifications/invitation-states";
import { allow } from "../guards.server";
import { parsedBody } from "../contract";
import { authErrors, bearer, errorResponses, json, pageOf, pagingQuery } from "../schemas";

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
  summary: "Every invitation with its state, newest first; q searches the address (editor, admin)",
  request: { query: z.object({ ...pagingQuery(20), q: z.string().max(255).optional() }) },
  responses: { 200: pageOf(Invitation), ...authErrors, 422: errorResponses[422] },
});
