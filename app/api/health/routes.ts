import { OpenAPIHono } from "@hono/zod-openapi";
import { sql } from "kysely";
import type { ApiEnv } from "../context";
import { health } from "./contract";

export const healthRoutes = new OpenAPIHono<ApiEnv>().openapi(health, async (c) => {
  try {
    await sql`select 1`.execute(c.get("deps").db);
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" as const }, 200);
  } catch {
    return c.json({ status: "unavailable" as const }, 503);
  }
});
