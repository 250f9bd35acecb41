import { OpenAPIHono } from "@hono/zod-openapi";
import { downloadLanguage, labelsIn } from "../language.server";
import { exportCostStatistics } from "~/domain/stats/financial-export.server";
import { costStatistics } from "~/domain/stats/financial.server";
import type { ApiEnv } from "../context";
import { downloadHeaders } from "../download.server";
import { projectFinancial } from "./project-financial.contract";

// The contract's middleware has checked the role (editor or admin).
export const financialRoutes = new OpenAPIHono<ApiEnv>().openapi(projectFinancial, async (c) => {
  const { export: format, lang, ...filter } = c.req.valid("query");
  const figures = await costStatistics(c.get("deps").db, filter);
  if (!format) return c.json(figures, 200);
  const file = await exportCostStatistics(figures, format, labelsIn(downloadLanguage(lang, c.req.header("Accept-Language"))));
  return c.body(file.body, 200, downloadHeaders(file));
});
