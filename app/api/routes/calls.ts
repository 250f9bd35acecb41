import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { callListQuery } from "~/domain/call";
import { callOptions, getCall, listCalls, openedCalls } from "~/domain/calls.server";
import { createCall, setCallTrashed, updateCall } from "~/domain/call-save.server";
import { ADMIN_ROLES, isAdminArea } from "~/domain/roles";
import type { ApiEnv } from "../context";
import { requireRole } from "../guards.server";
import {
  authErrors, bearer, conflict, errorResponses, IdParam, json, jsonBody, pageOf, pagingQuery, restoreRoute, trashRoute,
} from "../schemas";

const InfrastructureRef = z.object({ id: z.number(), name: z.string(), short_name: z.string().nullable() });
const Medium = z.object({ id: z.number(), name: z.string(), mime_type: z.string(), size: z.number() }).nullable();

export const CallSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    description: z.string().nullable(),
    status: z.string(),
    open_at: z.string(),
    close_at: z.string(),
    remote_access: z.boolean(),
    physical_access: z.boolean(),
    is_open: z.boolean(),
    owner: z.object({ id: z.number(), display_name: z.string() }).nullable(),
    unauthorized_countries: z.array(z.string()),
    available_infrastructures: z.array(InfrastructureRef).optional(),
    acceptance_agreement: Medium.optional(),
    scientific_report_template: Medium.optional(),
    data_man_template: Medium.optional(),
  })
  .loose()
  .openapi("Call");

const opened = createRoute({
  method: "get",
  path: "/calls/opened",
  summary: "Calls announced or open and not yet closed (public)",
  responses: { 200: json(z.object({ data: z.array(CallSchema) })) },
});

const list = createRoute({
  method: "get",
  path: "/calls",
  security: bearer,
  summary: "All calls with the SPEC §3 call list filter (editor, admin)",
  request: { query: callListQuery },
  responses: { 200: pageOf(CallSchema), ...authErrors, 422: errorResponses[422] },
});

const one = createRoute({
  method: "get",
  path: "/calls/{id}",
  summary: "One call with its infrastructures and files (drafts and trashed calls for editors and admins only)",
  request: { params: IdParam },
  responses: { 200: json(CallSchema), 404: errorResponses[404] },
});

const OptionQuery = z.object(pagingQuery(1000));

const optionList = createRoute({
  method: "get",
  path: "/calls/option-list",
  security: bearer,
  summary: "Live calls as an option list (label title, value id; 1000 per page; editor, admin)",
  request: { query: OptionQuery },
  responses: { 200: pageOf(z.object({ label: z.string(), value: z.number() })), ...authErrors, 422: errorResponses[422] },
});

// The body is documented here but validated by the domain's shared call schema
// (app/domain/call-form.ts), which reports every field error at once with the
// form's message keys; hence the permissive field types.
const doc = (openapi: Record<string, unknown>) => z.unknown().optional().openapi(openapi);
const day = (description: string) => doc({ type: "string", format: "date", description });
const flag = (description: string) => doc({ type: "boolean", default: false, description });
const CallInputSchema = z
  .object({
    title: doc({ type: "string", maxLength: 255 }),
    description: doc({ type: "string", maxLength: 4242 }),
    status: doc({ type: "string", enum: ["draft", "publish", "open", "closed"], description: "PUT only: POST always creates a draft" }),
    open_at: day("Required"),
    close_at: day("Required, on or after open_at"),
    start_at: day("Given together with end_at"),
    end_at: day("Given together with start_at, not before it"),
    evaluation_date: day("Required"),
    evaluation_manager_date: day("Required"),
    acceptance_date: day("Required"),
    sm_reminder_date: day("Optional"),
    user_report_days: doc({ type: "integer", minimum: 1 }),
    physical_access: flag("Not together with remote_access"),
    remote_access: flag("Not together with physical_access"),
    ri_training: flag("Training switch"),
    data_management_training: flag("Training switch"),
    spare_berths_training: flag("Training switch"),
    new_publications: flag("Applicants list new publications"),
    half_point_rating: flag("Evaluators may score in half points"),
    data_management_plan: flag("A data management plan is asked"),
    unauthorized_countries: doc({ type: "array", items: { type: "string", pattern: "^[A-Z]{2}$" }, description: "Codes from GET /api/countries" }),
    available_infrastructures: doc({ type: "array", items: { type: "integer" }, description: "Infrastructure ids; required when status is open" }),
    acceptance_agreement: doc({ type: "integer", description: "Medium id (POST /api/media/uploads); required" }),
    scientific_report_template: doc({ type: ["integer", "null"], description: "Medium id" }),
    data_man_template: doc({ type: ["integer", "null"], description: "Medium id" }),
    updated_at: doc({ type: "string", format: "date-time", description: "PUT only, required: the updated_at last read" }),
  })
  .openapi("CallInput", {
    required: ["title", "open_at", "close_at", "evaluation_date", "evaluation_manager_date", "acceptance_date", "user_report_days", "acceptance_agreement"],
  });

const body = jsonBody(CallInputSchema);

const create = createRoute({
  method: "post",
  path: "/calls",
  security: bearer,
  summary: "Create a call (editor, admin). It always starts as draft, whatever the body says; the creator owns it",
  request: body,
  responses: { 201: json(CallSchema, "Created"), ...authErrors, 422: errorResponses[422] },
});

const update = createRoute({
  method: "put",
  path: "/calls/{id}",
  security: bearer,
  summary: "Replace a call (editor, admin), validated in full; updated_at must be the one last read, else 409 call-errors.stale",
  request: { params: IdParam, ...body },
  responses: {
    200: json(CallSchema),
    ...authErrors,
    404: errorResponses[404],
    409: conflict("Stale updated_at: the call changed since it was read"),
    422: errorResponses[422],
  },
});

const remove = trashRoute("/calls", "Move a call to the deleted items (soft delete; editor, admin). 404 if it is already deleted");
const restore = restoreRoute("/calls", "Restore a deleted call (editor, admin); send an empty JSON body. 404 unless the call is deleted", CallSchema);

// Fixed paths (opened, option-list) are registered before /calls/{id}.
export const callRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(opened, async (c) => {
    c.header("Cache-Control", "private, max-age=0, must-revalidate");
    return c.json({ data: await openedCalls(c.get("deps").db) }, 200);
  })
  .openapi(optionList, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    const { page, per_page } = c.req.valid("query");
    return c.json(await callOptions(c.get("deps").db, page, per_page), 200);
  })
  .openapi(create, async (c) => {
    const user = requireRole(c, ...ADMIN_ROLES);
    return c.json(await createCall(c.get("deps").db, c.req.valid("json"), user), 201);
  })
  .openapi(update, async (c) => {
    const user = requireRole(c, ...ADMIN_ROLES);
    return c.json(await updateCall(c.get("deps").db, c.req.valid("param").id, c.req.valid("json"), user), 200);
  })
  .openapi(remove, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    await setCallTrashed(c.get("deps").db, c.req.valid("param").id, true);
    return c.body(null, 204);
  })
  .openapi(restore, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    return c.json(await setCallTrashed(c.get("deps").db, c.req.valid("param").id, false), 200);
  })
  .openapi(list, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    return c.json(await listCalls(c.get("deps").db, c.req.valid("query")), 200);
  })
  .openapi(one, async (c) => {
    const user = c.get("user");
    const call = await getCall(c.get("deps").db, c.req.valid("param").id, user !== null && isAdminArea(user));
    return c.json(call, 200);
  });
