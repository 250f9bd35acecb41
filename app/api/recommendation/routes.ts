import { OpenAPIHono } from "@hono/zod-openapi";
import { panelApplications as listForPanel, readRecommendation, recommendationReader } from "~/domain/recommendation/read.server";
import { saveRecommendation as save } from "~/domain/recommendation/save.server";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { panelApplications, recommendation, saveRecommendation } from "./contract";

export const recommendationRoutes: OpenAPIHono<ApiEnv> = new OpenAPIHono<ApiEnv>();

recommendationRoutes
  .openapi(recommendation, async (c) => {
    const db = c.get("deps").db;
    const reader = await recommendationReader(db, requireUser(c));
    return c.json(await readRecommendation(db, c.req.valid("param").id, reader), 200);
  })
  .openapi(saveRecommendation, async (c) => {
    const db = c.get("deps").db;
    const { id } = c.req.valid("param");
    await save(db, id, await c.req.json());
    return c.json(await readRecommendation(db, id, "editor"), 200);
  })
  .openapi(panelApplications, async (c) => {
    const db = c.get("deps").db;
    await recommendationReader(db, requireUser(c));
    return c.json(await listForPanel(db, c.req.valid("query").call_id), 200);
  });
