import { OpenAPIHono } from "@hono/zod-openapi";
import { ROLES } from "~/domain/users/roles";
import { getUser } from "~/domain/users/users.server";
import { notFound } from "~/domain/errors";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { recordOf } from "../resolve-user.server";
import { currentUser, roles } from "./contract";

export const authRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(currentUser, async (c) => {
    const resolved = requireUser(c);
    const user = recordOf(resolved) ?? (await getUser(c.get("deps").db, resolved.id));
    if (!user) throw notFound();
    return c.json(user, 200);
  })
  .openapi(roles, async (c) => {
    requireUser(c);
    return c.json({ data: ROLES.map((name) => ({ name })) }, 200);
  });
