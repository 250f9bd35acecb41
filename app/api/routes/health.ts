import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { sql } from "kysely";
import type { ApiEnv } from "../context";
import { json } from "../schemas";

const Health = z.object({ status: z.enum(["ok", "unavailable"]) }).openapi("Health");

const health = createRoute({
  method: "get",
  path: "/health",
  summary: "Database-backed liveness check (also answers HEAD for the UI's online check)",
  responses: { 200: json(Health), 503: json(Health, "Database unreachable") },
});

export const healthRoutes = new OpenAPIHono<ApiEnv>().openapi(health, async (c) => {
  try {
    await sql`select 1`.execute(c.get("deps").db);
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" as const }, 200);
  } catch {
    return c.json({ status: "unavailable" as const }, 503);
  }
});
