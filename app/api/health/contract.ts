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
