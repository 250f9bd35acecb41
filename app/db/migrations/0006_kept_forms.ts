import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// A wizard step posted after the session ended: what was typed waits here
// (one hour at most) for the applicant to sign in again and come back to the
// step (app/forms/kept-form.server.ts).
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("kept_forms")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("entries", "jsonb", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("kept_forms_expires").on("kept_forms").column("expires_at").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("kept_forms").execute();
}
