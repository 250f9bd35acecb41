import { OpenAPIHono } from "@hono/zod-openapi";
import { getSettings, getSettingsVersion, saveSettings, settingEntries } from "~/domain/settings/settings.server";
import { isAdminArea } from "~/domain/users/roles";
import type { ApiEnv } from "../context";
import { requireRole } from "../guards.server";
import { get, put } from "./contract";

export const settingRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(get, async (c) => {
    const user = c.get("user");
    const { db } = c.get("deps");
    const [settings, version] = await Promise.all([getSettings(db), getSettingsVersion(db)]);
    return c.json({ data: settingEntries(settings, user !== null && isAdminArea(user)), updated_at: version }, 200);
  })
  .openapi(put, async (c) => {
    const user = requireRole(c, "editor", "admin");
    const { db } = c.get("deps");
    const saved = await saveSettings(db, c.req.valid("json"), user);
    return c.json({ data: settingEntries(saved, true), updated_at: await getSettingsVersion(db) }, 200);
  });
