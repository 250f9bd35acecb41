// The intake contract (docs/lifecycle.md#eligibility, #assignment): what staff see of one application and the
// status changes, eligibility and assignment they make. Bodies are the
// domain's schemas (app/domain/intake/intake-bodies.ts), parsed by the write pipeline.
import { createRoute, z } from "@hono/zod-openapi";
import { changeStatusBody, eligibilityBody, infrastructureChangeBody, REVIEWERS_MAX, saveWdBody, transitionBody } from "~/domain/intake/intake-bodies";
import { ID_MAX } from "~/domain/id-rules";
import { parsedBody } from "../contract";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { APPLICATION_STATUSES } from "~/domain/applications/status";
import { ACCESS_STATUSES } from "~/domain/applications/access-status";
import { REVIEWER_STATES } from "~/domain/reviews/states";
import { TRANSNATIONAL_REASONS } from "~/domain/intake/transnational";
import { allow } from "../guards.server";
import { authErrors, bearer, conflict, errorResponses, IdParam, json } from "../schemas";

const Person = z.object({ id: z.number(), name: z.string(), email: z.string() });
const Access = z.object({
  id: z.number(), application_infrastructure_id: z.number(), type: z.string(), member_email: z.string().nullable(),
  date_from: z.string(), date_to: z.string(), requested_units: z.number(), eligible: z.boolean().nullable(), status: z.enum(ACCESS_STATUSES),
});
const Reviewer = z.object({
  id: z.number(), user_id: z.number(), role: z.enum(["evaluator", "watchdog", "viewer"]), state: z.enum(REVIEWER_STATES),
  submitted_at: z.string().nullable(), conflict_note: z.string().nullable(), name: z.string(), email: z.string(),
});
const Transnational = z
  .object({
    eligible: z.boolean().nullable().openapi({ description: "Transnational access: the group leader and most members work outside the infrastructure's country and the call's excluded ones; null when it cannot be told" }),
    reason: z.enum(TRANSNATIONAL_REASONS),
    country: z.string().nullable().openapi({ description: "The infrastructure's country (ISO code)" }),
    excluded: z.array(z.string()).openapi({ description: "The countries the call excludes" }),
    leader_country: z.string().nullable().openapi({ description: "Where the group leader works" }),
    members: z.number(),
    outside: z.number().openapi({ description: "Members working outside the infrastructure's country and the excluded ones" }),
    missing: z.number().openapi({ description: "Members without a work country" }),
  })
  .openapi("Transnational");
const TransitionOffer = z.object({
  name: z.string(), endpoint: z.string(), to: z.string().nullable(),
  blockers: z.array(z.string()).openapi({ description: "Pre-conditions not met yet (message key intake.blocked.<name>)" }),
  notes_required: z.boolean(),
});

export const IntakeSchema = z
  .object({
    id: z.number(),
    status: z.enum(APPLICATION_STATUSES),
    updated_at: z.string(),
    eligibility_notes: z.string().nullable(),
    evaluation_complete: z.boolean(),
    ta_recommendation_complete: z.boolean(),
    recommendation_date: z.string().nullable(),
    sm_decision_date: z.string().nullable(),
    infrastructures: z.array(
      z.object({
        id: z.number(), infrastructure_id: z.number(), name: z.string(), short_name: z.string().nullable(),
        has_eligible_accesses: z.boolean().nullable(), accesses: z.array(Access), transnational: Transnational,
        ta_recommended: z.boolean().nullable(), ta_units: z.number().nullable(), ta_participants: z.number().nullable(),
        ta_budget: z.string().nullable().openapi({ description: "Euro, as a decimal string" }),
        sm_accepted: z.boolean().nullable(), sm_units: z.number().nullable(), sm_participants: z.number().nullable(),
        sm_budget: z.string().nullable().openapi({ description: "Euro, as a decimal string" }), sm_decided_at: z.string().nullable(),
        changeable: z.boolean().openapi({ description: "The editor may still replace it by another infrastructure (PUT /applications/{id}/infrastructure)" }),
      }),
    ),
    offered: z
      .array(z.object({ id: z.number(), name: z.string(), short_name: z.string().nullable() }))
      .openapi({ description: "The infrastructures the application's call offers, in name order" }),
    reviewers: z.array(Reviewer),
    transitions: z.array(TransitionOffer).openapi({ description: "The status changes the lifecycle table offers the editor now" }),
    candidates: z.object({ evaluator: z.array(Person), watchdog: z.array(Person), viewer: z.array(Person) }),
  })
  .openapi("ApplicationIntake");

const ConflictSchema = z
  .object({
    data: z.array(
      z.object({
        user_id: z.number(),
        kind: z.enum(["viewer-and-reviewer", "evaluator-and-watchdog", "infrastructure-staff", "team-member", "same-organization", "same-email-domain"]),
        blocking: z.boolean().openapi({ description: "true: save-wd refuses it (a viewer who also evaluates or watches)" }),
      }),
    ),
  })
  .openapi("AssignmentConflicts");

const staleOr = { 409: conflict("Stale updated_at, or the application is not in a status that allows it"), 422: errorResponses[422] };
const missing = { 404: errorResponses[404] };

export const intake = createRoute({
  method: "get",
  path: "/applications/{id}/intake",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "Staff: the application's infrastructures and accesses with eligibility, its reviewers, the status changes offered now and who may be assigned",
  request: { params: IdParam },
  responses: { 200: json(IntakeSchema), ...authErrors, ...missing },
});

const statusRoute = <B>(path: string, summary: string, body: B) =>
  createRoute({
    method: "put",
    path: `/applications/{id}/${path}`,
    security: bearer,
    middleware: [allow(...ADMIN_ROLES)] as const,
    summary,
    request: { params: IdParam, ...body },
    responses: { 200: json(z.object({ from: z.string(), to: z.string() })), ...authErrors, ...missing, ...staleOr },
  });

export const changeStatus = statusRoute(
  "change-status",
  "Editor: change the status. A change the lifecycle table names (e.g. submit → under-evaluation) needs its pre-conditions; any other needs notes",
  parsedBody(changeStatusBody, "The status, notes, and the updated_at last read"),
);
export const restoreDraft = statusRoute("restore-draft", "Editor: send a submitted application back to draft", parsedBody(transitionBody, "Notes and the updated_at last read"));
export const undoWithdrawn = statusRoute("undo-withdrawn", "Editor: give a withdrawn application back its previous status", parsedBody(transitionBody, "Notes and the updated_at last read"));
export const reopenReporting = statusRoute("reopen-reporting-status", "Editor: return a reported application to reporting", parsedBody(transitionBody, "Notes and the updated_at last read"));

export const eligibility = createRoute({
  method: "put",
  path: "/applications/{id}/eligibility",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "Editor: eligibility of every access of a submitted application; notes required when none is eligible",
  request: { params: IdParam, ...parsedBody(eligibilityBody, "A decision per access, notes, and the updated_at last read") },
  responses: { 200: json(IntakeSchema), ...authErrors, ...missing, ...staleOr },
});

export const changeInfrastructure = createRoute({
  method: "put",
  path: "/applications/{id}/infrastructure",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary:
    "Editor: replace one requested infrastructure by another the call offers, while the application is submitted or under evaluation and that infrastructure has not decided; its accesses move with it and the panel's recommendation for it is cleared",
  request: { params: IdParam, ...parsedBody(infrastructureChangeBody, "The application infrastructure, the infrastructure it moves to, and the application's updated_at last read") },
  responses: { 200: json(IntakeSchema), ...authErrors, ...missing, ...staleOr },
});

export const saveWd = createRoute({
  method: "put",
  path: "/applications/{id}/save-wd",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "Editor: the evaluators, watchdogs and viewers of an application under evaluation (the lists replace the current ones); a viewer may not also evaluate or watch (422)",
  request: { params: IdParam, ...parsedBody(saveWdBody, "The three lists of user ids and the updated_at last read", { optional: ["evaluators", "watchdogs", "viewers"] }) },
  responses: { 200: json(IntakeSchema), ...authErrors, ...missing, ...staleOr },
});

const csv = (v: unknown) => (typeof v === "string" ? v.split(",").filter(Boolean) : v);
const idList = z.preprocess(csv, z.array(z.coerce.number().int().positive().max(ID_MAX)).max(REVIEWERS_MAX)).optional();

export const saveConflict = createRoute({
  method: "get",
  path: "/applications/{id}/save-conflict",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "Editor: the warnings an assignment would raise, before saving it",
  request: { params: IdParam, query: z.object({ "evaluators[]": idList, "watchdogs[]": idList, "viewers[]": idList }) },
  responses: { 200: json(ConflictSchema), ...authErrors, ...missing, 422: errorResponses[422] },
});
