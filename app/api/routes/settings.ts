import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { getSettings, saveSettings, settingEntries } from "~/domain/settings.server";
import { isAdminArea } from "~/domain/roles";
import type { ApiEnv } from "../context";
import { requireRole } from "../guards.server";
import { bearer, errorResponses, json } from "../schemas";

const Entries = z
  .object({ data: z.array(z.object({ key: z.string(), value: z.string(), label: z.string() })) })
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
  summary: "Save settings (admin only), validated as SPEC §5 Settings form",
  request: { body: { required: true, content: { "application/json": { schema: z.record(z.string(), z.string()) } } } },
  responses: { 200: json(Entries), 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] },
});

export const settingRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(get, async (c) => {
    const user = c.get("user");
    const settings = await getSettings(c.get("deps").db);
    return c.json({ data: settingEntries(settings, user !== null && isAdminArea(user)) }, 200);
  })
  .openapi(put, async (c) => {
    const user = requireRole(c, "admin");
    const saved = await saveSettings(c.get("deps").db, c.req.valid("json"), user);
    return c.json({ data: settingEntries(saved, true) }, 200);
  });
