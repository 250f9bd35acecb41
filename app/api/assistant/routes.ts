import { OpenAPIHono } from "@hono/zod-openapi";
import { assistantStatus, prefill as prefillDraft } from "~/domain/assistant/prefill.server";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { prefill, status } from "./contract";

export const assistantRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(status, async (c) => {
    const user = requireUser(c);
    return c.json(await assistantStatus(c.get("deps").db, c.req.valid("param").id, user), 200);
  })
  .openapi(prefill, async (c) => {
    const user = requireUser(c);
    const id = c.req.valid("param").id;
    await prefillDraft(c.get("deps"), id, user, c.req.valid("json"));
    return c.json(await assistantStatus(c.get("deps").db, id, user), 200);
  });
