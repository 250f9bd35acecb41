// The infrastructure decision ('sm' step, docs/lifecycle.md#infrastructure-decision): the applications at
// the caller's infrastructures, one application's decisions, the decision
// itself, the editor's reopen and the access dates. Bodies are the domain's
// schemas (app/domain/ri-decisions/bodies.ts), parsed by the write pipeline.
import { createRoute, z } from "@hono/zod-openapi";
import { movableAccess } from "~/domain/ri-decisions/access-dates.server";
import { accessDatesBody, reopenBody, smDecisionBody } from "~/domain/ri-decisions/bodies";
import { decisionAccess } from "~/domain/ri-decisions/read.server";
import { RI_STATUSES } from "~/domain/ri-decisions/list.server";
import { INFRA_STAFF_ROLES } from "~/domain/users/roles";
import { APPLICATION_STATUSES } from "~/domain/applications/status";
import { ACCESS_STATUSES } from "~/domain/applications/access-status";
import { FILTER_LIST_MAX } from "~/domain/admin-applications/columns";
import { ID_MAX } from "~/domain/id-rules";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { parsedBody } from "../contract";
import { allow, allowRow } from "../guards.server";
import { ApplicationSchema } from "../applications/contract";
import { NextActionSchema } from "../dashboard/contract";
import { authErrors, bearer, conflict, errorResponses, IdParam, json, pagingQuery } from "../schemas";

const euro = z.string().nullable().openapi({ description: "Euro, as a decimal string" });

const DecisionRow = z.object({
  id: z.number().openapi({ description: "The application infrastructure" }), infrastructure_id: z.number(), name: z.string(),
  has_eligible_accesses: z.boolean().nullable(), sm_accepted: z.boolean().nullable(), decided: z.boolean(),
});

export const AtMyRiRow = z
  .object({
    id: z.number(), acronym: z.string().nullable(), title: z.string().nullable(), status: z.enum(APPLICATION_STATUSES),
    submitted_at: z.string().nullable(), sm_decision_date: z.string().nullable(),
    call: z.object({ id: z.number(), title: z.string(), evaluation_manager_date: z.string() }),
    deadline_passed: z.boolean().openapi({ description: "Today (Brussels) is after the call's evaluation_manager_date: decisions are closed" }),
    decisions: z.array(DecisionRow).openapi({ description: "The caller's infrastructures among the requested ones (every one for the admin role and editors who run none)" }),
    next: NextActionSchema,
  })
  .openapi("ApplicationAtMyRi");

const csv = (v: unknown) => (typeof v === "string" ? v.split(",").filter(Boolean) : v);

export const atMyInfrastructures = createRoute({
  method: "get",
  path: "/applications/at-my-infrastructures",
  security: bearer,
  middleware: [allow(...INFRA_STAFF_ROLES, ...ADMIN_ROLES)] as const,
  summary:
    "Infrastructure staff: the applications with accesses at their infrastructures, from submit when show-application-submit-ri-staff is yes, else from under-evaluation (a manager who is also an editor: their own infrastructures only; the admin role: every one), each with its next action; work to do first, then newest first",
  request: {
    query: z.object({
      ri_status: z.enum(RI_STATUSES).optional().openapi({ description: "pending: a decision of the caller's still to make; submit: all of theirs made; all: no filter" }),
      report_status: z.enum(RI_STATUSES).optional().openapi({ description: "Research infrastructure report status: pending, a submitted report's access of the caller's still to confirm; submit, all confirmed; all: no filter" }),
      call_id: z.coerce.number().int().positive().max(ID_MAX).optional(),
      "status[]": z.preprocess(csv, z.array(z.enum(APPLICATION_STATUSES)).max(FILTER_LIST_MAX)).optional(),
      ...pagingQuery(20),
    }),
  },
  responses: {
    200: json(z.object({ data: z.array(AtMyRiRow), meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }), calls: z.array(z.object({ id: z.number(), title: z.string() })) })),
    ...authErrors,
    422: errorResponses[422],
  },
});

const Access = z.object({
  id: z.number(), type: z.string(), member_email: z.string().nullable(), date_from: z.string(), date_to: z.string(), requested_units: z.number(),
  eligible: z.boolean().nullable(), status: z.enum(ACCESS_STATUSES), updated_at: z.string(),
  can_edit_dates: z.boolean().openapi({ description: "Editors; the infrastructure's staff when ri-access-editable is yes" }),
});

export const DecisionsSchema = z
  .object({
    id: z.number(), status: z.enum(APPLICATION_STATUSES), acronym: z.string().nullable(), title: z.string().nullable(), updated_at: z.string(),
    sm_decision_date: z.string().nullable(),
    call: z.object({ id: z.number(), title: z.string(), evaluation_manager_date: z.string() }),
    deadline_passed: z.boolean(),
    infrastructures: z.array(
      z.object({
        id: z.number(), infrastructure_id: z.number(), name: z.string(), short_name: z.string().nullable(), has_eligible_accesses: z.boolean().nullable(),
        updated_at: z.string().openapi({ description: "The version to send back with a decision or a reopen" }),
        ta_recommended: z.boolean().nullable(), ta_units: z.number().nullable(), ta_participants: z.number().nullable(), ta_budget: euro, ta_recommendation: z.string().nullable(),
        sm_accepted: z.boolean().nullable(), sm_units: z.number().nullable(), sm_participants: z.number().nullable(), sm_budget: euro, sm_justification: z.string().nullable(),
        sm_decided_at: z.string().nullable(), decided_by: z.string().nullable(),
        own: z.boolean().openapi({ description: "The caller is this infrastructure's manager or administrator" }),
        can_decide: z.boolean(), can_reopen: z.boolean(),
        accesses: z.array(Access),
      }),
    ),
    application: ApplicationSchema,
  })
  .openapi("SmDecisions");

const missing = { 404: errorResponses[404] };
const refused = {
  409: conflict("Stale updated_at (ri-decisions.errors.stale), or the state refuses it: ri-decisions.errors.not-under-evaluation, ri-decisions.errors.decided, ri-decisions.errors.not-decided, ri-decisions.errors.dates-closed"),
  422: errorResponses[422],
};

export const decisions = createRoute({
  method: "get",
  path: "/applications/{id}/sm-decision",
  security: bearer,
  middleware: [allow(...INFRA_STAFF_ROLES, ...ADMIN_ROLES)] as const,
  summary: "The decisions of one application: the caller's infrastructures (staff) or every one (editors), with the panel's recommendation, the accesses and the application",
  request: { params: IdParam },
  responses: { 200: json(DecisionsSchema), ...authErrors, ...missing },
});

export const decide = createRoute({
  method: "put",
  path: "/applications/{id}/sm-decision",
  security: bearer,
  middleware: [allow(...INFRA_STAFF_ROLES), allowRow(decisionAccess)] as const,
  summary:
    "Infrastructure staff: the decision for one application infrastructure of their own infrastructure (403 for another's), while under evaluation and until the call's evaluation_manager_date (422 after); every field required when it has eligible accesses",
  request: { params: IdParam, ...parsedBody(smDecisionBody, "The application infrastructure, the decision, and its updated_at last read") },
  responses: { 200: json(DecisionsSchema), ...authErrors, ...missing, ...refused },
});

export const reopen = createRoute({
  method: "put",
  path: "/applications/{id}/reopen-sm-decision",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "Editor: reopen an infrastructure's decision (while under evaluation) so its staff can decide again",
  request: { params: IdParam, ...parsedBody(reopenBody, "The application infrastructure and its updated_at last read") },
  responses: { 200: json(DecisionsSchema), ...authErrors, ...missing, ...refused },
});

export const accessDates = createRoute({
  method: "put",
  path: "/accesses/{id}/dates",
  security: bearer,
  middleware: [allow(...INFRA_STAFF_ROLES, ...ADMIN_ROLES), allowRow(movableAccess)] as const,
  summary:
    "Editors, and the infrastructure's staff when ri-access-editable is yes: an access's dates, inside one of the infrastructure's available periods ('Date is not included in the research infrastructure available period')",
  request: { params: IdParam, ...parsedBody(accessDatesBody, "The new dates and the access's updated_at last read") },
  responses: {
    200: json(z.object({ id: z.number(), date_from: z.string(), date_to: z.string(), updated_at: z.string() })),
    ...authErrors,
    ...missing,
    ...refused,
  },
});
