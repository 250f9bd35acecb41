import { Readable } from "node:stream";
import { OpenAPIHono } from "@hono/zod-openapi";
import { applicationPdf as writeApplicationPdf } from "~/domain/dossier/application-pdf.server";
import { countryLanguage } from "~/domain/countries/country-names";
import type { ApiEnv } from "../context";
import { downloadHeaders } from "../download.server";
import { requireUser } from "../guards.server";
import { headerLanguage } from "../language.server";
import { applicationPdf } from "./contract";

export const applicationPdfRoutes = new OpenAPIHono<ApiEnv>().openapi(applicationPdf, async (c) => {
  const user = requireUser(c);
  const { lang } = c.req.valid("query");
  const { db, storage } = c.get("deps");
  const pdf = await writeApplicationPdf(db, user, c.req.valid("param").id, countryLanguage(lang ?? headerLanguage(c.req.header("Accept-Language"))), storage);
  return c.body(Readable.toWeb(pdf.body instanceof Readable ? pdf.body : Readable.from(pdf.body)) as ReadableStream, 200, downloadHeaders({ type: "application/pdf", filename: pdf.filename }));
});
