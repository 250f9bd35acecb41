// Who may do what with a granted application (docs/roles.md#who-does-what): its owner accepts,
// withdraws and signs; the staff of an infrastructure the application asked
// for countersign for that infrastructure only; the admin area reads all.
// Ids reveal nothing: a caller who may not read the application gets 404.
import type { Db } from "~/db/database.server";
import { AppError, notFound } from "../errors";
import { visibleRow, type Reader } from "../applications/application-read.server";
import { isAdminArea } from "../users/roles";
import { isInfrastructureStaff } from "../infrastructures/infrastructure-lookups";

/** The live application of its owner: 404 to whoever may not read it, 403 to staff and reviewers who may. */
export async function ownApplication(db: Db, id: number, user: Reader) {
  const row = await visibleRow(db, id, user);
  if (row.user_id !== user.id) throw new AppError(403, "errors.forbidden");
  return row;
}

/** The infrastructures (ids) of the application the user is staff of. */
export async function staffedOf(db: Db, applicationId: number, user: Reader): Promise<number[]> {
  const rows = await db.selectFrom("application_infrastructures").select("infrastructure_id").where("application_id", "=", applicationId).execute();
  return [...new Set(rows.map((r) => r.infrastructure_id).filter((i) => isInfrastructureStaff(user, i)))];
}

export type AgreementReader = "owner" | "staff" | "infrastructure";

/**
 * How the user reads the application's agreements: its owner, the admin area,
 * or the staff of one of its infrastructures; 404 for anyone else.
 */
export async function agreementReader(db: Db, id: number, user: Reader): Promise<{ as: AgreementReader; infrastructures: number[] }> {
  const row = await db.selectFrom("applications").select(["user_id"]).where("id", "=", id).where("deleted_at", "is", null).executeTakeFirst();
  if (!row) throw notFound();
  if (row.user_id === user.id) return { as: "owner", infrastructures: [] };
  if (isAdminArea(user)) return { as: "staff", infrastructures: [] };
  const infrastructures = await staffedOf(db, id, user);
  if (!infrastructures.length) throw notFound();
  return { as: "infrastructure", infrastructures };
}
