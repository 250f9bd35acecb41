// The infrastructures API contract: every operation, its parameters and its answers.
import { createRoute, z } from "@hono/zod-openapi";
import { infrastructureSchema } from "~/domain/infrastructures/infrastructure";
import { infrastructureListQuery } from "~/domain/infrastructures/infrastructure-list.server";
import { authErrors, bearer, conflict, errorResponses, IdParam, json, MetaSchema, pageOf, pagingQuery, restoreRoute, trashRoute } from "../schemas";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { domainBody, parsedBody } from "../contract";
import { allow } from "../guards.server";
import { InfrastructureSchema, MyInfrastructureSchema } from "./schemas";

// The body is the domain's schema (the one the form runs). Only the name is
// required of clients: absent periods and administrators default to none. A
// creation's body is parsed before the handler; an update's by the domain,
// which reads it by who sends it (staff may not change the staff, and learn
// nothing of an infrastructure that is not theirs).
const createBody = parsedBody(infrastructureSchema, "Absent periods and administrators default to none", { defaults: { administrators: [], periods: [] } });
const updateBody = domainBody(infrastructureSchema, "Absent periods and administrators default to none; updated_at is the one read", ["periods", "administrators"]);

const Options = z.object({ data: z.array(z.object({ label: z.string(), value: z.number() })), meta: MetaSchema });
const Lookups = z.object({ data: z.array(z.object({ label: z.string(), value: z.string() })) }).openapi("LookupList");

export const optionList = createRoute({
  method: "get",
  path: "/infrastructures/option-list",
  security: bearer,
  summary: "Live infrastructures as an option list (label name, value id; editor, admin)",
  request: { query: z.object(pagingQuery(1000)) },
  responses: { 200: json(Options), ...authErrors, 422: errorResponses[422] },
});

const lookup = (path: string, summary: string) =>
  createRoute({ method: "get", path, security: bearer, summary, responses: { 200: json(Lookups), 401: errorResponses[401] } });
export const categories = lookup("/infrastructures/categories", "Infrastructure categories (signed-in users)");
export const costCalculations = lookup("/infrastructures/cost-calculations-list", "Cost calculation methods (signed-in users)");
export const unitCosts = lookup("/infrastructures/unit-costs", "Unit cost types (signed-in users)");

export const my = createRoute({
  method: "get",
  path: "/infrastructures/my",
  security: bearer,
  summary: "The signed-in user's infrastructures as manager or administrator (permission infrastructure-index)",
  request: { query: z.object(pagingQuery(20)) },
  responses: { 200: pageOf(MyInfrastructureSchema), ...authErrors, 422: errorResponses[422] },
});

export const list = createRoute({
  method: "get",
  path: "/infrastructures",
  security: bearer,
  summary: "All infrastructures with q, country, category, trashed, sorting and paging (editor, admin)",
  request: { query: infrastructureListQuery },
  responses: { 200: pageOf(InfrastructureSchema), ...authErrors, 422: errorResponses[422] },
});

export const create = createRoute({
  middleware: [allow(...ADMIN_ROLES)] as const,
  method: "post",
  path: "/infrastructures",
  security: bearer,
  summary: "Create an infrastructure with its periods, staff and acceptance agreement (editor, admin)",
  request: createBody,
  responses: { 201: json(InfrastructureSchema, "Created"), ...authErrors, 422: errorResponses[422] },
});

export const one = createRoute({
  method: "get",
  path: "/infrastructures/{id}",
  security: bearer,
  summary: "One infrastructure (editor, admin, or its own manager and administrators; else 404)",
  request: { params: IdParam },
  responses: { 200: json(InfrastructureSchema), 401: errorResponses[401], 404: errorResponses[404] },
});

export const update = createRoute({
  method: "put",
  path: "/infrastructures/{id}",
  security: bearer,
  summary:
    "Replace an infrastructure (editor, admin, or its own staff, who may not change its manager or administrators). " +
    "The body carries the updated_at it was read with; a stale one answers 409.",
  request: { params: IdParam, ...updateBody },
  responses: {
    200: json(InfrastructureSchema),
    ...authErrors,
    404: errorResponses[404],
    409: conflict("Stale updated_at"),
    422: errorResponses[422],
  },
});

export const remove = trashRoute(
  "/infrastructures",
  "Soft-delete an infrastructure (editor, admin)",
  "A published or open call offers it (infrastructure.offered-by-call)",
);
export const restore = restoreRoute("/infrastructures", "Restore a soft-deleted infrastructure (editor, admin)", InfrastructureSchema);

