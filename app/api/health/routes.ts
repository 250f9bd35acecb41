import { OpenAPIHono } from "@hono/zod-openapi";
import { sql } from "kysely";
import type { ApiEnv } from "../context";
import { pendingMigrations } from "~/db/migrate.server";
import { health, ready } from "./contract";

// /health is the liveness check (the process answers and reaches the database);
// /ready tells a load balancer whether to send requests (docs/operations.md#health).
export const healthRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(ready, async (c) => {
    c.header("Cache-Control", "no-store");
    let pending: string[];
    try {
      pending = await pendingMigrations(c.get("deps").db);
    } catch {
      return c.json({ status: "not-ready" as const, reason: "database" as const }, 503);
    }
    if (pending.length) return c.json({ status: "not-ready" as const, reason: "migrations" as const }, 503);
    return c.json({ status: "ready" as const }, 200);
  })
  .openapi(health, async (c) => {
  try {
    await sql`select 1`.execute(c.get("deps").db);
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" as const }, 200);
  } catch {
    return c.json({ status: "unavailable" as const }, 503);
  }
});
