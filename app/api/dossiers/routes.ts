import { OpenAPIHono } from "@hono/zod-openapi";
import { dossierZip, dossiersZip, type DossierDeps, type PdfMaker } from "~/domain/dossier/dossier-zip.server";
import type { ApiEnv } from "../context";
import type { Context } from "hono";
import { downloadHeaders } from "../download.server";
import { requireUser } from "../guards.server";
import { featureFiles } from "../media/routes";
import { dossier, dossiers } from "./contract";

const ZIP = "application/zip";

async function depsOf(c: Context<ApiEnv>, makePdf: PdfMaker): Promise<DossierDeps> {
  const { db, storage } = c.get("deps");
  return { db, storage, readers: await featureFiles(db), makePdf };
}

/** The dossier zips, the application PDF made by `makePdf` (app/api/app.server.ts gives the portal's). */
export const dossierRoutes = (makePdf: PdfMaker) =>
  new OpenAPIHono<ApiEnv>()
    .openapi(dossier, async (c) => {
      const user = requireUser(c);
      const zip = await dossierZip(await depsOf(c, makePdf), user, c.req.valid("param").id, c.req.valid("query").lang ?? "en");
      return c.body(zip.body, 200, downloadHeaders({ type: ZIP, filename: zip.filename }));
    })
    .openapi(dossiers, async (c) => {
      const user = requireUser(c);
      const zip = await dossiersZip(await depsOf(c, makePdf), user, c.req.valid("query"));
      return c.body(zip.body, 200, downloadHeaders({ type: ZIP, filename: zip.filename }));
    });
