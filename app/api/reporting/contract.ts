// The applicant's report (docs/lifecycle.md#reporting): the report as its screens edit
// it, one part's save, the submission, and the editor's reopen. Bodies are the
// domain's schemas (app/domain/reporting/report-bodies.ts), parsed by the
// write pipeline; files are uploaded first (POST /api/media/uploads).
import { createRoute, z } from "@hono/zod-openapi";
import type * as zm from "zod/mini";
import { ownApplication } from "~/domain/acceptance/who.server";
import { accessesBody, activityBody, documentsBody, feedbackBody, reopenReportBody, submitReportBody } from "~/domain/reporting/report-bodies";
import { smReportBody } from "~/domain/reporting/confirmation-bodies";
import { reportWatchdog, watchdogReviewBody } from "~/domain/reporting/watchdog-review.server";
import { decisionAccess } from "~/domain/ri-decisions/read.server";
import { INFRA_STAFF_ROLES } from "~/domain/users/roles";
import { REPORT_PARTS } from "~/domain/reporting/parts";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { APPLICATION_STATUSES } from "~/domain/applications/status";
import { ACCESS_STATUSES } from "~/domain/applications/access-status";

import { parsedBody } from "../contract";
import { allow, allowRow } from "../guards.server";
import { authErrors, bearer, conflict, errorResponses, IdParam, json } from "../schemas";

const File = z.object({ id: z.number(), name: z.string(), mime_type: z.string(), size: z.number() }).nullable();
const score = z.number().int().min(1).max(5).nullable();
const errors = z.record(z.string(), z.array(z.string()));

export const ReportSchema = z
  .object({
    id: z.number().openapi({ description: "The application" }),
    status: z.enum(APPLICATION_STATUSES), acronym: z.string().nullable(), title: z.string().nullable(),
    call: z.object({ id: z.number(), title: z.string(), title_fr: z.string().nullable().openapi({ description: "The French title; null: the English one is shown to French readers (ADR 052)" }) }),
    updated_at: z.string().openapi({ description: "The report's version, to send back on each PUT" }),
    due_on: z.string().openapi({ description: "The day the report is due (yyyy-MM-dd)" }),
    late: z.boolean(), submitted_at: z.string().nullable(),
    can_edit: z.boolean().openapi({ description: "In reporting and not submitted: the owner may save and submit" }),
    asks: z.object({ publications: z.boolean(), dataManagementPlan: z.boolean() }),
    approval_asked: z.boolean().openapi({ description: "The watchdog-report setting asks for the watchdog's approval of a submitted report" }),
    parts: z.array(z.object({ part: z.enum(REPORT_PARTS), complete: z.boolean() })),
    errors: z.object({ activity: errors, accesses: errors, documents: errors, feedback: errors }).openapi({ description: "What each part still misses for submission" }),
    watchdog_rejection: z.object({ note: z.string().nullable(), at: z.string().nullable() }).nullable(),
    activity: z.object({ season_objectives: z.string().nullable(), achievements_and_difficulties: z.string().nullable() }),
    accesses: z.array(
      z.object({
        id: z.number(), type: z.string(), date_from: z.string(), date_to: z.string(), requested_units: z.number(), status: z.enum(ACCESS_STATUSES),
        user_units: z.number().nullable(), user_date_from: z.string().nullable(), user_date_to: z.string().nullable(),
        infrastructure: z.object({ id: z.number(), name: z.string(), short_name: z.string().nullable() }),
      }),
    ).openapi({ description: "The eligible accesses at the infrastructures that accepted the application" }),
    documents: z.object({ scientific_report: File, data_man_final: File, scientific_report_template: File, data_man_template: File }),
    confirmations: z.array(
      z.object({
        id: z.number().openapi({ description: "The access" }), sm_report_confirmed: z.boolean().nullable(), sm_report_units: z.number().nullable(),
        sm_report_type: z.string().nullable(), sm_report_date_from: z.string().nullable(), sm_report_date_to: z.string().nullable(), sm_reimbursement_date: z.string().nullable(),
      }),
    ).openapi({ description: "Each reported access's confirmation by its infrastructure" }),
    watchdog: z.object({ review: z.enum(["approved", "rejected"]).nullable(), note: z.string().nullable(), at: z.string().nullable() }),
    feedback: z.object({
      quantitative_feedback_coordination: score, quantitative_feedback_infrastructure: score, quantitative_feedback_overall: score,
      feedback_recommend: z.boolean().nullable(),
      text_feedback_coordination: z.string().nullable(), text_feedback_infrastructure: z.string().nullable(), text_feedback_overall: z.string().nullable(),
    }),
  })
  .openapi("Report");

const missing = { 404: errorResponses[404] };
const refusals = { 409: conflict("Stale updated_at, or the report is not open for this (not in reporting, already submitted, not submitted)"), 422: errorResponses[422] };

export const report = createRoute({
  method: "get",
  path: "/applications/{id}/report",
  security: bearer,
  summary: "The owner's report as its screens edit it: each part's fields, what each still misses, the due day (409 before reporting)",
  request: { params: IdParam },
  responses: { 200: json(ReportSchema), ...authErrors, ...missing, 409: conflict("The application has not entered reporting") },
});

// The owner's writes check the caller's right to the application before the body (allowRow).
const partRoute = <S extends zm.ZodMiniType>(part: "activity" | "accesses" | "documents" | "feedback", body: S, summary: string) =>
  createRoute({
    method: "put",
    path: `/applications/{id}/report/${part}`,
    middleware: [allowRow(ownApplication)] as const,
    security: bearer,
    summary,
    request: { params: IdParam, ...parsedBody(body, "The part's fields and the report's updated_at") },
    responses: { 200: json(ReportSchema), ...authErrors, ...missing, ...refusals },
  });

export const saveActivity = partRoute("activity", activityBody, "Owner: the season's objectives, and the achievements and difficulties (each ≤ 2000; saved incomplete)");
export const saveAccesses = partRoute("accesses", accessesBody, "Owner: per reported access, the units used and the actual dates");
export const saveDocuments = partRoute("documents", documentsBody, "Owner: the scientific report and the final data management plan (upload ids; null removes)");
export const saveFeedback = partRoute("feedback", feedbackBody, "Owner: the feedback survey — scores 1 to 5, would recommend, and the text feedback");

export const submitReport = createRoute({
  method: "put",
  path: "/applications/{id}/submit-report",
  security: bearer,
  middleware: [allowRow(ownApplication)] as const,
  summary: "Owner: submits the report when every part is complete (422 with each missing field as `<part>.<field>`); after the due day it still works and answers late: true",
  request: { params: IdParam, ...parsedBody(submitReportBody, "The report's updated_at") },
  responses: { 200: json(z.object({ submitted: z.boolean(), late: z.boolean(), report: ReportSchema })), ...authErrors, ...missing, ...refusals },
});

export const reopenReport = createRoute({
  method: "put",
  path: "/applications/{id}/reopen-report",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "Editor: gives a submitted report back to its applicant, with optional notes (the watchdog's verdict is cleared)",
  request: { params: IdParam, ...parsedBody(reopenReportBody, "Notes and the report's updated_at") },
  responses: { 200: json(z.object({ reopened: z.boolean() })), ...authErrors, ...missing, ...refusals },
});



export const ReportedSchema = ReportSchema.extend({
  can_review: z.boolean().openapi({ description: "The caller is a watchdog of the application and the submitted report awaits a verdict" }),
  publications: z.array(
    z.object({
      id: z.number(), title: z.string(), references: z.string().nullable(), year: z.number().nullable(), publication_type: z.string().nullable(),
      authors: z.string().nullable(), web_address: z.string().nullable(), doi: z.string().nullable(),
    }),
  ),
  events: z.array(z.object({ event: z.string(), note: z.string().nullable(), created_at: z.string(), by: z.string().nullable() })),
}).openapi("Reported");

export const reported = createRoute({
  method: "get",
  path: "/applications/{id}/reported",
  security: bearer,
  summary: "The whole report (parts, confirmations, publications, the watchdog's verdict, its history) for the owner, the admin area, the application's watchdogs, viewers once declared and infrastructure staff once they see the application; 403 to its evaluators, 404 to anyone else",
  request: { params: IdParam },
  responses: { 200: json(ReportedSchema), ...authErrors, ...missing },
});

export const watchdogReportReview = createRoute({
  method: "put",
  path: "/applications/{id}/watchdog-report-review",
  security: bearer,
  middleware: [allowRow(reportWatchdog)] as const,
  summary: "A watchdog of the application approves the submitted report or sends it back (a note is required to reject); only while the watchdog-report setting is yes (422 otherwise)",
  request: { params: IdParam, ...parsedBody(watchdogReviewBody, "The verdict, the note and the report's updated_at") },
  responses: { 200: json(z.object({ verdict: z.enum(["approved", "rejected"]) })), ...authErrors, ...missing, ...refusals },
});

const ConfirmationAccess = z.object({
  id: z.number(), type: z.string(), status: z.enum(ACCESS_STATUSES), date_from: z.string(), date_to: z.string(), requested_units: z.number(),
  user_units: z.number().nullable(), user_date_from: z.string().nullable(), user_date_to: z.string().nullable(),
  sm_report_confirmed: z.boolean().nullable(), sm_report_units: z.number().nullable(), sm_report_type: z.string().nullable(),
  sm_report_date_from: z.string().nullable(), sm_report_date_to: z.string().nullable(), sm_reimbursement_date: z.string().nullable(),
});

export const ConfirmationsSchema = z
  .object({
    id: z.number(), status: z.enum(APPLICATION_STATUSES),
    report: z.object({ submitted_at: z.string().nullable(), due_on: z.string() }).nullable(),
    infrastructures: z.array(
      z.object({
        id: z.number().openapi({ description: "The application infrastructure" }), infrastructure_id: z.number(), name: z.string(), short_name: z.string().nullable(),
        updated_at: z.string().openapi({ description: "The application infrastructure's version, to send back" }),
        can_confirm: z.boolean(), accesses: z.array(ConfirmationAccess),
      }),
    ),
  })
  .openapi("ReportConfirmations");

export const smReport = createRoute({
  method: "get",
  path: "/applications/{id}/sm-report",
  security: bearer,
  middleware: [allow(...INFRA_STAFF_ROLES, ...ADMIN_ROLES)] as const,
  summary: "The reported accesses of the caller's infrastructures (every accepted one for the admin area), with the applicant's figures and the confirmations",
  request: { params: IdParam },
  responses: { 200: json(ConfirmationsSchema), ...authErrors, ...missing },
});

export const saveSmReport = createRoute({
  method: "put",
  path: "/applications/{id}/sm-report",
  security: bearer,
  middleware: [allow(...INFRA_STAFF_ROLES), allowRow(decisionAccess)] as const,
  summary: "An infrastructure's staff confirm each reported access (confirmed yes/no; once confirmed: units, type, dates and reimbursement date), while the application is in reporting or reported",
  request: { params: IdParam, ...parsedBody(smReportBody, "The application infrastructure, its accesses' confirmations and its updated_at") },
  responses: { 200: json(ConfirmationsSchema), ...authErrors, ...missing, ...refusals },
});
