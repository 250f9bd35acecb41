import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { listCountries } from "~/domain/countries.server";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { bearer, errorResponses, json, MetaSchema } from "../schemas";

const Query = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(1000).default(1000),
});

const list = createRoute({
  method: "get",
  path: "/countries",
  security: bearer,
  summary: "Countries as an option list (label name, value ISO code)",
  request: { query: Query },
  responses: {
    200: json(z.object({ data: z.array(z.object({ label: z.string(), value: z.string() })), meta: MetaSchema })),
    401: errorResponses[401],
    422: errorResponses[422],
  },
});

export const countryRoutes = new OpenAPIHono<ApiEnv>().openapi(list, async (c) => {
  requireUser(c);
  const { q, page, per_page } = c.req.valid("query");
  return c.json(await listCountries(c.get("deps").db, q, page, per_page), 200);
});
