import { OpenAPIHono } from "@hono/zod-openapi";
import { exportEvaluationTable } from "~/domain/stats/evaluations-export.server";
import { evaluationStatistics } from "~/domain/stats/evaluations.server";
import { exportEvolutions } from "~/domain/stats/evolutions-export.server";
import { DEFAULT_EVOLUTION_ACCESSES } from "~/domain/stats/evolutions";
import { evolutions as evolutionRows } from "~/domain/stats/evolutions.server";
import { exportKeyIndicators } from "~/domain/stats/key-export.server";
import { keyIndicators } from "~/domain/stats/key.server";
import { exportInfrastructureFigures } from "~/domain/stats/ri-export.server";
import { infrastructureFigures } from "~/domain/stats/ri.server";
import { exportProjectFigures } from "~/domain/stats/project-export.server";
import { projectFigures } from "~/domain/stats/project.server";
import { REPORT_AGGS } from "~/domain/stats/ranking";
import { exportRanking } from "~/domain/stats/ranking-export.server";
import { applicationRanking, rankingReport } from "~/domain/stats/ranking.server";
import type { ApiEnv } from "../context";
import { downloadHeaders } from "../download.server";
import { downloadLanguage, labelsIn } from "../language.server";
import { key, ri } from "./contract";
import { evaluations } from "./evaluations-contract";
import { evolutions } from "./evolutions-contract";
import { financialRoutes } from "./project-financial.routes";
import { usersRoutes } from "./users.routes";
import { funderReportRoute } from "./funder-report-routes";
import { project } from "./project-contract";
import { report } from "./report-contract";
import { dmp } from "./dmp-contract";
import { dataManagementPlans, plansAsked } from "~/domain/stats/dmp.server";
import { exportDataManagementPlans } from "~/domain/stats/dmp-export.server";
import { timeline } from "./timeline-contract";
import { timelineRoute } from "./timeline-routes";
import { feedback } from "./feedback-contract";
import { publications } from "./publications-contract";
import { feedbackRoute, publicationsRoute } from "./tables.routes";

// The contract's middleware has checked the role (editor or admin).
export const statsRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(key, async (c) => {
    const { export: format, lang: _lang, ...filter } = c.req.valid("query");
    const indicators = await keyIndicators(c.get("deps").db, filter);
    if (!format) return c.json(indicators, 200);
    const file = await exportKeyIndicators(indicators, format);
    return c.body(file.body, 200, downloadHeaders(file));
  })
  .openapi(ri, async (c) => {
    const { export: format, lang: _lang, ...filter } = c.req.valid("query");
    const data = await infrastructureFigures(c.get("deps").db, filter);
    if (!format) return c.json({ data }, 200);
    const file = await exportInfrastructureFigures(data, format);
    return c.body(file.body, 200, downloadHeaders(file));
  })
  .openapi(evolutions, async (c) => {
    const { export: format, lang: _lang, ...filter } = c.req.valid("query");
    const data = await evolutionRows(c.get("deps").db, filter);
    if (!format) return c.json({ data }, 200);
    const file = await exportEvolutions(data, filter.by, filter.accesses_status ?? DEFAULT_EVOLUTION_ACCESSES, format);
    return c.body(file.body, 200, downloadHeaders(file));
  })
  .openapi(evaluations, async (c) => {
    const { export: format, lang: _lang, table, top, ...filter } = c.req.valid("query");
    const data = await evaluationStatistics(c.get("deps").db, filter);
    if (!format) return c.json({ ...data, agreement: top === undefined ? data.agreement : data.agreement.slice(0, top), agreement_total: data.agreement.length }, 200);
    const file = await exportEvaluationTable(data, table, format);
    return c.body(file.body, 200, downloadHeaders(file));
  })
  .route("/", financialRoutes)
  .route("/", usersRoutes)
  .route("/", funderReportRoute)
  .openapi(report, async (c) => {
    const { export: format, lang, "aggs[]": aggs, top, ...filter } = c.req.valid("query");
    const ranking = await applicationRanking(c.get("deps").db, filter);
    if (!format) return c.json(rankingReport(ranking, aggs?.length ? aggs : REPORT_AGGS, top), 200);
    const file = await exportRanking(ranking, format, labelsIn(downloadLanguage(lang, c.req.header("Accept-Language"))));
    return c.body(file.body, 200, downloadHeaders(file));
  })
  .openapi(project, async (c) => {
    const { export: format, lang, ...filter } = c.req.valid("query");
    const figures = await projectFigures(c.get("deps").db, filter);
    if (!format) return c.json(figures, 200);
    const file = await exportProjectFigures(figures, format, labelsIn(downloadLanguage(lang, c.req.header("Accept-Language"))));
    return c.body(file.body, 200, downloadHeaders(file));
  })
  .openapi(dmp, async (c) => {
    const { export: format, lang, page, per_page, ...filter } = c.req.valid("query");
    const db = c.get("deps").db;
    if (!format) return c.json(await dataManagementPlans(db, filter, { page, per_page }), 200);
    const file = await exportDataManagementPlans(db, filter, await plansAsked(db), format, labelsIn(downloadLanguage(lang, c.req.header("Accept-Language"))));
    return c.body(file.body, 200, downloadHeaders(file));
  })
  .openapi(timeline, timelineRoute)
  .openapi(feedback, feedbackRoute)
  .openapi(publications, publicationsRoute);
