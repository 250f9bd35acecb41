import { OpenAPIHono } from "@hono/zod-openapi";
import { COST_CALCULATIONS, INFRASTRUCTURE_CATEGORIES, UNIT_COSTS } from "~/domain/infrastructures/infrastructure";
import { createInfrastructure, deleteInfrastructure, restoreInfrastructure, updateInfrastructure } from "~/domain/infrastructures/infrastructure-save.server";
import { getInfrastructure, infrastructureOptions, listInfrastructures, myInfrastructures } from "~/domain/infrastructures/infrastructures.server";
import { ADMIN_ROLES } from "~/domain/users/roles";
import type { ApiEnv } from "../context";
import { requireAccess, requireRole, requireUser } from "../guards.server";
import { categories, costCalculations, create, list, my, one, optionList, remove, restore, unitCosts, update } from "./contract";

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
    return c.json(await updateInfrastructure(c.get("deps").db, c.req.valid("param").id, await c.req.json(), user), 200);
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
