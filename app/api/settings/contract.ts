// The settings API contract: every operation, its parameters and its answers.
import { createRoute, z } from "@hono/zod-openapi";
import { bearer, conflict, errorResponses, json } from "../schemas";

const Entries = z
  .object({
    data: z.array(z.object({ key: z.string(), value: z.string(), label: z.string() })),
    updated_at: z.string().nullable().openapi({ description: "The settings' version: send it back with a save (409 when someone saved meanwhile)" }),
  })
  .openapi("Settings");

export const get = createRoute({
  method: "get",
  path: "/settings",
  summary: "Settings merged with defaults; staff-only keys only for editors and admins",
  responses: { 200: json(Entries) },
});

export const put = createRoute({
  method: "put",
  path: "/settings",
  security: bearer,
  summary: "Save settings (admin only), validated as docs/validation.md#settings-form says; `updated_at` is the version read",
  request: { body: { required: true, content: { "application/json": { schema: z.record(z.string(), z.string()) } } } },
  responses: {
    200: json(Entries),
    401: errorResponses[401],
    403: errorResponses[403],
    409: conflict("Someone saved the settings after the version sent"),
    422: errorResponses[422],
  },
});
