import { OpenAPIHono } from "@hono/zod-openapi";
import { callOptions, getCall, listCalls, openedCalls } from "~/domain/calls/calls.server";
import { callReferenceErrors, createCall, setCallTrashed, updateCall } from "~/domain/calls/call-save.server";
import { ADMIN_ROLES, isAdminArea } from "~/domain/users/roles";
import type { ApiEnv } from "../context";
import { requireRole } from "../guards.server";
import { withReferences } from "../validation";
import { create, list, one, opened, optionList, remove, restore, update } from "./contract";

// Fixed paths (opened, option-list) are registered before /calls/{id}.
export const callRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(opened, async (c) => {
    c.header("Cache-Control", "private, max-age=0, must-revalidate");
    return c.json({ data: await openedCalls(c.get("deps").db) }, 200);
  })
  .openapi(optionList, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    const { page, per_page } = c.req.valid("query");
    return c.json(await callOptions(c.get("deps").db, page, per_page), 200);
  })
  .openapi(create, async (c) => {
    const user = requireRole(c, ...ADMIN_ROLES);
    return c.json(await createCall(c.get("deps").db, c.req.valid("json"), user), 201);
  }, withReferences(callReferenceErrors))
  .openapi(update, async (c) => {
    const user = requireRole(c, ...ADMIN_ROLES);
    return c.json(await updateCall(c.get("deps").db, c.req.valid("param").id, c.req.valid("json"), user), 200);
  }, withReferences(callReferenceErrors))
  .openapi(remove, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    await setCallTrashed(c.get("deps").db, c.req.valid("param").id, true);
    return c.body(null, 204);
  })
  .openapi(restore, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    return c.json(await setCallTrashed(c.get("deps").db, c.req.valid("param").id, false), 200);
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
