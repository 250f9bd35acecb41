// The dashboard API contract: every operation, its parameters and its answers.
import { createRoute, z } from "@hono/zod-openapi";
import { bearer, errorResponses, json } from "../schemas";

// The signed-in home page's counts. Each area appears only for the roles it
// serves; the issues that build applications and evaluations add theirs here.
export const Dashboard = z
  .object({
    open_calls: z.number(),
    infrastructures: z.number().optional(),
  })
  .openapi("Dashboard");

export const dashboard = createRoute({
  method: "get",
  path: "/dashboard",
  security: bearer,
  summary: "Counts for the signed-in user's dashboard",
  responses: { 200: json(Dashboard), 401: errorResponses[401] },
});
