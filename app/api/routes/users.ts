import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { getUser } from "~/domain/users.server";
import { notFound } from "~/domain/errors";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { bearer, errorResponses, json } from "../schemas";
import { UserSchema } from "./auth";

const Me = UserSchema.extend({
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
}).openapi("Me");

const me = createRoute({
  method: "get",
  path: "/users/me",
  security: bearer,
  summary: "The signed-in user with roles and permissions",
  responses: { 200: json(Me), 401: errorResponses[401] },
});

export const userRoutes = new OpenAPIHono<ApiEnv>().openapi(me, async (c) => {
  const { id, roles, permissions } = requireUser(c);
  const user = await getUser(c.get("deps").db, id);
  if (!user) throw notFound();
  return c.json({ ...user, roles, permissions }, 200);
});
