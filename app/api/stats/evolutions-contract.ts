// GET /api/applications/evolutions (editor, admin): the programme's evolution
// per call or per year (docs/data.md#evolutions), or its table as a download.
import { createRoute, z } from "@hono/zod-openapi";
import { evolutionsQuery } from "~/domain/stats/evolutions.server";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { allow } from "../guards.server";
import { authErrors, bearer, errorResponses, jsonOrDownload } from "../schemas";

const EvolutionRow = z
  .object({
    key: z.number().openapi({ description: "The call's id (by=call) or the year of submission (by=year)" }),
    title: z.string().nullable().openapi({ description: "The call's title; null per year" }),
    submitted: z.number().openapi({ description: "Applications submitted" }),
    eligible: z.number().openapi({ description: "Of them, found eligible (reached under-evaluation or a later stage)" }),
    granted: z.number().openapi({ description: "Of them, granted (reached granted, accepted, reporting or reported)" }),
    reported: z.number().openapi({ description: "Of them, reported" }),
    accesses: z.number().openapi({ description: "Their accesses in accesses_status" }),
    units: z.number().openapi({ description: "Those accesses' units: requested, reported by the applicant, or confirmed by the infrastructure" }),
  })
  .openapi("EvolutionRow");

export const evolutions = createRoute({
  method: "get",
  path: "/applications/evolutions",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "Per call or per year: applications submitted, eligible, granted and reported, and the accesses of accesses_status with their units; or the table as CSV or XLSX (editor, admin)",
  description:
    "The statistics filter of GET /stats/key, plus accesses_status and by. An application counts at every stage it reached (its status history), not only its status today. Worked out at request time.",
  request: { query: evolutionsQuery },
  responses: {
    200: jsonOrDownload(z.object({ data: z.array(EvolutionRow) }), "The rows, or (export) the download"),
    ...authErrors,
    422: errorResponses[422],
  },
});
