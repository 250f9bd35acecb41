import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const stamp = sql`date_trunc('milliseconds', now())`;

// Notifications and e-mail (docs/lifecycle.md#notifications, docs/architecture.md#mail). A notification row is what the
// portal shows; an outbox row is the e-mail it caused, written in the same
// transaction as the change, so a crash between the change and the delivery
// loses no mail: the delivery job picks queued rows up whenever it runs.
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("notifications")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("application_id", "integer", (c) => c.references("applications.id").onDelete("cascade"))
    // Values the translated text inserts (status names, notes, call title…).
    .addColumn("params", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("read_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .execute();
  await sql`create index notifications_user on notifications (user_id, id desc)`.execute(db);
  // The header's unread count reads only this (partial) index.
  await sql`create index notifications_unread on notifications (user_id) where read_at is null`.execute(db);

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("to_addresses", sql`text[]`, (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text")
    .addColumn("state", "text", (c) => c.notNull().defaultTo("queued").check(sql`state in ('queued', 'sent', 'failed')`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .addColumn("sent_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .addColumn("notification_id", "integer", (c) => c.references("notifications.id").onDelete("set null"))
    .execute();
  await sql`create index mail_outbox_due on mail_outbox (next_attempt_at) where state = 'queued'`.execute(db);
  await sql`create index mail_outbox_list on mail_outbox (id desc)`.execute(db);

  // Scheduled evaluation reminders already sent: the primary key is what makes
  // "once per call per offset" hold with several portal instances.
  await db.schema
    .createTable("evaluation_reminders_sent")
    .addColumn("call_id", "integer", (c) => c.notNull().references("calls.id").onDelete("cascade"))
    .addColumn("days_before", "integer", (c) => c.notNull())
    .addColumn("sent_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .addPrimaryKeyConstraint("evaluation_reminders_sent_pk", ["call_id", "days_before"])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of ["evaluation_reminders_sent", "mail_outbox", "notifications"]) {
    await db.schema.dropTable(t).execute();
  }
}
