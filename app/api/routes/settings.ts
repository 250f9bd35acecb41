import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { getSettings, getSettingsVersion, saveSettings, settingEntries } from "~/domain/settings.server";
import { isAdminArea } from "~/domain/roles";
import type { ApiEnv } from "../context";
import { requireRole } from "../guards.server";
import { bearer, conflict, errorResponses, json } from "../schemas";

const Entries = z
  .object({
    data: z.array(z.object({ key: z.string(), value: z.string(), label: z.string() })),
    updated_at: z.string().nullable().openapi({ description: "The settings' version: send it back with a save (409 when someone saved meanwhile)" }),
  })
  .openapi("Settings");

const get = createRoute({
  method: "get",
  path: "/settings",
  summary: "Settings merged with defaults; staff-only keys only for editors and admins",
  responses: { 200: json(Entries) },
});

const put = createRoute({
  method: "put",
  path: "/settings",
  security: bearer,
  summary: "Save settings (admin only), validated as SPEC §5 Settings form; `updated_at` is the version read",
  request: { body: { required: true, content: { "application/json": { schema: z.record(z.string(), z.string()) } } } },
  responses: {
    200: json(Entries),
    401: errorResponses[401],
    403: errorResponses[403],
    409: conflict("Someone saved the settings after the version sent"),
    422: errorResponses[422],
  },
});

export const settingRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(get, async (c) => {
    const user = c.get("user");
    const { db } = c.get("deps");
    const [settings, version] = await Promise.all([getSettings(db), getSettingsVersion(db)]);
    return c.json({ data: settingEntries(settings, user !== null && isAdminArea(user)), updated_at: version }, 200);
  })
  .openapi(put, async (c) => {
    const user = requireRole(c, "admin");
    const { db } = c.get("deps");
    const saved = await saveSettings(db, c.req.valid("json"), user);
    return c.json({ data: settingEntries(saved, true), updated_at: await getSettingsVersion(db) }, 200);
  });
