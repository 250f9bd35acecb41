// The users API contract: every operation, its parameters and its answers.
import { ID_LIST_MAX, ID_MAX } from "~/domain/id-rules";
import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_ROLES, ROLES } from "~/domain/users/roles";
import { USER_STATUSES } from "~/domain/users/user-status";
import { allow } from "../guards.server";
import { bearer, errorResponses, IdParam, json, MetaSchema, PAGE_MAX } from "../schemas";
import { UserSchema } from "../auth/contract";
import { clearableBody } from "../contract";
import { profileSchema } from "~/domain/users/profile";

const profileText = z.string().nullable();
const Me = UserSchema.extend({
  email_cc: profileText,
  website: profileText,
  address: profileText,
  nationality: profileText,
  phone: profileText,
  organization_name: profileText,
  organization_address: profileText,
  organization_email: profileText,
  organization_country: profileText,
  orcid: profileText.openapi({ description: "The canonical ORCID iD (0000-0002-1825-0097)" }),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  /** The header's unread notifications count (GET /users/me only). */
  unread_notifications: z.number().optional(),
  /** Whether the user may read the panel's view, /panel (GET /users/me only). */
  panel_reader: z.boolean().optional(),
}).openapi("Me");

const UserWithRoles = z
  .object({ id: z.number(), display_name: z.string().nullable(), email: z.string(), roles: z.array(z.string()) })
  .openapi("UserWithRoles");

const UserRow = UserWithRoles.extend({
  name: z.string().nullable(),
  surname: z.string().nullable(),
  organization_name: z.string().nullable(),
}).openapi("UserRow");

/** One user as the admin's user screen shows it: the profile fields and the roles. */
export const UserDetail = z
  .object({
    id: z.number(),
    email: z.string(),
    email_cc: z.string().nullable(),
    name: z.string().nullable(),
    surname: z.string().nullable(),
    status: z.enum(USER_STATUSES),
    slug: z.string().nullable(),
    display_name: z.string().nullable(),
    accept_conditions_disclaimer: z.boolean(),
    website: z.string().nullable(),
    address: z.string().nullable(),
    nationality: z.string().nullable(),
    phone: z.string().nullable(),
    organization_name: z.string().nullable(),
    organization_address: z.string().nullable(),
    organization_email: z.string().nullable(),
    organization_country: z.string().nullable(),
    orcid: z.string().nullable(),
    groups: z.array(z.string()),
    roles: z.array(z.string()),
  })
  .openapi("UserDetail");

const page = z.coerce.number().int().min(1).max(PAGE_MAX).default(1);

export const me = createRoute({
  method: "get",
  path: "/users/me",
  security: bearer,
  summary: "The signed-in user with roles and permissions",
  responses: { 200: json(Me), 401: errorResponses[401] },
});

export const updateMe = createRoute({
  method: "put",
  path: "/users/me",
  security: bearer,
  summary: "Save the signed-in user's own profile (any signed-in user, only themself); the e-mail, name and surname come from the identity provider and are not changed",
  request: clearableBody(profileSchema, "The fields to change: an absent field is unchanged, a null or blank one is cleared ({} changes nothing); countries are ISO 3166-1 alpha-2 codes of GET /api/countries"),
  responses: { 200: json(Me), 401: errorResponses[401], 422: errorResponses[422] },
});

export const list = createRoute({
  middleware: [allow("admin")] as const,
  method: "get",
  path: "/users",
  security: bearer,
  summary: "Users with their roles, for the admin screen (admin)",
  request: {
    query: z.object({
      q: z.string().trim().max(255).optional(),
      role: z.enum(ROLES).optional(),
      sort_by: z.enum(["name", "email", "id"]).default("name"),
      order: z.enum(["asc", "desc"]).default("asc"),
      page,
      per_page: z.coerce.number().int().min(1).max(1000).default(20),
    }),
  },
  responses: {
    200: json(z.object({ data: z.array(UserRow), meta: MetaSchema })),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

export const optionList = createRoute({
  middleware: [allow(...ADMIN_ROLES)] as const,
  method: "get",
  path: "/users/option-list",
  security: bearer,
  summary: "Users as options: label (display name), value (id), email (editor, admin)",
  request: {
    query: z.object({
      q: z.string().trim().max(255).optional(),
      page,
      per_page: z.coerce.number().int().min(1).max(1000).default(1000),
    }),
  },
  responses: {
    200: json(z.object({ data: z.array(z.object({ label: z.string(), value: z.number(), email: z.string() })), meta: MetaSchema })),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

export const info = createRoute({
  middleware: [allow(...ADMIN_ROLES)] as const,
  method: "post",
  path: "/users/info",
  security: bearer,
  summary: "Name, e-mail and roles of the given users (editor, admin)",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ ids: z.array(z.number().int().positive().max(ID_MAX)).max(ID_LIST_MAX) }) } },
    },
  },
  responses: {
    200: json(z.object({ data: z.array(UserWithRoles) })),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

// Declared after /users/me and /users/option-list, which it would otherwise shadow.
export const one = createRoute({
  middleware: [allow("admin")] as const,
  method: "get",
  path: "/users/{id}",
  security: bearer,
  summary: "One user's profile fields and roles (admin)",
  request: { params: IdParam },
  responses: {
    200: json(UserDetail),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const assignRole = createRoute({
  middleware: [allow("admin")] as const,
  method: "post",
  path: "/users/assign-role",
  security: bearer,
  summary: "Set a user's roles to exactly the list given; applicant is always kept (admin)",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({ user_id: z.number().int().positive().max(ID_MAX), roles: z.array(z.string().max(100)).max(ROLES.length * 2) }),
        },
      },
    },
  },
  responses: { 200: json(UserWithRoles), 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] },
});
