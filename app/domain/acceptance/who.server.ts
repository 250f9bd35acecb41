// Who may do what with a granted application (docs/roles.md#who-does-what): its owner accepts,
// withdraws and signs; the staff of an infrastructure the application asked
// for countersign for that infrastructure only, and read it only once staff
// see it (docs/roles.md#infrastructure-staff); the admin area reads all.
// Ids reveal nothing: a caller who may not read the application gets 404.
import type { Db } from "~/db/database.server";
import { AppError, notFound } from "../errors";
import { visibleRow, type Reader } from "../applications/application-read.server";
import { isAdminArea } from "../users/roles";
import { staffReadingAt } from "../ri-decisions/staff.server";

/** The live application of its owner: 404 to whoever may not read it, 403 to staff and reviewers who may. */
export async function ownApplication(db: Db, id: number, user: Reader) {
  const row = await visibleRow(db, id, user);
  if (row.user_id !== user.id) throw new AppError(403, "errors.forbidden");
  return row;
}

/** The infrastructures (ids) of the live application the user reads it as staff of (staffReadingAt): none before staff see it. */
export async function staffedOf(db: Db, applicationId: number, user: Reader): Promise<number[]> {
  const app = await db.selectFrom("applications").select(["id", "status"]).where("id", "=", applicationId).where("deleted_at", "is", null).executeTakeFirst();
  return app ? staffReadingAt(db, app, user) : [];
}

export type AgreementReader = "owner" | "staff" | "infrastructure";

/**
 * How the user reads the application's agreements: its owner, the admin area,
 * or the staff of one of its infrastructures once they see it; 404 for anyone else.
 */
export async function agreementReader(db: Db, id: number, user: Reader): Promise<{ as: AgreementReader; infrastructures: number[] }> {
  const row = await db.selectFrom("applications").select(["id", "user_id", "status"]).where("id", "=", id).where("deleted_at", "is", null).executeTakeFirst();
  if (!row) throw notFound();
  if (row.user_id === user.id) return { as: "owner", infrastructures: [] };
  if (isAdminArea(user)) return { as: "staff", infrastructures: [] };
  const infrastructures = await staffReadingAt(db, row, user);
  if (!infrastructures.length) throw notFound();
  return { as: "infrastructure", infrastructures };
}
