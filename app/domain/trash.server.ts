import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { notFound } from "./errors";
import type { SoftDeletable } from "./list-query.server";
import { versionNow } from "./write.server";

/**
 * Soft delete (`trashed`) or restore: acts only on a row in the other state
 * (404 otherwise), and moves updated_at so a form opened before is stale.
 */
export async function setTrashed(db: Db, table: SoftDeletable, id: number, trashed: boolean): Promise<void> {
  const row = await db
    .updateTable(table)
    .set({ deleted_at: trashed ? sql`now()` : null, updated_at: versionNow() })
    .where("id", "=", id)
    .where("deleted_at", trashed ? "is" : "is not", null)
    .returning("id")
    .executeTakeFirst();
  if (!row) throw notFound();
}
