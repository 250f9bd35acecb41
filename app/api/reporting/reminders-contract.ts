// The report reminders of a call (docs/lifecycle.md#report-reminders), from its admin screen.
import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { allow } from "../guards.server";
import { authErrors, bearer, errorResponses, IdParam, json } from "../schemas";

export const applicantReportReminder = createRoute({
  method: "put",
  path: "/calls/{id}/applicant-report-reminder",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "E-mail the group leaders of the call's applications in reporting whose report is not submitted and due within 7 days or past (editor, admin); answers how many",
  request: { params: IdParam },
  responses: { 200: json(z.object({ applicants: z.number() })), ...authErrors, 404: errorResponses[404] },
});

export const reportReminder = createRoute({
  method: "put",
  path: "/calls/{id}/report-reminder",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "E-mail the staff of infrastructures with submitted reports' accesses still to confirm in the call (editor, admin); answers how many",
  request: { params: IdParam },
  responses: { 200: json(z.object({ staff: z.number() })), ...authErrors, 404: errorResponses[404] },
});
