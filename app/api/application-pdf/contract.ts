// GET /api/applications/pdf/{id} (docs/api.md#application-pdf; ADR 040).
import { createRoute, z } from "@hono/zod-openapi";
import { SUPPORTED_LANGUAGES } from "~/i18n/config";
import { authErrors, bearer, errorResponses, IdParam } from "../schemas";

export const applicationPdf = createRoute({
  method: "get",
  path: "/applications/pdf/{id}",
  security: bearer,
  summary: "The whole application as a tagged PDF, at any stage (a draft is marked Draft on every page)",
  description:
    "For whoever may read the application: its owner, the admin area, its evaluators and watchdogs, its viewers once declared, " +
    "and the staff of its infrastructures once they see it (docs/roles.md#reading-rules); 404 for everyone else. " +
    "lang writes it in English or French (else Accept-Language's first supported language, else en). Streamed; never cached.",
  request: {
    params: IdParam,
    query: z.object({ lang: z.enum(SUPPORTED_LANGUAGES).optional().openapi({ description: "The document's language" }) }),
  },
  responses: {
    200: { description: "The application (PDF)", content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } } },
    ...authErrors,
    404: errorResponses[404],
    422: errorResponses[422],
  },
});
