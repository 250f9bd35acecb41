import { OpenAPIHono } from "@hono/zod-openapi";
import { downloadLanguage, labelsIn } from "../language.server";
import { exportFunderReport } from "~/domain/stats/funder-export.server";
import { funderReport } from "~/domain/stats/funder.server";
import type { ApiEnv } from "../context";
import { downloadHeaders } from "../download.server";
import * as contract from "./funder-report-contract";

// The contract's middleware has checked the role (editor or admin).
export const funderReportRoute = new OpenAPIHono<ApiEnv>().openapi(contract.funderReport, async (c) => {
  const { export: format, lang, ...filter } = c.req.valid("query");
  const report = await funderReport(c.get("deps").db, filter);
  if (!format) return c.json(report, 200);
  const language = downloadLanguage(lang, c.req.header("Accept-Language"));
  const file = await exportFunderReport(report, format, { t: labelsIn(language), lang: language });
  return c.body(file.body, 200, downloadHeaders(file));
});
