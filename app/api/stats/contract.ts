// The statistics of the admin area (editor, admin): GET /api/stats/key, the
// key indicators of the applications the statistics filter keeps
// (docs/data.md#list-filters), or their table as a download (export=csv|xlsx).
import { createRoute, z } from "@hono/zod-openapi";
import { statsQuery } from "~/domain/stats/query.server";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { allow } from "../guards.server";
import { authErrors, bearer, errorResponses, jsonOrDownload } from "../schemas";

const KeyIndicators = z
  .object({
    calls: z.number().openapi({ description: "Calls with at least one matching application" }),
    applications: z.number(),
    success_rate: z.number().nullable().openapi({ description: "Granted, accepted, reporting and reported over those and rejected (0 to 1); null when none is decided" }),
    applicants: z.number().openapi({ description: "Distinct applicants (owners)" }),
    members: z.number().openapi({ description: "Distinct group members, by e-mail" }),
    countries: z.number().openapi({ description: "Distinct countries the members work in" }),
    units_delivered: z.number().openapi({ description: "Units the infrastructures confirmed in their report of the accesses" }),
    median_days_to_decision: z.number().nullable().openapi({ description: "Median days (Europe/Brussels) from submission to the infrastructures' decision; null with none" }),
    median_days_to_grant: z.number().nullable().openapi({ description: "Median days (Europe/Brussels) from submission to the change to granted; null with none" }),
  })
  .openapi("KeyIndicators");

export const key = createRoute({
  method: "get",
  path: "/stats/key",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "Key indicators of the filtered applications, or their table as CSV or XLSX (editor, admin)",
  description:
    "The statistics filter: status[] defaults to under-evaluation, accepted, rejected, withdrawn, granted, reporting and reported; allsub=1 counts every submitted application whatever the status. Worked out at request time.",
  request: { query: statsQuery },
  responses: {
    200: jsonOrDownload(KeyIndicators, "The indicators, or (export) the download"),
    ...authErrors,
    422: errorResponses[422],
  },
});

const InfrastructureFigures = z
  .object({
    id: z.number(), name: z.string(), short_name: z.string().nullable(),
    applications: z.number().openapi({ description: "Applications asking for it" }),
    accepted: z.number().openapi({ description: "Applications it accepted (its decision)" }),
    rejected: z.number().openapi({ description: "Applications it refused" }),
    acceptance_rate: z.number().nullable().openapi({ description: "Accepted over decided (0 to 1); null when it decided none" }),
    units_requested: z.number(), units_granted: z.number().openapi({ description: "Units of its accepted decisions" }),
    units_delivered_physical: z.number().openapi({ description: "Units it confirmed in its reports, physical access" }),
    units_delivered_remote: z.number().openapi({ description: "Units it confirmed in its reports, remote access" }),
  })
  .openapi("InfrastructureFigures");

export const ri = createRoute({
  method: "get",
  path: "/stats/ri",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "Per infrastructure: applications asking for it, accepted, rejected, acceptance rate, units requested, granted and delivered (physical, remote); or the table as CSV or XLSX (editor, admin)",
  description: "The statistics filter of GET /stats/key. Worked out at request time.",
  request: { query: statsQuery },
  responses: {
    200: jsonOrDownload(z.object({ data: z.array(InfrastructureFigures) }), "The figures, or (export) the download"),
    ...authErrors,
    422: errorResponses[422],
  },
});
