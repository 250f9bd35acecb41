import type { RouteHandler } from "@hono/zod-openapi";
import { allTimelineAccesses, TIMELINE_DEFAULT_ACCESSES_STATUS, timelineAccesses } from "~/domain/stats/timeline.server";
import { downloadLanguage, labelsIn } from "../language.server";
import { exportTimeline } from "~/domain/stats/timeline-export.server";
import type { ApiEnv } from "../context";
import { downloadHeaders } from "../download.server";
import type { timeline } from "./timeline-contract";

// The contract's middleware has checked the role (editor or admin).
export const timelineRoute: RouteHandler<typeof timeline, ApiEnv> = async (c) => {
  const { export: format, lang, accesses_status, ...filter } = c.req.valid("query");
  const db = c.get("deps").db;
  const status = accesses_status ?? TIMELINE_DEFAULT_ACCESSES_STATUS;
  if (!format) return c.json(await timelineAccesses(db, filter, status), 200);
  const file = await exportTimeline(await allTimelineAccesses(db, filter, status), format, labelsIn(downloadLanguage(lang, c.req.header("Accept-Language"))));
  return c.body(file.body, 200, downloadHeaders(file));
};
