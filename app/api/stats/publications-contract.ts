// GET /api/applications/publications (editor, admin): the publications of the
// applications the statistics filter keeps (docs/data.md#list-filters), by
// year and by type, or one of the tables as a download. It answers whatever
// the publications setting says (`collected` tells it): the publications
// already listed stay the programme's record when the setting is turned off.
import { createRoute, z } from "@hono/zod-openapi";
import { PUBLICATION_TYPES } from "~/domain/reporting/parts";
import { PUBLICATION_TABLES } from "~/domain/stats/publications";
import { statsTablesQuery } from "~/domain/stats/query.server";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { allow } from "../guards.server";
import { authErrors, bearer, errorResponses, jsonOrDownload, MetaSchema } from "../schemas";

const Type = z.enum(PUBLICATION_TYPES).nullable();

const PublicationStatistics = z
  .object({
    collected: z.boolean().openapi({ description: "The publications setting is yes: applicants list their publications now" }),
    data: z.array(
      z.object({
        id: z.number(), year: z.number().nullable(), publication_type: Type, title: z.string(), authors: z.string().nullable(),
        doi: z.string().nullable().openapi({ description: "The bare DOI (10.…); its link is https://doi.org/{doi}" }),
        web_address: z.string().nullable(),
        application_id: z.number(), acronym: z.string().nullable(), call_id: z.number(), call_title: z.string(),
      }),
    ).openapi({ description: "One page (page, per_page), the newest year first" }),
    meta: MetaSchema,
    by_year: z.array(z.object({ year: z.number().nullable(), publications: z.number() })).openapi({ description: "The newest year first; null: no year given" }),
    by_type: z.array(z.object({ publication_type: Type, publications: z.number() })).openapi({ description: "The most frequent first; null: no type given" }),
  })
  .openapi("PublicationStatistics");

export const publications = createRoute({
  method: "get",
  path: "/applications/publications",
  security: bearer,
  middleware: [allow(...ADMIN_ROLES)] as const,
  summary: "The publications of the filtered applications, by year and by type; or a table as CSV or XLSX (editor, admin)",
  description:
    "The statistics filter of GET /stats/key. The publications the applicants list with their report. With export, `table` names the download: list (every publication, not one page), year or type. Answers whatever the publications setting says; `collected` tells whether it is yes.",
  request: { query: statsTablesQuery(PUBLICATION_TABLES, "The table a download holds: list (default), year or type") },
  responses: {
    200: jsonOrDownload(PublicationStatistics, "The publications and their counts, or (export) the download"),
    ...authErrors,
    422: errorResponses[422],
  },
});
