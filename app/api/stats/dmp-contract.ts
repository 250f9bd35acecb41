// GET /api/stats/dmp (editor, admin): the data management plans of the
// applications the statistics filter keeps (docs/data.md#list-filters), a page
// at a time, or all of them as a download (export=csv|xlsx).
import { createRoute, z } from "@hono/zod-openapi";
import { APPLICATION_STATUSES } from "~/domain/applications/status";
import { statsQuery } from "~/domain/stats/query.server";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { allow } from "../guards.server";
import { authErrors, bearer, errorResponses, jsonOrDownload, MetaSchema, pagingQuery } from "../schemas";

const PlanFile = z.object({ id: z.number().openapi({ description: "The medium: GET /api/media/download/{id}" }), name: z.string() }).nullable();

const ApplicationPlans = z
  .object({
    id: z.number(), acronym: z.string().nullable(), title: z.string().nullable(), call_id: z.number(), call_title: z.string(),
    status: z.enum(APPLICATION_STATUSES),
    draft: PlanFile.openapi({ description: "The draft plan attached in the application (appendices); null when missing" }),
    final: PlanFile.openapi({ description: "The final plan attached in the report; null when missing" }),
  })
  .openapi("ApplicationPlans");

const PlansSummary = z
  .object({
    applications: z.number(), draft: z.number(), final: z.number(),
    both: z.number().openapi({ description: "With the draft and the final plan" }),
    neither: z.number().openapi({ description: "With neither plan" }),
  })
  .openapi("PlansSummary");

export const dmp = createRoute({
  method: "get",
  path: "/stats/dmp",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "The filtered applications' draft and final data management plans, present or missing, with a summary; or every row as CSV or XLSX (editor, admin)",
  description:
    "The statistics filter of GET /stats/key, to calls that ask for a plan. When the data-management-plan setting is not yes, asked is false and there is no row. Worked out at request time.",
  request: { query: statsQuery.safeExtend(pagingQuery(50)) },
  responses: {
    200: jsonOrDownload(z.object({ asked: z.boolean(), summary: PlansSummary, data: z.array(ApplicationPlans), meta: MetaSchema }), "The plans, or (export) the download"),
    ...authErrors,
    422: errorResponses[422],
  },
});
