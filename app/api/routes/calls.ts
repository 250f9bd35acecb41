import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { callListQuery } from "~/domain/call";
import { getCall, listCalls, openedCalls } from "~/domain/calls.server";
import { ADMIN_ROLES, isAdminArea } from "~/domain/roles";
import type { ApiEnv } from "../context";
import { requireRole } from "../guards.server";
import { bearer, errorResponses, IdParam, json, MetaSchema } from "../schemas";

const InfrastructureRef = z.object({ id: z.number(), name: z.string(), short_name: z.string().nullable() });

export const CallSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    description: z.string().nullable(),
    status: z.string(),
    open_at: z.string(),
    close_at: z.string(),
    remote_access: z.boolean(),
    physical_access: z.boolean(),
    is_open: z.boolean(),
    owner: z.object({ id: z.number(), display_name: z.string() }).nullable(),
    unauthorized_countries: z.array(z.string()),
    available_infrastructures: z.array(InfrastructureRef).optional(),
  })
  .loose()
  .openapi("Call");

const opened = createRoute({
  method: "get",
  path: "/calls/opened",
  summary: "Calls announced or open and not yet closed (public)",
  responses: { 200: json(z.object({ data: z.array(CallSchema) })) },
});

const list = createRoute({
  method: "get",
  path: "/calls",
  security: bearer,
  summary: "All calls with the SPEC §3 call list filter (editor, admin)",
  request: { query: callListQuery },
  responses: {
    200: json(z.object({ data: z.array(CallSchema), meta: MetaSchema })),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

const one = createRoute({
  method: "get",
  path: "/calls/{id}",
  summary: "One call (drafts and trashed calls for editors and admins only)",
  request: { params: IdParam },
  responses: { 200: json(CallSchema), 404: errorResponses[404] },
});

export const callRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(opened, async (c) => {
    c.header("Cache-Control", "private, max-age=0, must-revalidate");
    return c.json({ data: await openedCalls(c.get("deps").db) }, 200);
  })
  .openapi(list, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    return c.json(await listCalls(c.get("deps").db, c.req.valid("query")), 200);
  })
  .openapi(one, async (c) => {
    const user = c.get("user");
    const call = await getCall(c.get("deps").db, c.req.valid("param").id, user !== null && isAdminArea(user));
    return c.json(call, 200);
  });
