// The handlers of the statistics answers with several tables (feedback,
// publications): JSON, or with export the table `table` names.
import type { RouteHandler } from "@hono/zod-openapi";
import { exportAnswers, exportRecommend, exportScores } from "~/domain/stats/feedback-export.server";
import { feedbackFigures, feedbackStatistics } from "~/domain/stats/feedback.server";
import { exportPublications } from "~/domain/stats/publications-export.server";
import { publicationStatistics } from "~/domain/stats/publications.server";
import type { ApiEnv } from "../context";
import { downloadHeaders } from "../download.server";
import { downloadLanguage, labelsIn } from "../language.server";
import type { feedback } from "./feedback-contract";
import type { publications } from "./publications-contract";

export const feedbackRoute: RouteHandler<typeof feedback, ApiEnv> = async (c) => {
  const { export: format, lang, table, page, per_page, ...filter } = c.req.valid("query");
  const db = c.get("deps").db;
  if (format) {
    const file =
      table === "answers"
        ? await exportAnswers(db, filter, format)
        : table === "recommend"
          ? await exportRecommend((await feedbackFigures(db, filter)).recommend, format, labelsIn(downloadLanguage(lang, c.req.header("Accept-Language"))))
          : await exportScores((await feedbackFigures(db, filter)).scores, format);
    return c.body(file.body, 200, downloadHeaders(file));
  }
  return c.json(await feedbackStatistics(db, filter, { page, per_page }), 200);
};

export const publicationsRoute: RouteHandler<typeof publications, ApiEnv> = async (c) => {
  const { export: format, lang, table, page, per_page, ...filter } = c.req.valid("query");
  const db = c.get("deps").db;
  if (format) {
    const file = await exportPublications(db, filter, table, format, labelsIn(downloadLanguage(lang, c.req.header("Accept-Language"))));
    return c.body(file.body, 200, downloadHeaders(file));
  }
  return c.json(await publicationStatistics(db, filter, { page, per_page }), 200);
};
