import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const stamp = sql`date_trunc('milliseconds', now())`;

// Intake and evaluation (docs/lifecycle.md#eligibility to #viewing). On submit the draft's infrastructures and
// accesses become rows (ADR 018: the JSONB draft is what the applicant typed;
// what staff decide on needs ids, filters and foreign keys). Reviewers of an
// application (evaluators, watchdogs, viewers) share one table: the rule that a
// viewer is never also an evaluator or watchdog, and the conflict warnings, read
// one place.
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable("applications")
    .addColumn("evaluation_complete", "boolean", (c) => c.notNull().defaultTo(false))
    // Why no access is eligible (required then, docs/validation.md#eligibility).
    .addColumn("eligibility_notes", "text")
    .execute();

  await db.schema
    .createTable("application_infrastructures")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("application_id", "integer", (c) => c.notNull().references("applications.id").onDelete("cascade"))
    .addColumn("infrastructure_id", "integer", (c) => c.notNull().references("infrastructures.id").onDelete("restrict"))
    .addColumn("second_choice_id", "integer", (c) => c.references("infrastructures.id").onDelete("set null"))
    .addColumn("position", "integer", (c) => c.notNull())
    // The draft row's key: a resubmission after restore-draft keeps decisions of rows it keeps.
    .addColumn("draft_key", "text", (c) => c.notNull())
    .addColumn("has_eligible_accesses", "boolean")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .addUniqueConstraint("application_infrastructures_key", ["application_id", "draft_key"])
    .execute();
  await sql`create index application_infrastructures_infrastructure on application_infrastructures (infrastructure_id, application_id)`.execute(db);

  await db.schema
    .createTable("accesses")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("application_id", "integer", (c) => c.notNull().references("applications.id").onDelete("cascade"))
    .addColumn("application_infrastructure_id", "integer", (c) => c.notNull().references("application_infrastructures.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("draft_key", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("member_email", "text")
    .addColumn("date_from", "date", (c) => c.notNull())
    .addColumn("date_to", "date", (c) => c.notNull())
    .addColumn("requested_units", "integer", (c) => c.notNull())
    .addColumn("eligible", "boolean")
    // Accesses status (docs/lifecycle.md#other-statuses): proposed, user_reported, sm_reported.
    .addColumn("status", "text", (c) => c.notNull().defaultTo("proposed"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .addUniqueConstraint("accesses_key", ["application_infrastructure_id", "draft_key"])
    .execute();
  await db.schema.createIndex("accesses_application").on("accesses").columns(["application_id", "position"]).execute();

  // role: evaluator | watchdog | viewer. state: assigned, then accepted (the
  // declarations ticked) or conflict (with its note); an evaluator's row is
  // also their evaluation (scores per criterion, submitted_at).
  await db.schema
    .createTable("application_reviewers")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("application_id", "integer", (c) => c.notNull().references("applications.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('evaluator', 'watchdog', 'viewer')`))
    .addColumn("state", "text", (c) => c.notNull().defaultTo("assigned"))
    .addColumn("confidential_declaration", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("conflict_declaration", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("conflict_note", "text")
    .addColumn("scores", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("accepted_at", "timestamptz")
    .addColumn("submitted_at", "timestamptz")
    .addColumn("assigned_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .addUniqueConstraint("application_reviewers_one", ["application_id", "user_id", "role"])
    .execute();
  await sql`create index application_reviewers_user on application_reviewers (user_id, role, application_id)`.execute(db);

  // A watchdog's review of one submitted evaluation.
  await db.schema
    .createTable("watchdog_reviews")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("application_id", "integer", (c) => c.notNull().references("applications.id").onDelete("cascade"))
    .addColumn("watchdog_id", "integer", (c) => c.notNull().references("application_reviewers.id").onDelete("cascade"))
    .addColumn("evaluation_id", "integer", (c) => c.notNull().references("application_reviewers.id").onDelete("cascade"))
    .addColumn("verdict", "text")
    .addColumn("comment", "text")
    .addColumn("submitted_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .addUniqueConstraint("watchdog_reviews_one", ["watchdog_id", "evaluation_id"])
    .execute();

  // Evaluation criteria are data: `key` names a seeded default (translated);
  // editors' own criteria have a name only.
  await db.schema
    .createTable("criteria")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .addColumn("deleted_at", "timestamptz")
    .execute();
  await db.schema
    .createTable("call_criteria")
    .addColumn("call_id", "integer", (c) => c.notNull().references("calls.id").onDelete("cascade"))
    .addColumn("criterion_id", "integer", (c) => c.notNull().references("criteria.id").onDelete("restrict"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("call_criteria_pk", ["call_id", "criterion_id"])
    .execute();

  // Invitations by e-mail (docs/roles.md#invitations): whoever signs in with that address
  // gets the role, and the assignment when one is named.
  await db.schema
    .createTable("invitations")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("application_id", "integer", (c) => c.references("applications.id").onDelete("cascade"))
    .addColumn("invited_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("accepted_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("accepted_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(stamp))
    .execute();
  await sql`create index invitations_email on invitations (lower(email)) where accepted_at is null`.execute(db);
}

export async function down(db: Db): Promise<void> {
  for (const t of ["invitations", "call_criteria", "criteria", "watchdog_reviews", "application_reviewers", "accesses", "application_infrastructures"]) {
    await db.schema.dropTable(t).execute();
  }
  await db.schema.alterTable("applications").dropColumn("evaluation_complete").dropColumn("eligibility_notes").execute();
}
