import { OpenAPIHono } from "@hono/zod-openapi";
import { listAuditEntries } from "~/domain/audit/trail.server";
import type { ApiEnv } from "../context";
import { list, ofApplication } from "./contract";

// The contract's middleware has checked the role.
export const auditRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(list, async (c) => c.json(await listAuditEntries(c.get("deps").db, c.req.valid("query")), 200))
  .openapi(ofApplication, async (c) =>
    c.json(await listAuditEntries(c.get("deps").db, { ...c.req.valid("query"), application_id: c.req.valid("param").id }), 200),
  );
