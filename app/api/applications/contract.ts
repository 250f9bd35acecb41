// The applications API contract (the applicant's part; the staff
// stages extend it). Bodies are the domain's schemas (application-bodies.ts),
// parsed by the write pipeline.
import { createRoute, z } from "@hono/zod-openapi";
import * as zm from "zod/mini";
import { createBody, saveBody, submitBody } from "~/domain/applications/application-bodies";
import type { Draft } from "~/domain/applications/draft";
import { STEPS, type StepSlug } from "~/domain/applications/steps";
import { TASK_STATUSES } from "~/domain/applications/task-status";
import { appendicesDraft } from "~/domain/applications/section-appendices";
import { costsDraft } from "~/domain/applications/section-costs";
import { groupDraft } from "~/domain/applications/section-group";
import { logisticsDraft } from "~/domain/applications/section-logistics";
import { projectDraft } from "~/domain/applications/section-project";
import { publicationsDraft } from "~/domain/applications/section-publications";
import { termsDraft } from "~/domain/applications/section-terms";
import { applicationListQuery } from "~/domain/applications/application-list.server";
import { ownDraft } from "~/domain/applications/application-write.server";
import { keepsCaller, parsedBody } from "../contract";
import { NextActionSchema } from "../dashboard/contract";
import { allowAccess, allowRow } from "../guards.server";
import { APPLICATION_STATUSES } from "~/domain/applications/status";
import { CALL_STATUSES } from "~/domain/calls/call-status";
import { authErrors, bearer, conflict, errorResponses, IdParam, json, pageOf } from "../schemas";

const Period = z.object({ date_from: z.string(), date_to: z.string() });
const WizardInfrastructure = z
  .object({
    id: z.number(), name: z.string(), short_name: z.string().nullable(), periods: z.array(Period),
    preset_unit_cost: z.boolean(), cost_per_unit: z.string().nullable(), unit_cost_type: z.string().nullable(),
  })
  .openapi("WizardInfrastructure");
const WizardCall = z
  .object({
    id: z.number(), title: z.string(), title_fr: z.string().nullable(), status: z.enum(CALL_STATUSES), is_open: z.boolean(), open_at: z.string(), close_at: z.string(), evaluation_date: z.string(),
    start_at: z.string().nullable().openapi({ description: "The call's access bounds: every access falls between start_at and end_at when set" }), end_at: z.string().nullable(),
    remote_access: z.boolean(), physical_access: z.boolean(), ri_training: z.boolean(), data_management_training: z.boolean(),
    spare_berths_training: z.boolean(), data_management_plan: z.boolean(), new_publications: z.boolean(),
  })
  .openapi("WizardCall");
// The draft document (ADR 018): each section as its step's draft schema
// bounds it. The API answers what it stored, so the document shows that
// schema and callers read the domain's Draft type.
const draftSections = zm.object({
  terms: zm.optional(termsDraft), project: zm.optional(projectDraft), group: zm.optional(groupDraft), logistics: zm.optional(logisticsDraft),
  costs: zm.optional(costsDraft), publications: zm.optional(publicationsDraft), appendices: zm.optional(appendicesDraft),
});
const { $schema: _, ...draftJsonSchema } = zm.toJSONSchema(draftSections, { io: "output", unrepresentable: "any" }) as Record<string, unknown>;
const DraftSchema = z.custom<Draft>().openapi({
  ...draftJsonSchema,
  description: "The wizard's sections as saved (terms, project, group, logistics, costs, publications, appendices)",
} as never);
const Errors = z.record(z.string(), z.array(z.string()));
const StepState = z
  .object({
    slug: z.enum(STEPS.map((s) => s.slug) as [StepSlug, ...StepSlug[]]), errors: Errors, suggestions: z.array(z.string()), complete: z.boolean(),
    status: z.enum(TASK_STATUSES).openapi({ description: "The step's task-list status: completed once gone past and valid, in progress once something is stored in it (docs/ui.md#wizard)" }),
  })
  .openapi("StepState");

export const ApplicationSchema = z
  .object({
    id: z.number(),
    status: z.enum(APPLICATION_STATUSES),
    step: z.number().openapi({ description: "The furthest wizard step reached (1 to 9)" }),
    acronym: z.string().nullable(),
    title: z.string().nullable(),
    owner: z.object({ id: z.number(), display_name: z.string().nullable() }),
    call: WizardCall,
    infrastructures: z.array(WizardInfrastructure).openapi({ description: "The call's infrastructures with their available periods and unit costs" }),
    settings: z.object({
      consortium: z.string(), askConsortium: z.boolean(), showTravelRouteAndMeans: z.boolean(), contactedRiOperator: z.boolean(),
      recommendationLetter: z.boolean(), publications: z.boolean(), riTraining: z.boolean(), dataTraining: z.boolean(), spareBerths: z.boolean(),
      dataManagementPlan: z.boolean(),
    }).openapi({ description: "The settings the wizard reads: a training question or the data management plan draft is asked where the call's switch is on too" }),
    draft: DraftSchema,
    steps: z.array(StepState).openapi({ description: "Each of the nine steps with its errors (message keys by field) and suggestions" }),
    complete: z.boolean(),
    is_leader: z.boolean().openapi({ description: "Whether the caller is the member marked group leader (only they may submit)" }),
    reviewer_roles: z.array(z.enum(["evaluator", "watchdog", "viewer"])).openapi({ description: "What the caller reviews this application as" }),
    evaluation_complete: z.boolean(),
    media: z.array(z.object({ id: z.number(), name: z.string(), mime_type: z.string(), size: z.number(), collection: z.string() })),
    history: z.array(z.object({ from_status: z.enum(APPLICATION_STATUSES).nullable(), to_status: z.enum(APPLICATION_STATUSES), notes: z.string().nullable(), created_at: z.string(), by: z.string().nullable() })),
    submitted_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string().openapi({ description: "The version to send back on PUT" }),
  })
  .openapi("Application");

export const ApplicationRow = z
  .object({
    id: z.number(), status: z.enum(APPLICATION_STATUSES), step: z.number(), acronym: z.string().nullable(), title: z.string().nullable(),
    call_id: z.number(), call_title: z.string(), call_close_at: z.string(), evaluation_date: z.string(),
    submitted_at: z.string().nullable(), created_at: z.string(), updated_at: z.string(),
  })
  .openapi("ApplicationRow");

/** A row of My applications: with what its owner does next (app/domain/todo/next-action.ts). */
const MyApplicationRow = ApplicationRow.extend({
  next: NextActionSchema,
  call_title_fr: z.string().nullable().openapi({ description: "The call's French title; null: the English one is shown to French readers (ADR 052)" }),
}).openapi("MyApplicationRow");

const notDraft = { 409: conflict("Stale updated_at (applications.stale), or the application is no longer a draft (applications.not-draft)") };

export const my = createRoute({
  method: "get",
  path: "/applications/my",
  security: bearer,
  summary: "The caller's own applications, newest change first, each with its next action (status[] and call_id[] filters, 20 per page)",
  request: { query: applicationListQuery },
  responses: { 200: pageOf(MyApplicationRow), ...authErrors, 422: errorResponses[422] },
});

export const myCalls = createRoute({
  method: "get",
  path: "/applications/my/calls",
  security: bearer,
  summary: "The calls the caller has applications in (the call filter of My applications)",
  responses: { 200: json(z.object({ data: z.array(z.object({ value: z.number(), label: z.string(), label_fr: z.string().nullable().openapi({ description: "The call's French title, if written" }) })) })), ...authErrors },
});

// GET /api/applications (the staff list, and each applicant's own): app/api/admin-applications.

// The applicant's writes check the permission, then the caller's own draft, before the body.
const mayCreate = allowAccess({ permissions: ["application-store"] });
const mayUpdate = allowAccess({ permissions: ["application-update"] });

export const create = createRoute({
  method: "post",
  path: "/applications",
  security: bearer,
  middleware: [mayCreate] as const,
  summary: "Start an application to an open call: a draft at step 1 owned by the caller, the first member prefilled from their profile",
  description:
    "422 'The call is closed, application is no longer available' when the call is not open; 422 'Your organization's country is not authorized to participate in this call'; 422 applications.country-missing when the call excludes countries and the caller's organization country is not set.",
  request: parsedBody(createBody, "The call, and an earlier application of the caller's to copy project, group, publications and appendices from"),
  responses: {
    201: json(z.object({ id: z.number(), status: z.enum(APPLICATION_STATUSES), step: z.number() }), "Created"),
    ...authErrors,
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

const nullableText = z.string().nullable();
const ProposedCost = z.object({
  item: nullableText, cost: nullableText.openapi({ description: "Euro per unit, as typed" }), cost_type: nullableText,
  unit_number: nullableText, unit_type: nullableText, notes: nullableText,
  amount: z.number().openapi({ description: "cost × unit number (1 when none) in euro; 0 when the cost is not a valid amount" }),
});
const AccessCosts = z.object({
  access_key: nullableText, type: nullableText, date_from: nullableText, date_to: nullableText,
  infrastructure: z.object({ id: z.number().nullable(), name: nullableText, short_name: nullableText }),
  costs: z.array(ProposedCost),
  total: z.number().openapi({ description: "The access's total in euro" }),
});

export const proposedCosts = createRoute({
  method: "get",
  path: "/applications/{id}/proposed-costs",
  security: bearer,
  summary: "The proposed costs of each access of the application (its owner, editors and admins), with each access's total and the grand total in euro",
  request: { params: IdParam },
  responses: {
    200: json(z.object({ data: z.array(AccessCosts), total: z.number(), currency: z.literal("EUR") }).openapi("ProposedCosts")),
    ...authErrors,
    404: errorResponses[404],
  },
});

export const one = createRoute({
  method: "get",
  path: "/applications/{id}",
  security: bearer,
  summary: "One application (its owner, editors and admins) with what its wizard steps need and each step's errors",
  request: { params: IdParam },
  responses: { 200: json(ApplicationSchema), ...authErrors, 404: errorResponses[404] },
});

// A step's save changes the draft only: the caller stays as the API resolved them (app/api/contract.ts).
export const update = keepsCaller(createRoute({
  method: "put",
  path: "/applications/{id}",
  security: bearer,
  middleware: [mayUpdate, allowRow(ownDraft)] as const,
  summary: "Save one wizard step of the caller's draft, valid or not; `advance` moves on when every step up to it is complete",
  request: { params: IdParam, ...parsedBody(saveBody, "The step, its values (the step's section, replaced whole) and the updated_at last read") },
  responses: { 200: json(ApplicationSchema), ...authErrors, 404: errorResponses[404], ...notDraft, 422: errorResponses[422] },
}));

export const submit = createRoute({
  method: "put",
  path: "/applications/{id}/submit",
  security: bearer,
  middleware: [mayUpdate, allowRow(ownDraft)] as const,
  summary: "Submit the draft: the group leader only (403), while the call is open, every step complete (422 with each error as `<section>.<field>`)",
  request: { params: IdParam, ...parsedBody(submitBody, "The updated_at last read") },
  responses: { 200: json(ApplicationSchema), ...authErrors, 404: errorResponses[404], ...notDraft, 422: errorResponses[422] },
});

export const remove = createRoute({
  method: "delete",
  path: "/applications/{id}",
  security: bearer,
  summary: "Delete the caller's draft (drafts only, owner only)",
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, ...authErrors, 404: errorResponses[404], ...notDraft },
});
