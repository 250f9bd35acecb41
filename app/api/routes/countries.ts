import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { listCountries } from "~/domain/countries.server";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { bearer, errorResponses, pageOf, pagingQuery } from "../schemas";

const Query = z.object({
  q: z.string().trim().max(100).optional(),
  ...pagingQuery(1000),
});

const list = createRoute({
  method: "get",
  path: "/countries",
  security: bearer,
  summary: "Countries as an option list (label name, value ISO code)",
  request: { query: Query },
  responses: {
    200: pageOf(z.object({ label: z.string(), value: z.string() })),
    401: errorResponses[401],
    422: errorResponses[422],
  },
});

export const countryRoutes = new OpenAPIHono<ApiEnv>().openapi(list, async (c) => {
  requireUser(c);
  const { q, page, per_page } = c.req.valid("query");
  return c.json(await listCountries(c.get("deps").db, q, page, per_page), 200);
});
