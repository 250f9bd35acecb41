import { OpenAPIHono } from "@hono/zod-openapi";
import { exportKeyIndicators } from "~/domain/stats/key-export.server";
import { keyIndicators } from "~/domain/stats/key.server";
import { exportInfrastructureFigures } from "~/domain/stats/ri-export.server";
import { infrastructureFigures } from "~/domain/stats/ri.server";
import type { ApiEnv } from "../context";
import { downloadHeaders } from "../download.server";
import { key, ri } from "./contract";
import { feedback } from "./feedback-contract";
import { publications } from "./publications-contract";
import { feedbackRoute, publicationsRoute } from "./tables.routes";

// The contract's middleware has checked the role (editor or admin).
export const statsRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(key, async (c) => {
    const { export: format, ...filter } = c.req.valid("query");
    const indicators = await keyIndicators(c.get("deps").db, filter);
    if (!format) return c.json(indicators, 200);
    const file = await exportKeyIndicators(indicators, format);
    return c.body(file.body, 200, downloadHeaders(file));
  })
  .openapi(ri, async (c) => {
    const { export: format, ...filter } = c.req.valid("query");
    const data = await infrastructureFigures(c.get("deps").db, filter);
    if (!format) return c.json({ data }, 200);
    const file = await exportInfrastructureFigures(data, format);
    return c.body(file.body, 200, downloadHeaders(file));
  })
  .openapi(feedback, feedbackRoute)
  .openapi(publications, publicationsRoute);
