// GET /api/applications/grant-letter/{id} (docs/lifecycle.md#grant; ADR 024).
import { createRoute, z } from "@hono/zod-openapi";
import { authErrors, bearer, errorResponses, IdParam } from "../schemas";

export const grantLetter = createRoute({
  method: "get",
  path: "/applications/grant-letter/{id}",
  security: bearer,
  summary: "The application's grant letter as a PDF, made from the grant-letter-template setting",
  description:
    "For the applicant, editors and admins, and the staff of an infrastructure that accepted the application, from granted on " +
    "(granted, accepted, withdrawn, reporting, reported). With preview=1 an editor reads it while the application is under evaluation, " +
    "marked as a preview. 404 grant-letter.not-granted before that; 403 for its reviewers and the staff of its other infrastructures; " +
    "404 for everyone else. lang writes dates and amounts in English (the default) or French.",
  request: {
    params: IdParam,
    query: z.object({ preview: z.enum(["0", "1", "true", "false"]).optional(), lang: z.enum(["en", "fr"]).optional() }),
  },
  responses: {
    200: { description: "The letter (PDF)", content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } } },
    ...authErrors,
    404: errorResponses[404],
    422: errorResponses[422],
  },
});
