// The dossier zips (docs/api.md#dossiers; ADR 041): one application's PDF and
// files for whoever reads it, and the dossiers of every application matching
// the staff list's filters for the admin area.
import { createRoute, z } from "@hono/zod-openapi";
import { dossiersQuery } from "~/domain/admin-applications/query.server";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { allow } from "../guards.server";
import { SUPPORTED_LANGUAGES } from "~/i18n/config";
import { authErrors, bearer, errorResponses, IdParam } from "../schemas";

const zipFile = (description: string) => ({ description, content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } } });

export const dossier = createRoute({
  method: "get",
  path: "/downloadpdf/{id}",
  security: bearer,
  summary: "The application's dossier as a zip: its PDF and every attached file the caller may read, streamed",
  description:
    "For whoever reads the application: its owner, editors and admins, its evaluators, watchdogs and declared viewers, and the staff of its " +
    "infrastructures once they see it (docs/roles.md#reading-rules). The zip holds `<ACRONYM>/<ACRONYM>.pdf` (the application in `lang`) and the files " +
    "under `appendices/`, `agreements/` and `report/`, only those the caller may read (an evaluator gets no agreement nor report). 404 for anyone else. " +
    "An error after the first byte cuts the download (the zip is then visibly incomplete).",
  request: {
    params: IdParam,
    query: z.object({ lang: z.enum(SUPPORTED_LANGUAGES).optional().openapi({ description: "The PDF's language (else Accept-Language's, else en)" }) }),
  },
  responses: {
    200: zipFile("The dossier (zip)"),
    ...authErrors,
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const dossiers = createRoute({
  method: "get",
  path: "/applications/dossiers",
  security: bearer,
  summary: "The dossiers of every live application matching the staff list's filters, as one zip (editors and admins), streamed",
  description:
    "The filters and order of GET /api/applications (no page), and the PDFs' language. One folder per application, `<number>-<ACRONYM>/`, as " +
    "GET /api/downloadpdf/{id} has it. 422 errors.dossiers-none when nothing matches, errors.dossiers-too-many past 200 applications, " +
    "errors.dossiers-too-large past 2 GiB of attached files (ADR 041).",
  // 403 before the filters are checked: a caller without the role learns nothing of them.
  middleware: [allow(...ADMIN_ROLES)] as const,
  request: { query: dossiersQuery },
  responses: {
    200: zipFile("The dossiers (zip)"),
    ...authErrors,
    422: errorResponses[422],
  },
});
