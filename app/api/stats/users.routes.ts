import { OpenAPIHono } from "@hono/zod-openapi";
import { exportUserStatistics } from "~/domain/stats/users-export.server";
import { userStatistics } from "~/domain/stats/users.server";
import type { ApiEnv } from "../context";
import { downloadHeaders } from "../download.server";
import { users } from "./users.contract";

// The contract's middleware has checked the role (editor or admin).
export const usersRoutes = new OpenAPIHono<ApiEnv>().openapi(users, async (c) => {
  const { export: format, ...filter } = c.req.valid("query");
  const figures = await userStatistics(c.get("deps").db, filter);
  if (!format) return c.json(figures, 200);
  const file = await exportUserStatistics(figures, format);
  return c.body(file.body, 200, downloadHeaders(file));
});
