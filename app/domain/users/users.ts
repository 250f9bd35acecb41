// zod/mini: this schema also runs in the browser (docs/budgets.md#weight).
import * as z from "zod/mini";
import { ROLE_LIST_MAX, ROLES } from "./roles";
import { isId } from "../ids";

export const USER_SORTS = ["name", "email", "id"] as const;

/**
 * The admin screen's "Save roles" form (one per user), shared by Conform and
 * the action. The API (POST /api/users/assign-role) enforces the rest: the
 * applicant role is always kept, and an admin keeps their own admin role.
 */
export const assignRolesSchema = z.object({
  user_id: z.coerce.number({ error: "validation.required" }).check(z.refine(isId, "validation.invalid")),
  roles: z._default(z.array(z.enum(ROLES, { error: "users-validation.unknown-role" })).check(z.maxLength(ROLE_LIST_MAX, "validation.max")), []),
});
export type AssignRolesInput = z.infer<typeof assignRolesSchema>;

/**
 * The form's schema for a given admin: it also refuses their removing their
 * own admin role (as the API does), so the browser can say so before posting.
 */
export function assignRolesSchemaFor(actorId: number) {
  return assignRolesSchema.check(
    z.refine((v) => v.user_id !== actorId || v.roles.includes("admin"), { error: "users-validation.keep-own-admin", path: ["roles"] }),
  );
}
