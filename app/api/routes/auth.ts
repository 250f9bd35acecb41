import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { ROLES } from "~/domain/roles";
import { getUser } from "~/domain/users.server";
import { notFound } from "~/domain/errors";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { bearer, errorResponses, json } from "../schemas";

export const UserSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    name: z.string().nullable(),
    surname: z.string().nullable(),
    display_name: z.string().nullable(),
    status: z.string(),
    groups: z.array(z.string()),
  })
  .loose()
  .openapi("User");

const currentUser = createRoute({
  method: "get",
  path: "/auth/current-user",
  security: bearer,
  summary: "The user of the Bearer token",
  responses: { 200: json(UserSchema), 401: errorResponses[401] },
});

const roles = createRoute({
  method: "get",
  path: "/auth/roles",
  security: bearer,
  summary: "The portal's roles",
  responses: { 200: json(z.object({ data: z.array(z.object({ name: z.string() })) })), 401: errorResponses[401] },
});

export const authRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(currentUser, async (c) => {
    const { id } = requireUser(c);
    const user = await getUser(c.get("deps").db, id);
    if (!user) throw notFound();
    return c.json(user, 200);
  })
  .openapi(roles, async (c) => {
    requireUser(c);
    return c.json({ data: ROLES.map((name) => ({ name })) }, 200);
  });
