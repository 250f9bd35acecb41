// The calls API contract: every operation, its parameters and its answers.
import { createRoute, z } from "@hono/zod-openapi";
import { callCreateSchema, callUpdateSchema } from "~/domain/calls/call-form";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { parsedBody } from "../contract";
import { callListQuery } from "~/domain/calls/call-list.server";
import { CALL_STATUSES } from "~/domain/calls/call-status";
import { allow } from "../guards.server";
import {
  authErrors, bearer, conflict, errorResponses, IdParam, json, pageOf, pagingQuery, restoreRoute, trashRoute,
} from "../schemas";

const InfrastructureRef = z.object({ id: z.number(), name: z.string(), short_name: z.string().nullable() });
const Medium = z.object({ id: z.number(), name: z.string(), mime_type: z.string(), size: z.number() }).nullable();

export const CallSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    title_fr: z.string().nullable().openapi({ description: "The French title; null: the English one is shown to French readers (ADR 052)" }),
    description: z.string().nullable(),
    description_fr: z.string().nullable(),
    status: z.enum(CALL_STATUSES),
    open_at: z.string(),
    close_at: z.string(),
    remote_access: z.boolean(),
    physical_access: z.boolean(),
    is_open: z.boolean(),
    owner: z.object({ id: z.number(), display_name: z.string() }).nullable(),
    unauthorized_countries: z.array(z.string()),
    updated_at: z.string().openapi({ description: "The version to send back on PUT" }),
    deleted_at: z.string().nullable(),
    available_infrastructures: z.array(InfrastructureRef).optional(),
    acceptance_agreement: Medium.optional(),
    scientific_report_template: Medium.optional(),
    data_man_template: Medium.optional(),
  })
  .loose()
  .openapi("Call");

export const opened = createRoute({
  method: "get",
  path: "/calls/opened",
  summary: "Calls announced or open and not yet closed (public)",
  responses: { 200: json(z.object({ data: z.array(CallSchema) })) },
});

export const list = createRoute({
  method: "get",
  path: "/calls",
  security: bearer,
  summary: "All calls with the call list filter (docs/data.md#list-filters) (editor, admin)",
  request: { query: callListQuery },
  responses: { 200: pageOf(CallSchema), ...authErrors, 422: errorResponses[422] },
});

export const one = createRoute({
  method: "get",
  path: "/calls/{id}",
  summary: "One call with its infrastructures and files (drafts and trashed calls for editors and admins only)",
  request: { params: IdParam },
  responses: { 200: json(CallSchema), 404: errorResponses[404] },
});

const OptionQuery = z.object(pagingQuery(1000));

export const optionList = createRoute({
  method: "get",
  path: "/calls/option-list",
  security: bearer,
  summary: "Live calls as an option list (label title, value id; 1000 per page; editor, admin)",
  request: { query: OptionQuery },
  responses: { 200: pageOf(z.object({ label: z.string(), value: z.number() })), ...authErrors, 422: errorResponses[422] },
});

// Bodies are the domain's call schemas, parsed before the handler (every
// schema error at once, one per field as the call form shows them); the
// countries, infrastructures and criteria named are checked by the domain.
const createBody = parsedBody(callCreateSchema, "POST always creates a draft, whatever status says", { byField: true });
const updateBody = parsedBody(callUpdateSchema, "The whole call; updated_at is the one last read", { byField: true });

export const create = createRoute({
  middleware: [allow(...ADMIN_ROLES)] as const,
  method: "post",
  path: "/calls",
  security: bearer,
  summary: "Create a call (editor, admin). It always starts as draft, whatever the body says; the creator owns it",
  request: createBody,
  responses: { 201: json(CallSchema, "Created"), ...authErrors, 422: errorResponses[422] },
});

export const update = createRoute({
  middleware: [allow(...ADMIN_ROLES)] as const,
  method: "put",
  path: "/calls/{id}",
  security: bearer,
  summary: "Replace a call (editor, admin), validated in full; updated_at must be the one last read, else 409 call-errors.stale",
  request: { params: IdParam, ...updateBody },
  responses: {
    200: json(CallSchema),
    ...authErrors,
    404: errorResponses[404],
    409: conflict("Stale updated_at: the call changed since it was read"),
    422: errorResponses[422],
  },
});

export const remove = trashRoute("/calls", "Move a call to the deleted items (soft delete; editor, admin). 404 if it is already deleted");
export const restore = restoreRoute("/calls", "Restore a deleted call (editor, admin); send an empty JSON body. 404 unless the call is deleted", CallSchema);

