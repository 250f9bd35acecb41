// The health API contract: every operation, its parameters and its answers.
import { createRoute, z } from "@hono/zod-openapi";
import { json } from "../schemas";

const Health = z.object({ status: z.enum(["ok", "unavailable"]) }).openapi("Health");

export const health = createRoute({
  method: "get",
  path: "/health",
  summary: "Database-backed liveness check (also answers HEAD for the UI's online check)",
  responses: { 200: json(Health), 503: json(Health, "Database unreachable") },
});

const Ready = z
  .object({
    status: z.enum(["ready", "not-ready"]),
    reason: z.enum(["database", "migrations"]).optional().openapi({ description: "Why not: the database does not answer, or it lacks migrations this build needs" }),
  })
  .openapi("Ready");

export const ready = createRoute({
  method: "get",
  path: "/ready",
  summary: "Readiness for a load balancer: the database answers and has every migration this build needs",
  responses: { 200: json(Ready), 503: json(Ready, "Not ready: the database is unreachable or migrations are still to run") },
});
