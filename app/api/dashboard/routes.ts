import { OpenAPIHono, z } from "@hono/zod-openapi";
import { openedCalls } from "~/domain/calls/calls.server";
import { openCallCount } from "~/domain/calls/call-status";
import { hasRole, INFRA_STAFF_ROLES } from "~/domain/users/roles";
import { staffedIds } from "~/domain/users/users.server";
import { keptTodoList } from "~/domain/todo/todo-read.server";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { Dashboard, dashboard, todo } from "./contract";

export const dashboardRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(dashboard, async (c) => {
    const user = requireUser(c);
    const db = c.get("deps").db;
    const calls = await openedCalls(db);
    const body: z.infer<typeof Dashboard> = { open_calls: openCallCount(calls) };
    if (hasRole(user, ...INFRA_STAFF_ROLES)) {
      body.infrastructures = (await staffedIds(db, user)).length;
    }
    return c.json(body, 200);
  })
  .openapi(todo, async (c) => {
    const user = requireUser(c);
    return c.json({ data: await keptTodoList(c.get("deps").db, user) }, 200);
  });
