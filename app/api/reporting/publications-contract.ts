// The report's publications (docs/lifecycle.md#publications): listed for whoever reads the
// report, added, changed and removed by the application's owner.
import { createRoute, z } from "@hono/zod-openapi";
import { ownApplication } from "~/domain/acceptance/who.server";
import { publicationBody } from "~/domain/reporting/publication-bodies";
import { ownPublication } from "~/domain/reporting/publications.server";
import { PUBLICATION_TYPES } from "~/domain/reporting/parts";
import { TEXT_MAX } from "~/domain/applications/fields";
import { parsedBody } from "../contract";
import { allowRow } from "../guards.server";
import { authErrors, bearer, conflict, errorResponses, IdParam, json } from "../schemas";

export const PublicationSchema = z
  .object({
    id: z.number(), title: z.string(), references: z.string().nullable(), year: z.number().nullable(),
    publication_type: z.enum(PUBLICATION_TYPES).or(z.string()).nullable(), authors: z.string().nullable(),
    web_address: z.string().nullable(), doi: z.string().nullable().openapi({ description: "The bare DOI (10.xxxx/…)" }), updated_at: z.string(),
  })
  .openapi("Publication");

const missing = { 404: errorResponses[404] };
const refusals = { 409: conflict("The application is not in reporting"), 422: errorResponses[422] };

export const list = createRoute({
  method: "get",
  path: "/applications/{id}/publications",
  security: bearer,
  summary: "The report's publications, whether they are asked for, and whether the caller may add them; read by whoever reads the report (GET /api/applications/{id}/reported)",
  request: { params: IdParam },
  responses: {
    200: json(z.object({
      id: z.number(), asked: z.boolean(), can_edit: z.boolean(), max: z.number(), publications: z.array(PublicationSchema),
      doi_metadata: z.boolean().openapi({ description: "Whether a DOI metadata service is configured (DOI_METADATA_URL): the form then offers to fill a publication from its DOI" }),
    })),
    ...authErrors, ...missing,
  },
});

const DoiFilledSchema = z
  .object({
    doi: z.string().openapi({ description: "The bare DOI asked about" }),
    title: z.string().optional(), authors: z.string().optional(), year: z.number().optional(),
    publication_type: z.enum(PUBLICATION_TYPES).optional(),
    references: z.string().optional().openapi({ description: "Where it appeared: the journal (or book, proceedings) with volume, issue and pages" }),
  })
  .openapi("DoiMetadata");

export const doiMetadata = createRoute({
  method: "get",
  path: "/applications/{id}/doi-metadata",
  security: bearer,
  middleware: [allowRow(ownApplication)] as const,
  summary: "Owner: what the DOI metadata service says of a DOI, as the fields of a publication to fill the form with; nothing is saved (docs/decisions/049-doi-metadata.md)",
  request: { params: IdParam, query: z.object({ doi: z.string().max(TEXT_MAX).openapi({ description: "A DOI, bare (10.xxxx/…) or as a doi.org link" }) }) },
  responses: {
    200: json(DoiFilledSchema),
    ...authErrors, ...missing,
    409: conflict("reporting.doi.not-configured: no DOI_METADATA_URL"),
    422: conflict("Not a DOI (doi: reporting.errors.doi), or the service does not know it (doi: reporting.doi.unknown)"),
    502: conflict("reporting.doi.unavailable: the service did not answer in time, or answered nothing usable"),
  },
});

export const add = createRoute({
  method: "post",
  path: "/applications/{id}/publications",
  security: bearer,
  middleware: [allowRow(ownApplication)] as const,
  summary: "Owner: adds a publication (from reporting on, also after the report; only when the publications setting and the call's new_publications ask for them)",
  request: { params: IdParam, ...parsedBody(publicationBody, "The publication") },
  responses: { 200: json(PublicationSchema), ...authErrors, ...missing, ...refusals },
});

export const update = createRoute({
  method: "put",
  path: "/publications/{id}",
  security: bearer,
  middleware: [allowRow(ownPublication)] as const,
  summary: "Owner: changes a publication",
  request: { params: IdParam, ...parsedBody(publicationBody, "The publication") },
  responses: { 200: json(PublicationSchema), ...authErrors, ...missing, ...refusals },
});

export const remove = createRoute({
  method: "delete",
  path: "/publications/{id}",
  security: bearer,
  summary: "Owner: removes a publication",
  request: { params: IdParam },
  responses: { 200: json(z.object({ deleted: z.boolean() })), ...authErrors, ...missing, ...refusals },
});
