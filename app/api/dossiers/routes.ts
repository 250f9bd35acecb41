import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { countryLanguage } from "~/domain/countries/country-names";
import { applicationPdf } from "~/domain/dossier/application-pdf.server";
import { dossierZip, dossiersZip, type DossierDeps } from "~/domain/dossier/dossier-zip.server";
import type { ApiEnv } from "../context";
import { downloadHeaders } from "../download.server";
import { requireUser } from "../guards.server";
import { headerLanguage } from "../language.server";
import { featureFiles } from "../media/routes";
import { dossier, dossiers } from "./contract";

const ZIP = "application/zip";

/** What the zips read: the database, the files, the media read rule's feature clauses, and the application PDF (with the portal's logo). */
async function depsOf(c: Context<ApiEnv>): Promise<DossierDeps> {
  const { db, storage } = c.get("deps");
  return { db, storage, readers: await featureFiles(db), makePdf: (pdfDb, actor, id, lang) => applicationPdf(pdfDb, actor, id, lang, storage) };
}

/** The PDFs' language: `lang`, else Accept-Language's first the portal speaks, else English (as GET /api/applications/pdf/{id}). */
const languageOf = (c: Context<ApiEnv>, lang: string | undefined) => countryLanguage(lang ?? headerLanguage(c.req.header("Accept-Language")));

export const dossierRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(dossier, async (c) => {
    const user = requireUser(c);
    const zip = await dossierZip(await depsOf(c), user, c.req.valid("param").id, languageOf(c, c.req.valid("query").lang));
    return c.body(zip.body, 200, downloadHeaders({ type: ZIP, filename: zip.filename }));
  })
  .openapi(dossiers, async (c) => {
    const user = requireUser(c);
    const q = c.req.valid("query");
    const zip = await dossiersZip(await depsOf(c), user, { ...q, lang: languageOf(c, q.lang) });
    return c.body(zip.body, 200, downloadHeaders({ type: ZIP, filename: zip.filename }));
  });
