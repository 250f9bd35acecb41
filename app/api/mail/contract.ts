// The mail outbox, read by the admin area (docs/architecture.md#mail: with no SMTP configured,
// mail stays in the outbox and admins read it in the portal).
import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { MAIL_STATES } from "~/domain/mail/states";
import { allow } from "../guards.server";
import { authErrors, bearer, errorResponses, IdParam, json, pageOf, pagingQuery } from "../schemas";

const Mail = z
  .object({
    id: z.number(),
    to_addresses: z.array(z.string()),
    subject: z.string(),
    state: z.enum(MAIL_STATES),
    attempts: z.number(),
    last_error: z.string().nullable(),
    next_attempt_at: z.string(),
    sent_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("OutboxMail");

export const list = createRoute({
  method: "get",
  path: "/mail",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "The mail outbox, newest first, optionally one state (editor, admin)",
  request: { query: z.object({ ...pagingQuery(20), state: z.enum(MAIL_STATES).optional() }) },
  responses: { 200: pageOf(Mail), ...authErrors, 422: errorResponses[422] },
});

export const one = createRoute({
  method: "get",
  path: "/mail/{id}",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "One mail of the outbox with its text and HTML bodies (editor, admin)",
  request: { params: IdParam },
  responses: { 200: json(Mail.extend({ text_body: z.string(), html_body: z.string().nullable() })), ...authErrors, 404: errorResponses[404] },
});
