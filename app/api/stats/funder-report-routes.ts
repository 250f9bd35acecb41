import { OpenAPIHono } from "@hono/zod-openapi";
import { exportFunderReport } from "~/domain/stats/funder-export.server";
import { funderReport } from "~/domain/stats/funder.server";
import type { ApiEnv } from "../context";
import { downloadHeaders } from "../download.server";
import * as contract from "./funder-report-contract";

// The contract's middleware has checked the role (editor or admin).
export const funderReportRoute = new OpenAPIHono<ApiEnv>().openapi(contract.funderReport, async (c) => {
  const { export: format, ...filter } = c.req.valid("query");
  const report = await funderReport(c.get("deps").db, filter);
  if (!format) return c.json(report, 200);
  const file = await exportFunderReport(report, format);
  return c.body(file.body, 200, downloadHeaders(file));
});
