// GET /api/stats/project (editor, admin): the filtered applications by status,
// call, discipline, keyword and working region, and per month of submission
// (docs/api.md#statistics); or those tables as one download (export=csv|xlsx).
import { createRoute, z } from "@hono/zod-openapi";
import { APPLICATION_STATUSES } from "~/domain/applications/status";
import { statsQuery } from "~/domain/stats/query.server";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { allow } from "../guards.server";
import { authErrors, bearer, errorResponses, jsonOrDownload } from "../schemas";

const LookupCount = z
  .object({
    value: z.string().nullable().openapi({ description: "The stored value; null: none given" }),
    label: z.string().nullable().openapi({ description: "Its English label in the lookup list; null when not in the list" }),
    applications: z.number(),
  })
  .openapi("LookupCount");

const ProjectFigures = z
  .object({
    statuses: z.array(z.object({ status: z.enum(APPLICATION_STATUSES), applications: z.number() })).openapi({ description: "In the lifecycle's order" }),
    calls: z.array(z.object({ id: z.number(), title: z.string(), applications: z.number() })).openapi({ description: "The newest opening first" }),
    disciplines: z.array(LookupCount).openapi({ description: "The activity field: the most applications first, those without one last" }),
    keywords: z.array(LookupCount).openapi({ description: "An application counts once under each keyword (compared without case): the most applications first" }),
    working_regions: z.array(LookupCount).openapi({ description: "An application counts once under each of its regions: the most applications first" }),
    months: z
      .array(z.object({ month: z.string().openapi({ description: "yyyy-MM, Europe/Brussels" }), applications: z.number() }))
      .openapi({ description: "Submissions per month, from the first to the last, months without any at 0" }),
  })
  .openapi("ProjectFigures");

export const project = createRoute({
  method: "get",
  path: "/stats/project",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "The applications by status, call, discipline, keyword and working region, and submissions per month; or one table of them all as CSV or XLSX (editor, admin)",
  description:
    "The statistics filter of GET /stats/key. The download is one table: Dimension (Status, Call, Discipline, Keyword, Working region, Month), Code, Value, Applications. Worked out at request time.",
  request: { query: statsQuery },
  responses: {
    200: jsonOrDownload(ProjectFigures, "The tables, or (export) the download"),
    ...authErrors,
    422: errorResponses[422],
  },
});
