// The acceptance contract (docs/lifecycle.md#acceptance, #withdrawal, #status-timeline): the applicant accepts or withdraws
// a grant and uploads the signed agreement, infrastructure staff upload the
// countersigned one, and the status timeline. Bodies are the domain's schemas
// (app/domain/acceptance/bodies.ts), parsed by the write pipeline; files are
// uploaded first (POST /api/media/uploads) and linked here by id.
import { createRoute, z } from "@hono/zod-openapi";
import { countersigner } from "~/domain/acceptance/agreements.server";
import { acceptBody, countersignedAgreementBody, signedAgreementBody, withdrawBody } from "~/domain/acceptance/bodies";
import { STAGES } from "~/domain/acceptance/timeline";
import { ownApplication } from "~/domain/acceptance/who.server";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { APPLICATION_STATUSES } from "~/domain/applications/status";
import { parsedBody } from "../contract";
import { allow, allowRow } from "../guards.server";
import { authErrors, bearer, conflict, errorResponses, IdParam, json } from "../schemas";

const Medium = z.object({ id: z.number(), name: z.string(), mime_type: z.string(), size: z.number() }).nullable();

export const AgreementsSchema = z
  .object({
    id: z.number(),
    status: z.enum(APPLICATION_STATUSES),
    updated_at: z.string().openapi({ description: "The version to send back on PUT" }),
    acronym: z.string().nullable(),
    title: z.string().nullable(),
    call: z.object({ id: z.number(), title: z.string(), title_fr: z.string().nullable().openapi({ description: "The French title; null: the English one is shown to French readers (ADR 052)" }), acceptance_date: z.string() }),
    accepted_at: z.string().nullable(),
    late: z.boolean().openapi({ description: "The call's acceptance_date is past" }),
    reader: z.enum(["owner", "staff", "infrastructure"]).openapi({ description: "How the caller reads it: the applicant, the admin area, or an infrastructure's staff" }),
    granted: z.boolean().openapi({ description: "From granted on: the agreements to download exist" }),
    can_sign: z.boolean(),
    call_agreement: Medium,
    signed_agreement: Medium,
    infrastructures: z.array(
      z.object({
        id: z.number().openapi({ description: "The application infrastructure (application_infrastructure_id)" }),
        infrastructure_id: z.number(), name: z.string(), short_name: z.string().nullable(),
        acceptance_agreement: Medium, countersigned_agreement: Medium, can_countersign: z.boolean(),
      }),
    ).openapi({ description: "The infrastructures that accepted the application (for infrastructure staff, their own only)" }),
  })
  .openapi("Agreements");

const StageSchema = z.object({
  key: z.enum(STAGES),
  state: z.enum(["done", "current", "upcoming", "skipped"]),
  at: z.string().nullable(),
  deadline: z.string().nullable(),
  outcome: z.string().nullable(),
});

export const TimelineSchema = z
  .object({
    id: z.number(),
    status: z.enum(APPLICATION_STATUSES),
    updated_at: z.string(),
    acceptance: z.object({
      acceptance_date: z.string(), late: z.boolean(), is_owner: z.boolean(), can_accept: z.boolean(), can_withdraw: z.boolean(), can_start_reporting: z.boolean(),
      reporting_opens_on: z.string().nullable().openapi({ description: "The day the owner may start reporting: the day after the last granted access (yyyy-MM-dd), null when none is granted" }),
      report_days: z.number().openapi({ description: "The call's user_report_days" }),
      report: z.object({ due_on: z.string(), submitted_at: z.string().nullable(), late: z.boolean() }).nullable().openapi({ description: "The report, once reporting started" }),
      agreements: z.boolean().openapi({ description: "The agreements page has something to show" }),
    }),
    timeline: z.object({
      stages: z.array(StageSchema),
      next: z.object({ stage: z.enum(STAGES), actor: z.enum(["applicant", "staff"]), deadline: z.string().nullable(), overdue: z.boolean() }).nullable(),
      ended: z.object({ status: z.enum(APPLICATION_STATUSES), at: z.string().nullable() }).nullable(),
    }),
  })
  .openapi("ApplicationTimeline");

const missing = { 404: errorResponses[404] };
const staleOr = { 409: conflict("Stale updated_at, or the application is not in a status that allows it"), 422: errorResponses[422] };
const Transitioned = z.object({
  from: z.string(), to: z.string(), late: z.boolean(),
  report_due_on: z.string().optional().openapi({ description: "start-reporting: the day the report is due (yyyy-MM-dd)" }),
});

export const accept = createRoute({
  method: "put",
  path: "/applications/{id}/accept",
  security: bearer,
  middleware: [allowRow(ownApplication)] as const,
  summary: "The applicant accepts the grant (granted → accepted); after the call's acceptance_date it still works and answers late: true",
  request: { params: IdParam, ...parsedBody(acceptBody, "The updated_at last read") },
  responses: { 200: json(Transitioned), ...authErrors, ...missing, ...staleOr },
});

export const withdraw = createRoute({
  method: "put",
  path: "/applications/{id}/withdraw",
  security: bearer,
  middleware: [allowRow(ownApplication)] as const,
  summary: "The applicant withdraws a granted or accepted application, with optional notes; the editor can undo it",
  request: { params: IdParam, ...parsedBody(withdrawBody, "Notes and the updated_at last read") },
  responses: { 200: json(Transitioned), ...authErrors, ...missing, ...staleOr },
});

export const startReporting = createRoute({
  method: "put",
  path: "/applications/{id}/start-reporting",
  security: bearer,
  middleware: [allowRow(ownApplication)] as const,
  summary: "The applicant starts reporting (accepted → reporting); the report is due the call's user_report_days later (report_due_on)",
  request: { params: IdParam, ...parsedBody(acceptBody, "The updated_at last read") },
  responses: { 200: json(Transitioned), ...authErrors, ...missing, ...staleOr },
});

export const agreements = createRoute({
  method: "get",
  path: "/applications/{id}/agreements",
  security: bearer,
  summary: "The acceptance agreements: the call's and each accepted infrastructure's to download, the signed and countersigned ones (owner, admin area, the application's infrastructure staff once they see it)",
  request: { params: IdParam },
  responses: { 200: json(AgreementsSchema), ...authErrors, ...missing },
});

export const signedAgreement = createRoute({
  method: "put",
  path: "/applications/{id}/signed-agreement",
  security: bearer,
  middleware: [allowRow(ownApplication)] as const,
  summary: "The applicant links the signed agreement (an upload of theirs), while granted or accepted",
  request: { params: IdParam, ...parsedBody(signedAgreementBody, "The uploaded medium and the updated_at last read") },
  responses: { 200: json(AgreementsSchema), ...authErrors, ...missing, ...staleOr },
});

export const countersignedAgreement = createRoute({
  method: "put",
  path: "/applications/{id}/countersigned-agreement",
  security: bearer,
  middleware: [allow("infrastructure-manager", "infrastructure-administrator", ...ADMIN_ROLES), allowRow(countersigner)] as const,
  summary: "Infrastructure staff link the countersigned agreement for their own infrastructure (403 for another), while granted, accepted or reporting",
  request: { params: IdParam, ...parsedBody(countersignedAgreementBody, "The application infrastructure, the uploaded medium and the updated_at last read") },
  responses: { 200: json(AgreementsSchema), ...authErrors, ...missing, ...staleOr },
});

export const timeline = createRoute({
  method: "get",
  path: "/applications/{id}/timeline",
  security: bearer,
  summary: "The status timeline: each stage done (with its date), current or to come, the next action and its deadline, and whether the owner may accept or withdraw now",
  request: { params: IdParam },
  responses: { 200: json(TimelineSchema), ...authErrors, ...missing },
});
