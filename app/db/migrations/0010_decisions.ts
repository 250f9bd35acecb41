import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// Decisions and grant (docs/lifecycle.md#panel-recommendation, #infrastructure-decision, #grant): the panel's recommendation ('ta') and each
// infrastructure's decision ('sm') per application infrastructure, the dates
// the application records when each stage is complete, and the scheduled
// reminder of open infrastructure decisions. Signed and countersigned
// acceptance agreements are media links (collections signed_agreement on the
// application, countersigned_agreement on the application infrastructure), so
// the media library's in-use rule covers them with no new column.
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable("applications")
    .addColumn("ta_recommendation_complete", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("recommendation_date", "timestamptz")
    // The panel's "new notes": required when no infrastructure is recommended.
    .addColumn("recommendation_notes", "text")
    .addColumn("sm_decision_date", "timestamptz")
    .addColumn("accepted_at", "timestamptz")
    .execute();
  await db.schema
    .alterTable("application_infrastructures")
    .addColumn("ta_recommended", "boolean")
    .addColumn("ta_units", "integer")
    .addColumn("ta_participants", "integer")
    .addColumn("ta_budget", sql`numeric(12,2)`)
    .addColumn("ta_recommendation", "text")
    .addColumn("sm_accepted", "boolean")
    .addColumn("sm_units", "integer")
    .addColumn("sm_participants", "integer")
    .addColumn("sm_budget", sql`numeric(12,2)`)
    .addColumn("sm_justification", "text")
    .addColumn("sm_decided_at", "timestamptz")
    .addColumn("sm_decided_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  // Once per call, whichever portal instance runs the schedule first.
  await db.schema
    .createTable("sm_reminders_sent")
    .addColumn("call_id", "integer", (c) => c.primaryKey().references("calls.id").onDelete("cascade"))
    .addColumn("sent_at", "timestamptz", (c) => c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("sm_reminders_sent").execute();
  for (const c of ["sm_decided_by", "sm_decided_at", "sm_justification", "sm_budget", "sm_participants", "sm_units", "sm_accepted", "ta_recommendation", "ta_budget", "ta_participants", "ta_units", "ta_recommended"]) {
    await db.schema.alterTable("application_infrastructures").dropColumn(c).execute();
  }
  for (const c of ["accepted_at", "sm_decision_date", "recommendation_notes", "recommendation_date", "ta_recommendation_complete"]) {
    await db.schema.alterTable("applications").dropColumn(c).execute();
  }
}
