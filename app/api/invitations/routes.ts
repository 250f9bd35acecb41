import { OpenAPIHono } from "@hono/zod-openapi";
import { invitationReport, inviteUsers } from "~/domain/notifications/invitations.server";
import { exportInvitations } from "~/domain/notifications/invitations-export.server";
import type { ApiEnv } from "../context";
import { downloadHeaders } from "../download.server";
import { requireUser } from "../guards.server";
import { invite, report } from "./contract";

// The contract's middleware has checked the role (editor or admin).
export const invitationRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(invite, async (c) => c.json(await inviteUsers(c.get("deps").db, requireUser(c).id, c.req.valid("json")), 201))
  .openapi(report, async (c) => {
    const { export: format, ...query } = c.req.valid("query");
    if (!format) return c.json(await invitationReport(c.get("deps").db, query), 200);
    const file = await exportInvitations(c.get("deps").db, query, format);
    return c.body(file.body, 200, downloadHeaders(file));
  });
