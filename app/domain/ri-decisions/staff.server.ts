// Who is infrastructure staff for what (docs/roles.md#infrastructure-staff): an infrastructure's
// manager (infrastructures.manager_id) and its administrators
// (infrastructure_administrators). A user who is both editor and
// manager sees only their own infrastructures in the staff views; the admin
// role sees every one; an editor who runs no infrastructure reads every one.
import { sql, type RawBuilder } from "kysely";
import type { Db } from "~/db/database.server";
import { hasRole, INFRA_STAFF_ROLES, isAdminArea, type Grants, type Actor } from "../users/roles";
import { staffSeeFrom } from "../intake/ri-staff-notice.server";
import { staffedIds } from "../users/users.server";
import { isInfrastructureStaff } from "../infrastructures/infrastructure-lookups";

export type StaffUser = Actor;
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

/** Whether infrastructure staff see an application in `status` now (staffStatuses). */
export async function staffSee(db: Db, status: string): Promise<boolean> {
  return (await staffStatuses(db)).includes(status);
}

/**
 * The one rule of infrastructure staff reading an application
 * (docs/roles.md#infrastructure-staff): of its infrastructures, those `user`
 * is staff of, once staff see an application in its status; none before.
 * Every read by staff goes through it or its SQL form (staffReadsSql): the
 * decision, the agreements, the report and publications, the files.
 */
export async function staffReadingAt(db: Db, application: { id: number; status: string }, user: Grants): Promise<number[]> {
  if (!(await staffSee(db, application.status))) return [];
  const rows = await db.selectFrom("application_infrastructures").select("infrastructure_id").where("application_id", "=", application.id).execute();
  return [...new Set(rows.map((r) => r.infrastructure_id).filter((i) => isInfrastructureStaff(user, i)))];
}

/** staffSee as an SQL condition on the application `a`, `seen` being what staffStatuses answered. */
export const staffSeeSql = (seen: readonly string[]): RawBuilder<boolean> => sql<boolean>`a.status in (${sql.join([...seen])})`;

/**
 * staffReadingAt as an SQL condition on the application `a`, for the media
 * read rule's clauses: `seen` is what staffStatuses answered, `staffed` the
 * reader's infrastructures (ids as text, never empty: "-none-" stands in).
 */
export function staffReadsSql(seen: readonly string[], staffed: readonly string[]): RawBuilder<boolean> {
  return sql<boolean>`(${staffSeeSql(seen)} and exists (
    select 1 from application_infrastructures sa where sa.application_id = a.id and cast(sa.infrastructure_id as text) in (${sql.join([...staffed])})))`;
}

