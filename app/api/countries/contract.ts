// The countries API contract: every operation, its parameters and its answers.
import { createRoute, z } from "@hono/zod-openapi";
import { SUPPORTED_LANGUAGES } from "~/i18n/config";
import { bearer, errorResponses, pageOf, pagingQuery } from "../schemas";

const Query = z.object({
  q: z.string().trim().max(100).optional(),
  lang: z.enum(SUPPORTED_LANGUAGES).optional().openapi({ description: "The labels' language (else Accept-Language's first supported language, else en)" }),
  ...pagingQuery(1000),
});

export const list = createRoute({
  method: "get",
  path: "/countries",
  security: bearer,
  summary: "Countries as an option list (label: the name in the caller's language, sorted by it; value: the ISO code)",
  request: { query: Query },
  responses: {
    200: pageOf(z.object({ label: z.string(), value: z.string() })),
    401: errorResponses[401],
    422: errorResponses[422],
  },
});

