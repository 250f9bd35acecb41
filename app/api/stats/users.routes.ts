import { OpenAPIHono } from "@hono/zod-openapi";
import { downloadLanguage, labelsIn } from "../language.server";
import { exportUserStatistics } from "~/domain/stats/users-export.server";
import { userStatistics } from "~/domain/stats/users.server";
import type { ApiEnv } from "../context";
import { downloadHeaders } from "../download.server";
import { users } from "./users.contract";

// The contract's middleware has checked the role (editor or admin).
export const usersRoutes = new OpenAPIHono<ApiEnv>().openapi(users, async (c) => {
  const { export: format, lang, ...filter } = c.req.valid("query");
  const figures = await userStatistics(c.get("deps").db, filter);
  if (!format) return c.json(figures, 200);
  const language = downloadLanguage(lang, c.req.header("Accept-Language"));
  const file = await exportUserStatistics(figures, format, labelsIn(language), language);
  return c.body(file.body, 200, downloadHeaders(file));
});
