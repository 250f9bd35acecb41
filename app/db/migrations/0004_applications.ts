import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// Applications (docs/decisions/018-application-draft-document.md): what the
// applicant typed is kept per wizard section in one JSONB document, valid or
// not, so a step never loses an entry; the columns beside it are what lists
// filter and sort on, copied from the document on each save.
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("applications")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("call_id", "integer", (c) => c.notNull().references("calls.id").onDelete("restrict"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("restrict"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("step", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("acronym", "text")
    .addColumn("title", "text")
    .addColumn("discipline", "text")
    .addColumn("draft", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("submitted_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`))
    .addColumn("deleted_at", "timestamptz")
    .execute();
  await sql`create index applications_owner on applications (user_id, updated_at desc) where deleted_at is null`.execute(db);
  await sql`create index applications_call on applications (call_id, status) where deleted_at is null`.execute(db);

  // Every status an application reaches: from, to, who, when, notes (docs/lifecycle.md#transitions).
  await db.schema
    .createTable("application_history")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("application_id", "integer", (c) => c.notNull().references("applications.id").onDelete("cascade"))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("notes", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`))
    .execute();
  await db.schema.createIndex("application_history_application").on("application_history").columns(["application_id", "created_at"]).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("application_history").execute();
  await db.schema.dropTable("applications").execute();
}
