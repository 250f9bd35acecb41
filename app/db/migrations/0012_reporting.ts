import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const stamp = sql`date_trunc('milliseconds', now())`;

// Reporting and feedback (docs/lifecycle.md#reporting). The report is its own row, made when the
// application first enters reporting (its due date fixed then, from the call's
// user_report_days): the applicant's texts and feedback survey, when it was
// submitted, and the watchdog's verdict. Publications are rows of their own
// (any number, added after the report too). Per access: what the applicant
// reports having used, and the infrastructure's confirmation (sm_report_*).
// The scientific report and the final data management plan are media links on
// the application (collections scientific_report and data_man_final), so the
// media library's in-use rule covers them with no new column.
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("application_reports")
    .addColumn("application_id", "integer", (c) => c.primaryKey().references("applications.id").onDelete("cascade"))
    .addColumn("started_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    // A day (inclusive), in the portal's time zone (ADR 006).
    .addColumn("due_on", "date", (c) => c.notNull())
    .addColumn("season_objectives", "text")
    .addColumn("achievements_and_difficulties", "text")
    .addColumn("quantitative_feedback_coordination", "smallint", (c) => c.check(sql`quantitative_feedback_coordination between 1 and 5`))
    .addColumn("quantitative_feedback_infrastructure", "smallint", (c) => c.check(sql`quantitative_feedback_infrastructure between 1 and 5`))
    .addColumn("quantitative_feedback_overall", "smallint", (c) => c.check(sql`quantitative_feedback_overall between 1 and 5`))
    // "Would you recommend this access to a colleague?"
    .addColumn("feedback_recommend", "boolean")
    .addColumn("text_feedback_coordination", "text")
    .addColumn("text_feedback_infrastructure", "text")
    .addColumn("text_feedback_overall", "text")
    .addColumn("submitted_at", "timestamptz")
    .addColumn("submitted_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    // watchdog_report_review: approved | rejected, with the watchdog's note.
    .addColumn("watchdog_review", "text", (c) => c.check(sql`watchdog_review in ('approved', 'rejected')`))
    .addColumn("watchdog_review_note", "text")
    .addColumn("watchdog_reviewed_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("watchdog_reviewed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .execute();
  await db.schema.createIndex("application_reports_due").on("application_reports").column("due_on").where(sql.ref("submitted_at"), "is", null).execute();

  // What happened to a report, for its history: started, submitted, reopened
  // (by the editor), approved, rejected (the watchdog, note required).
  await db.schema
    .createTable("report_events")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("application_id", "integer", (c) => c.notNull().references("applications.id").onDelete("cascade"))
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("note", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .execute();
  await db.schema.createIndex("report_events_application").on("report_events").columns(["application_id", "id"]).execute();

  await db.schema
    .createTable("publications")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("application_id", "integer", (c) => c.notNull().references("applications.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("references", "text")
    .addColumn("year", "integer")
    .addColumn("publication_type", "text")
    .addColumn("authors", "text")
    .addColumn("web_address", "text")
    .addColumn("doi", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .execute();
  await db.schema.createIndex("publications_application").on("publications").columns(["application_id", "id"]).execute();

  await db.schema
    .alterTable("accesses")
    // The applicant's report: what was used, and when.
    .addColumn("user_units", "integer")
    .addColumn("user_date_from", "date")
    .addColumn("user_date_to", "date")
    // The infrastructure's confirmation and reimbursement (docs/data.md#access).
    .addColumn("sm_report_confirmed", "boolean")
    .addColumn("sm_report_units", "integer")
    .addColumn("sm_report_type", "text")
    .addColumn("sm_report_date_from", "date")
    .addColumn("sm_report_date_to", "date")
    .addColumn("sm_reimbursement_date", "date")
    .addColumn("sm_reported_at", "timestamptz")
    .addColumn("sm_reported_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();

  // The scheduled report reminders, once per application, audience
  // (applicant | staff) and offset in days before the due date (7, 0).
  await db.schema
    .createTable("report_reminders_sent")
    .addColumn("application_id", "integer", (c) => c.notNull().references("applications.id").onDelete("cascade"))
    .addColumn("audience", "text", (c) => c.notNull().check(sql`audience in ('applicant', 'staff')`))
    .addColumn("days_before", "integer", (c) => c.notNull())
    .addColumn("sent_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .addPrimaryKeyConstraint("report_reminders_sent_pk", ["application_id", "audience", "days_before"])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("report_reminders_sent").execute();
  for (const c of ["sm_reported_by", "sm_reported_at", "sm_reimbursement_date", "sm_report_date_to", "sm_report_date_from", "sm_report_type", "sm_report_units", "sm_report_confirmed", "user_date_to", "user_date_from", "user_units"]) {
    await db.schema.alterTable("accesses").dropColumn(c).execute();
  }
  await db.schema.dropTable("publications").execute();
  await db.schema.dropTable("report_events").execute();
  await db.schema.dropTable("application_reports").execute();
}
