// The funder report (editor, admin): GET /api/stats/funder-report, per
// infrastructure and reporting period, the tables a transnational-access
// programme reports to its funder (docs/decisions/038-funder-report.md), or
// them as a download: export=xlsx one workbook of a sheet per table,
// export=csv the main table.
import { createRoute, z } from "@hono/zod-openapi";
import { statsQuery } from "~/domain/stats/query.server";
import { FUNDER_USER_FIELDS } from "~/domain/stats/funder.server";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { allow } from "../guards.server";
import { authErrors, bearer, errorResponses, jsonOrDownload } from "../schemas";

const FunderInfrastructure = z
  .object({
    id: z.number(), name: z.string(), short_name: z.string().nullable(), installation_name: z.string().nullable(),
    country: z.string().nullable().openapi({ description: "ISO code" }),
    projects: z.number().openapi({ description: "User projects: its requests with access delivered in the period" }),
    transnational_projects: z.number().openapi({ description: "Of those, the transnational ones (leader and most members work abroad)" }),
    users: z.number().openapi({ description: "Distinct members of those projects, by e-mail" }),
    transnational_users: z.number().openapi({ description: "Users in at least one of its transnational projects" }),
    other_users: z.number().openapi({ description: "Users in none of its transnational projects" }),
    new_users: z.number().openapi({ description: "Users to whom the programme delivered no access before the period" }),
    units_physical: z.number().openapi({ description: "Units delivered in the period (confirmed), physical access" }),
    units_remote: z.number().openapi({ description: "Units delivered in the period (confirmed), remote access" }),
  })
  .openapi("FunderInfrastructure");

const FunderBreakdownRow = z
  .object({
    infrastructure_id: z.number(),
    value: z.string().nullable().openapi({ description: "The stored value (ISO code, lookup value); null: not given" }),
    label: z.string().nullable().openapi({ description: "Its English name, else the value" }),
    count: z.number().openapi({ description: "Users (projects, for disciplines) with it" }),
    transnational: z.number().openapi({ description: "Of those, the transnational ones" }),
  })
  .openapi("FunderBreakdownRow");

const FunderReport = z
  .object({
    date_from: z.string().nullable().openapi({ description: "The period's first day (access delivered from), as asked" }),
    date_to: z.string().nullable(),
    infrastructures: z.array(FunderInfrastructure),
    users_by: z.object(Object.fromEntries(FUNDER_USER_FIELDS.map((f) => [f, z.array(FunderBreakdownRow)])) as Record<(typeof FUNDER_USER_FIELDS)[number], z.ZodArray<typeof FunderBreakdownRow>>),
    disciplines: z.array(FunderBreakdownRow).openapi({ description: "The projects' disciplines (activity fields)" }),
  })
  .openapi("FunderReport");

export const funderReport = createRoute({
  method: "get",
  path: "/stats/funder-report",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "The funder report per infrastructure and period: user projects, users (transnational apart), new users, units delivered, users by gender, nationality, work country, researcher status and organization type, disciplines; or an XLSX workbook of those tables, or the main table as CSV (editor, admin)",
  description:
    "The statistics filter of GET /stats/key, except that date_from and date_to are the reporting period: an access counts when its infrastructure confirmed it and its reported first day falls in the period. Worked out at request time.",
  request: { query: statsQuery },
  responses: {
    200: jsonOrDownload(FunderReport, "The report, or (export) the download"),
    ...authErrors,
    422: errorResponses[422],
  },
});
