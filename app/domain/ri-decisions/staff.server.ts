// Who is infrastructure staff for what (docs/roles.md#infrastructure-staff): an infrastructure's
// manager (infrastructures.manager_id) and its administrators
// (infrastructure_administrators). A user who is both editor and
// manager sees only their own infrastructures in the staff views; the admin
// role sees every one; an editor who runs no infrastructure reads every one.
import type { Db } from "~/db/database.server";
import { hasRole, isAdminArea, type Grants, type Role } from "../users/roles";
import { staffSeeFrom } from "../intake/ri-staff-notice.server";
import { staffedIds } from "../users/users.server";

export const INFRA_STAFF_ROLES: Role[] = ["infrastructure-manager", "infrastructure-administrator"];

export type StaffUser = Grants & { id: number };
/** Every infrastructure (null) or these. */
export type Scope = number[] | null;

/** The infrastructures the list /application-at-my-ri shows to `user`. */
export async function listScope(db: Db, user: StaffUser): Promise<Scope> {
  if (hasRole(user, "admin")) return null;
  if (hasRole(user, ...INFRA_STAFF_ROLES)) return staffedIds(db, user);
  return isAdminArea(user) ? null : [];
}

// The statuses after submission, in the lifecycle's order: staff see an
// application from the moment the setting names (canceled only when they saw
// it from submit: a cancellation may come before evaluation).
const FROM_SUBMIT = ["submit", "not-eligible", "under-evaluation", "granted", "rejected", "accepted", "withdrawn", "reporting", "reported", "canceled"];
const FROM_EVALUATION = ["under-evaluation", "granted", "rejected", "accepted", "withdrawn", "reporting", "reported"];

/** The statuses in which infrastructure staff see an application (show-application-submit-ri-staff). */
export async function staffStatuses(db: Db): Promise<string[]> {
  return (await staffSeeFrom(db)) === "submit" ? FROM_SUBMIT : FROM_EVALUATION;
}

/** Every status after submission: what the admin area sees here. */
export const SUBMITTED_STATUSES = FROM_SUBMIT;
