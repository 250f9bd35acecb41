import { OpenAPIHono } from "@hono/zod-openapi";
import { invitationReport, inviteUsers } from "~/domain/notifications/invitations.server";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { invite, report } from "./contract";

// The contract's middleware has checked the role (editor or admin).
export const invitationRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(invite, async (c) => c.json(await inviteUsers(c.get("deps").db, requireUser(c).id, c.req.valid("json")), 201))
  .openapi(report, async (c) => c.json(await invitationReport(c.get("deps").db, c.req.valid("query")), 200));
