import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { openedCalls } from "~/domain/calls.server";
import { hasRole } from "~/domain/roles";
import { staffedInfrastructureIds } from "~/domain/users.server";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { bearer, errorResponses, json } from "../schemas";

// The signed-in home page's counts. Each area appears only for the roles it
// serves; the issues that build applications and evaluations add theirs here.
const Dashboard = z
  .object({
    open_calls: z.number(),
    infrastructures: z.number().optional(),
  })
  .openapi("Dashboard");

const dashboard = createRoute({
  method: "get",
  path: "/dashboard",
  security: bearer,
  summary: "Counts for the signed-in user's dashboard",
  responses: { 200: json(Dashboard), 401: errorResponses[401] },
});

export const dashboardRoutes = new OpenAPIHono<ApiEnv>().openapi(dashboard, async (c) => {
  const user = requireUser(c);
  const db = c.get("deps").db;
  const calls = await openedCalls(db);
  const body: z.infer<typeof Dashboard> = { open_calls: calls.filter((x) => x.is_open).length };
  if (hasRole(user, "infrastructure-manager", "infrastructure-administrator")) {
    body.infrastructures = (await staffedInfrastructureIds(db, user.id)).length;
  }
  return c.json(body, 200);
});
