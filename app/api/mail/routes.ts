import { OpenAPIHono } from "@hono/zod-openapi";
import { getOutboxMail, listOutbox } from "~/domain/mail/outbox-list.server";
import type { ApiEnv } from "../context";
import { list, one } from "./contract";

// The contract's middleware has checked the role (editor or admin).
export const mailRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(list, async (c) => c.json(await listOutbox(c.get("deps").db, c.req.valid("query")), 200))
  .openapi(one, async (c) => c.json(await getOutboxMail(c.get("deps").db, c.req.valid("param").id), 200));
