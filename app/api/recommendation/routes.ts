import { OpenAPIHono } from "@hono/zod-openapi";
import { panelApplications as listForPanel, readRecommendation, recommendationReader } from "~/domain/recommendation/read.server";
import { saveRecommendation as save } from "~/domain/recommendation/save.server";
import { rankingWindow } from "~/domain/recommendation/rules";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { panelApplications, recommendation, saveRecommendation } from "./contract";

/** The answer with the ranking whole or cut to what a screen shows (rankingWindow), and its full length. */
function answer(read: Awaited<ReturnType<typeof readRecommendation>>, ranking: "all" | "window" = "all") {
  return { ...read, ranked: read.ranking.length, ranking: ranking === "window" ? rankingWindow(read.ranking, read.application.id) : read.ranking };
}

export const recommendationRoutes: OpenAPIHono<ApiEnv> = new OpenAPIHono<ApiEnv>();

recommendationRoutes
  .openapi(recommendation, async (c) => {
    const db = c.get("deps").db;
    const reader = await recommendationReader(db, requireUser(c));
    return c.json(answer(await readRecommendation(db, c.req.valid("param").id, reader), c.req.valid("query").ranking), 200);
  })
  .openapi(saveRecommendation, async (c) => {
    const db = c.get("deps").db;
    const { id } = c.req.valid("param");
    await save(db, id, c.req.valid("json"));
    return c.json(answer(await readRecommendation(db, id, "editor")), 200);
  })
  .openapi(panelApplications, async (c) => {
    const db = c.get("deps").db;
    await recommendationReader(db, requireUser(c));
    return c.json(await listForPanel(db, c.req.valid("query").call_id), 200);
  });
