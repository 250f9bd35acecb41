// The auth API contract: every operation, its parameters and its answers.
import { createRoute, z } from "@hono/zod-openapi";
import { USER_STATUSES } from "~/domain/users/user-status";
import { bearer, errorResponses, json } from "../schemas";

export const UserSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    name: z.string().nullable(),
    surname: z.string().nullable(),
    display_name: z.string().nullable(),
    status: z.enum(USER_STATUSES),
    groups: z.array(z.string()),
  })
  .loose()
  .openapi("User");

export const currentUser = createRoute({
  method: "get",
  path: "/auth/current-user",
  security: bearer,
  summary: "The user of the Bearer token",
  responses: { 200: json(UserSchema), 401: errorResponses[401] },
});

export const roles = createRoute({
  method: "get",
  path: "/auth/roles",
  security: bearer,
  summary: "The portal's roles",
  responses: { 200: json(z.object({ data: z.array(z.object({ name: z.string() })) })), 401: errorResponses[401] },
});
