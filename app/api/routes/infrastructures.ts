import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { toJSONSchema } from "zod/mini";
import { COST_CALCULATIONS, INFRASTRUCTURE_CATEGORIES, infrastructureSchema, UNIT_COSTS } from "~/domain/infrastructure";
import { infrastructureListQuery } from "~/domain/infrastructure-list";
import {
  createInfrastructure, deleteInfrastructure, restoreInfrastructure, updateInfrastructure,
} from "~/domain/infrastructure-save.server";
import { getInfrastructure, infrastructureOptions, listInfrastructures, myInfrastructures } from "~/domain/infrastructures.server";
import { ADMIN_ROLES } from "~/domain/roles";
import type { ApiEnv } from "../context";
import { requireAccess, requireRole, requireUser } from "../guards.server";
import {
  authErrors, bearer, conflict, errorResponses, IdParam, json, jsonBody, MetaSchema, pageOf, pagingQuery, restoreRoute, trashRoute,
} from "../schemas";
import { InfrastructureSchema, MyInfrastructureSchema } from "./infrastructure-schemas";

// The body is validated by the domain (the same zod/mini schema the form runs),
// so it reaches the handler as it is; its documented shape is that schema's.
// Only the name is required of clients: absent periods and administrators default to none.
const inputJson = toJSONSchema(infrastructureSchema, { io: "input", unrepresentable: "any" }) as { properties: object };
const Body = z
  .record(z.string(), z.unknown())
  .openapi("InfrastructureInput", { type: "object", properties: inputJson.properties, required: ["name"] } as object);
const body = jsonBody(Body);

const Options = z.object({ data: z.array(z.object({ label: z.string(), value: z.number() })), meta: MetaSchema });
const Lookups = z.object({ data: z.array(z.object({ label: z.string(), value: z.string() })) }).openapi("LookupList");

const optionList = createRoute({
  method: "get",
  path: "/infrastructures/option-list",
  security: bearer,
  summary: "Live infrastructures as an option list (label name, value id; editor, admin)",
  request: { query: z.object(pagingQuery(1000)) },
  responses: { 200: json(Options), ...authErrors, 422: errorResponses[422] },
});

const lookup = (path: string, summary: string) =>
  createRoute({ method: "get", path, security: bearer, summary, responses: { 200: json(Lookups), 401: errorResponses[401] } });
const categories = lookup("/infrastructures/categories", "Infrastructure categories (signed-in users)");
const costCalculations = lookup("/infrastructures/cost-calculations-list", "Cost calculation methods (signed-in users)");
const unitCosts = lookup("/infrastructures/unit-costs", "Unit cost types (signed-in users)");

const my = createRoute({
  method: "get",
  path: "/infrastructures/my",
  security: bearer,
  summary: "The signed-in user's infrastructures as manager or administrator (permission infrastructure-index)",
  request: { query: z.object(pagingQuery(20)) },
  responses: { 200: pageOf(MyInfrastructureSchema), ...authErrors, 422: errorResponses[422] },
});

const list = createRoute({
  method: "get",
  path: "/infrastructures",
  security: bearer,
  summary: "All infrastructures with q, country, category, trashed, sorting and paging (editor, admin)",
  request: { query: infrastructureListQuery },
  responses: { 200: pageOf(InfrastructureSchema), ...authErrors, 422: errorResponses[422] },
});

const create = createRoute({
  method: "post",
  path: "/infrastructures",
  security: bearer,
  summary: "Create an infrastructure with its periods, staff and acceptance agreement (editor, admin)",
  request: body,
  responses: { 201: json(InfrastructureSchema, "Created"), ...authErrors, 422: errorResponses[422] },
});

const one = createRoute({
  method: "get",
  path: "/infrastructures/{id}",
  security: bearer,
  summary: "One infrastructure (editor, admin, or its own manager and administrators; else 404)",
  request: { params: IdParam },
  responses: { 200: json(InfrastructureSchema), 401: errorResponses[401], 404: errorResponses[404] },
});

const update = createRoute({
  method: "put",
  path: "/infrastructures/{id}",
  security: bearer,
  summary:
    "Replace an infrastructure (editor, admin, or its own staff, who may not change its manager or administrators). " +
    "The body carries the updated_at it was read with; a stale one answers 409.",
  request: { params: IdParam, ...body },
  responses: {
    200: json(InfrastructureSchema),
    ...authErrors,
    404: errorResponses[404],
    409: conflict("Stale updated_at"),
    422: errorResponses[422],
  },
});

const remove = trashRoute(
  "/infrastructures",
  "Soft-delete an infrastructure (editor, admin)",
  "A published or open call offers it (infrastructure.offered-by-call)",
);
const restore = restoreRoute("/infrastructures", "Restore a soft-deleted infrastructure (editor, admin)", InfrastructureSchema);

const asLookup = (items: readonly { value: string; label: string }[]) => ({ data: items.map(({ label, value }) => ({ label, value })) });

// Fixed paths come before /infrastructures/{id}, which would otherwise take them.
export const infrastructureRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(optionList, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    const { page, per_page } = c.req.valid("query");
    return c.json(await infrastructureOptions(c.get("deps").db, page, per_page), 200);
  })
  .openapi(categories, async (c) => {
    requireUser(c);
    return c.json(asLookup(INFRASTRUCTURE_CATEGORIES), 200);
  })
  .openapi(costCalculations, async (c) => {
    requireUser(c);
    return c.json(asLookup(COST_CALCULATIONS), 200);
  })
  .openapi(unitCosts, async (c) => {
    requireUser(c);
    return c.json(asLookup(UNIT_COSTS), 200);
  })
  .openapi(my, async (c) => {
    const user = requireAccess(c, { permissions: ["infrastructure-index"] });
    const { page, per_page } = c.req.valid("query");
    return c.json(await myInfrastructures(c.get("deps").db, user.id, page, per_page), 200);
  })
  .openapi(list, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    return c.json(await listInfrastructures(c.get("deps").db, c.req.valid("query")), 200);
  })
  .openapi(create, async (c) => {
    const user = requireRole(c, ...ADMIN_ROLES);
    return c.json(await createInfrastructure(c.get("deps").db, c.req.valid("json"), user), 201);
  })
  .openapi(one, async (c) => {
    const user = requireUser(c);
    return c.json(await getInfrastructure(c.get("deps").db, c.req.valid("param").id, user), 200);
  })
  .openapi(update, async (c) => {
    const user = requireUser(c);
    return c.json(await updateInfrastructure(c.get("deps").db, c.req.valid("param").id, c.req.valid("json"), user), 200);
  })
  .openapi(remove, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    await deleteInfrastructure(c.get("deps").db, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(restore, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    return c.json(await restoreInfrastructure(c.get("deps").db, c.req.valid("param").id), 200);
  });
