import { OpenAPIHono } from "@hono/zod-openapi";
import { exportApplications } from "~/domain/admin-applications/export.server";
import { listAdminApplications } from "~/domain/admin-applications/list.server";
import { listApplications } from "~/domain/applications/application-read.server";
import { AppError } from "~/domain/errors";
import { hasPermission, isAdminArea } from "~/domain/users/roles";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { downloadHeaders } from "../download.server";
import { downloadLanguage } from "../language.server";
import { list } from "./contract";

export const adminApplicationRoutes = new OpenAPIHono<ApiEnv>().openapi(list, async (c) => {
  const user = requireUser(c);
  const q = c.req.valid("query");
  const { db } = c.get("deps");
  if (isAdminArea(user)) {
    if (!q.export) return c.json(await listAdminApplications(db, q), 200);
    // The labels beside the codes in the exporter's language: `lang`, else Accept-Language's, else English.
    const file = await exportApplications(db, q, q.export, downloadLanguage(q.lang, c.req.header("Accept-Language")));
    return c.body(file.body, 200, downloadHeaders(file));
  }
  // An applicant's own list; the staff filters and the downloads are the admin area's.
  if (q.export || !hasPermission(user, "application-index")) throw new AppError(403, "errors.forbidden");
  const own = await listApplications(db, user, { "status[]": q["status[]"], "call_id[]": q["call_id[]"], page: q.page, per_page: q.per_page });
  return c.json({ scope: "own" as const, ...own }, 200);
});
