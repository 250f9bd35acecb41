// The reviewers' API (docs/lifecycle.md#evaluation, #watchdog-review, #viewing): evaluation criteria, evaluators'
// evaluations, watchdogs' reviews and viewers' declarations. Id semantics:
//   /evaluations/{id}            the evaluator's assignment (application_reviewers.id) — it IS the evaluation;
//   /watchdog-reviews/{id}       the EVALUATION reviewed (the review is created by its first save);
//   /watchdog-reviews/{id}/send-conflict   the watchdog's assignment (application_reviewers.id);
//   /applications/{id}/…         the application.
import { createRoute, z } from "@hono/zod-openapi";
import { acceptBody, conflictBody, evaluationBody, reopenBody, viewerDeclarationBody, watchdogReviewBody } from "~/domain/reviews/bodies";
import { writableEvaluation, type EvaluationWrite } from "~/domain/reviews/evaluations.server";
import { viewerAssignment } from "~/domain/reviews/viewer.server";
import { conflictableWatch, reviewableEvaluation } from "~/domain/reviews/watchdog.server";
import { ID_MAX } from "~/domain/id-rules";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { APPLICATION_STATUSES } from "~/domain/applications/status";
import { REVIEWER_STATES } from "~/domain/reviews/states";
import { parsedBody } from "../contract";
import { NextActionSchema } from "../dashboard/contract";
import { allow, allowRow } from "../guards.server";
import { authErrors, bearer, conflict, errorResponses, IdParam, json } from "../schemas";

const CriterionSchema = z.object({ id: z.number(), key: z.string().nullable(), name: z.string() }).openapi("Criterion");
const Scores = z
  .record(z.string(), z.object({ score: z.number().optional(), justification: z.string().optional() }))
  .openapi({ description: "Per criterion id: the score (1–5, halves when the call allows them) and its justification" });
const CallRef = z.object({ id: z.number(), title: z.string(), evaluation_date: z.string(), half_point_rating: z.boolean() });
const AppRef = z.object({ id: z.number(), acronym: z.string().nullable(), title: z.string().nullable(), status: z.enum(APPLICATION_STATUSES) });

export const EvaluationSchema = z
  .object({
    id: z.number(),
    application_id: z.number(),
    application: AppRef,
    call: CallRef,
    criteria: z.array(CriterionSchema),
    state: z.enum(REVIEWER_STATES),
    confidential_declaration: z.boolean(),
    conflictofinterest_declaration: z.boolean(),
    conflict_note: z.string().nullable(),
    scores: Scores,
    deadline_passed: z.boolean().openapi({ description: "Today (in Brussels) is after the call's evaluation_date" }),
    editable: z.boolean().openapi({ description: "Accepted, not submitted, under evaluation and before the deadline" }),
    accepted_at: z.string().nullable(),
    submitted_at: z.string().nullable(),
    updated_at: z.string().openapi({ description: "The version to send back on PUT" }),
  })
  .openapi("Evaluation");

const staleOrState = conflict(
  "Stale updated_at (reviews.errors.stale), or the state refuses it: reviews.errors.accept-first, reviews.errors.submitted, reviews.errors.in-conflict, reviews.errors.not-under-evaluation",
);
const deadline = "422 'The evaluation deadline passed, this application can not be evaluated' after the call's evaluation_date (a calendar day in Brussels).";

export const criteriaList = createRoute({
  method: "get",
  path: "/criteria",
  security: bearer,
  summary: "Every evaluation criterion as an option list; `chosen` for the call's (the four defaults when it chose none, or without call_id) (editor, admin)",
  request: { query: z.object({ call_id: z.coerce.number().int().positive().max(ID_MAX).optional() }) },
  responses: {
    200: json(z.object({ data: z.array(z.object({ value: z.number(), label: z.string(), key: z.string().nullable(), chosen: z.boolean() })) })),
    ...authErrors,
    422: errorResponses[422],
  },
});

export const myEvaluations = createRoute({
  method: "get",
  path: "/applications/my-evaluations",
  security: bearer,
  summary: "The caller's evaluations (evaluator): application, call, evaluation deadline, state and next action, work to do first, the nearest deadline first",
  responses: {
    200: json(
      z.object({
        data: z.array(
          z.object({
            id: z.number().openapi({ description: "The evaluation id" }), application_id: z.number(), acronym: z.string().nullable(), title: z.string().nullable(),
            application_status: z.enum(APPLICATION_STATUSES), call_id: z.number(), call_title: z.string(), evaluation_date: z.string(), state: z.enum(REVIEWER_STATES),
            submitted_at: z.string().nullable(), deadline_passed: z.boolean().openapi({ description: "The deadline is behind today and the evaluation is still to do" }),
            next: NextActionSchema,
          }),
        ),
      }),
    ),
    ...authErrors,
  },
});

export const one = createRoute({
  method: "get",
  path: "/evaluations/{id}",
  security: bearer,
  summary: "The caller's own evaluation with the call's criteria; another evaluator's is 404",
  request: { params: IdParam },
  responses: { 200: json(EvaluationSchema), ...authErrors, 404: errorResponses[404] },
});

// Each reviewer's write checks the caller's own assignment (and its state) before the body (allowRow).
const evaluationWrite = <B>(path: string, write: EvaluationWrite, summary: string, body: B, description: string) =>
  createRoute({
    method: "put",
    path,
    security: bearer,
    middleware: [allowRow((db, id, user) => writableEvaluation(db, id, user, write))] as const,
    summary,
    description: `${description} ${deadline}`,
    request: { params: IdParam, ...body },
    responses: { 200: json(EvaluationSchema), ...authErrors, 404: errorResponses[404], 409: staleOrState, 422: errorResponses[422] },
  });

export const accept = evaluationWrite(
  "/evaluations/{id}/accept",
  "accept",
  "Accept the evaluation: both declarations (texts: settings confidential and conflict-of-interest) must be true",
  parsedBody(acceptBody),
  "Only while assigned.",
);
export const sendConflict = evaluationWrite(
  "/evaluations/{id}/send-conflict",
  "conflict",
  "Declare a conflict of interest with a note (required, at most 2000 characters); the evaluator then counts out of evaluation_complete",
  parsedBody(conflictBody),
  "While assigned or accepted.",
);
export const save = evaluationWrite(
  "/evaluations/{id}",
  "save",
  "Save the scores (submit: false, as often as needed) or submit them (submit: true: every criterion scored and justified)",
  parsedBody(evaluationBody, "Scores replace the saved ones", { optional: ["scores", "submit"] }),
  "Accepted evaluations only. Scores 1 to 5, halves only when the call's half_point_rating is on (reviews.validation.score-half), else reviews.validation.score-range; justifications at most 2000 characters.",
);

const WatchdogReview = z
  .object({
    id: z.number(), application_id: z.number(), watchdog_id: z.number(), evaluation_id: z.number(), verdict: z.string().nullable(),
    comment: z.string().nullable(), submitted_at: z.string().nullable(), created_at: z.string(), updated_at: z.string(),
  })
  .openapi("WatchdogReview");

export const toWatch = createRoute({
  method: "get",
  path: "/applications/to-watch",
  security: bearer,
  summary: "The applications the caller watches (watchdog); `id` is their assignment (for send-conflict)",
  responses: {
    200: json(
      z.object({
        data: z.array(
          z.object({
            id: z.number(), application_id: z.number(), state: z.enum(REVIEWER_STATES), acronym: z.string().nullable(), title: z.string().nullable(),
            application_status: z.enum(APPLICATION_STATUSES), call_id: z.number(), call_title: z.string(), evaluation_date: z.string(),
            evaluations_submitted: z.number(), reviews_done: z.number(), next: NextActionSchema,
          }),
        ),
      }),
    ),
    ...authErrors,
  },
});

const ReviewOfEvaluation = z.object({
  id: z.number(), watchdog: z.string().nullable(), verdict: z.string().nullable(), comment: z.string().nullable(), mine: z.boolean(),
  submitted_at: z.string().nullable().openapi({ description: "null while open (never saved since an editor reopened it)" }), updated_at: z.string(),
});

export const evaluations = createRoute({
  method: "get",
  path: "/applications/{id}/evaluations",
  security: bearer,
  summary: "The application's evaluations: for its watchdog the submitted ones with scores and their own reviews; for editors and admins every evaluator's state and every review. Evaluators and anyone else: 404",
  request: { params: IdParam },
  responses: {
    200: json(
      z.object({
        application: AppRef.extend({ evaluation_complete: z.boolean() }),
        call: CallRef,
        criteria: z.array(CriterionSchema),
        watchdog: z.object({ id: z.number(), state: z.enum(REVIEWER_STATES), conflict_note: z.string().nullable(), updated_at: z.string() }).nullable(),
        evaluations: z.array(
          z.object({
            id: z.number(), evaluator: z.object({ id: z.number(), display_name: z.string().nullable() }), state: z.enum(REVIEWER_STATES),
            conflict_note: z.string().nullable(), scores: Scores, submitted_at: z.string().nullable(), reviews: z.array(ReviewOfEvaluation),
          }),
        ),
      }),
    ),
    ...authErrors,
    404: errorResponses[404],
  },
});

export const review = createRoute({
  method: "put",
  path: "/watchdog-reviews/{id}",
  security: bearer,
  summary: "Review a submitted evaluation ({id}: the evaluation): agree, or a comment the editor must read (comment required). The first save creates the review; a saved review is closed (409 reviews.errors.review-closed) until an editor reopens it",
  middleware: [allowRow(reviewableEvaluation)] as const,
  request: { params: IdParam, ...parsedBody(watchdogReviewBody, "updated_at: the review's, once it exists") },
  responses: {
    200: json(WatchdogReview),
    ...authErrors,
    404: errorResponses[404],
    409: conflict("Stale updated_at (reviews.errors.stale), the review is closed, the watchdog is in conflict, or the application is not under evaluation"),
    422: errorResponses[422],
  },
});

const EvaluationsAnswer = evaluations.responses[200];

export const watchdogConflict = createRoute({
  method: "put",
  path: "/watchdog-reviews/{id}/send-conflict",
  security: bearer,
  summary: "The watchdog declares a conflict of interest on the application ({id}: their assignment), with a note (required)",
  middleware: [allowRow(conflictableWatch)] as const,
  request: { params: IdParam, ...parsedBody(conflictBody) },
  responses: { 200: EvaluationsAnswer, ...authErrors, 404: errorResponses[404], 409: conflict("Stale updated_at, already in conflict, or not under evaluation"), 422: errorResponses[422] },
});

export const reopen = createRoute({
  middleware: [allow(...ADMIN_ROLES)] as const,
  method: "put",
  path: "/applications/{id}/reopen-watchdog-review",
  security: bearer,
  summary: "Reopen a saved watchdog review of the application so its watchdog can save it again (editor, admin); 409 reviews.errors.review-open if it is open",
  request: { params: IdParam, ...parsedBody(reopenBody) },
  responses: { 200: json(WatchdogReview), ...authErrors, 404: errorResponses[404], 409: conflict("The review is already open"), 422: errorResponses[422] },
});

export const toView = createRoute({
  method: "get",
  path: "/applications/to-view",
  security: bearer,
  summary: "The applications the caller views (viewer), with whether they saved the confidentiality declaration (they read an application only after)",
  responses: {
    200: json(
      z.object({
        data: z.array(
          z.object({
            id: z.number(), application_id: z.number(), declared: z.boolean(), accepted_at: z.string().nullable(), acronym: z.string().nullable(), next: NextActionSchema,
            title: z.string().nullable(), application_status: z.enum(APPLICATION_STATUSES), call_id: z.number(), call_title: z.string(),
          }),
        ),
      }),
    ),
    ...authErrors,
  },
});

export const viewerDeclare = createRoute({
  method: "put",
  path: "/applications/{id}/viewer-save-confidential",
  security: bearer,
  summary: "The viewer saves the confidentiality declaration (setting confidential-declaration-viewer) for the application; then GET /api/applications/{id} lets them read it",
  middleware: [allowRow(viewerAssignment)] as const,
  request: { params: IdParam, ...parsedBody(viewerDeclarationBody) },
  responses: { 200: json(z.object({ application_id: z.number(), declared: z.boolean() })), ...authErrors, 404: errorResponses[404], 422: errorResponses[422] },
});
