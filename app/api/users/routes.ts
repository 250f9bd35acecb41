import { OpenAPIHono } from "@hono/zod-openapi";
import { getUser, getUserWithRoles, listUsers, setUserRoles, userOptionList, usersInfo } from "~/domain/users/users.server";
import { notFound } from "~/domain/errors";
import { ADMIN_ROLES, hasRole } from "~/domain/users/roles";
import { getSettings } from "~/domain/settings/settings.server";
import { isPanelMember } from "~/domain/recommendation/panel";
import type { ApiEnv } from "../context";
import { requireRole, requireUser } from "../guards.server";
import { recordOf } from "../resolve-user.server";
import { updateProfile } from "~/domain/users/profile.server";
import { assignRole, info, list, me, one, optionList, updateMe } from "./contract";

export const userRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(me, async (c) => {
    const resolved = requireUser(c);
    const { id, roles, permissions } = resolved;
    const db = c.get("deps").db;
    const [user, settings] = await Promise.all([recordOf(resolved) ?? getUser(db, id), getSettings(db)]);
    if (!user) throw notFound();
    // The menu offers /panel to whoever may read it (ADR 023): panel members, and editors while there is a panel.
    const panel_reader = isPanelMember(settings, user.email) || (settings.panel === "yes" && hasRole(resolved, ...ADMIN_ROLES));
    return c.json({ ...user, roles, permissions, panel_reader }, 200);
  })
  .openapi(updateMe, async (c) => {
    const { id, roles, permissions } = requireUser(c);
    const db = c.get("deps").db;
    await updateProfile(db, id, c.req.valid("json"));
    const user = await getUser(db, id);
    if (!user) throw notFound();
    return c.json({ ...user, roles, permissions }, 200);
  })
  .openapi(list, async (c) => {
    requireRole(c, "admin");
    return c.json(await listUsers(c.get("deps").db, c.req.valid("query")), 200);
  })
  .openapi(optionList, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    return c.json(await userOptionList(c.get("deps").db, c.req.valid("query")), 200);
  })
  .openapi(info, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    return c.json({ data: await usersInfo(c.get("deps").db, c.req.valid("json").ids) }, 200);
  })
  .openapi(one, async (c) => {
    requireRole(c, "admin");
    const user = await getUserWithRoles(c.get("deps").db, c.req.valid("param").id);
    if (!user) throw notFound();
    return c.json(user, 200);
  })
  .openapi(assignRole, async (c) => {
    const admin = requireRole(c, "admin");
    const { user_id, roles } = c.req.valid("json");
    return c.json(await setUserRoles(c.get("deps").db, admin, user_id, roles), 200);
  });
