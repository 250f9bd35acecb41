import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// The staff list's filters (docs/data.md#list-filters) that no earlier index serves: the
// submission days (date_from, date_to), and an application's watchdog reviews
// (review_status: pending or all submitted), looked up per application.
export async function up(db: Db): Promise<void> {
  await sql`create index applications_submitted on applications (submitted_at) where deleted_at is null`.execute(db);
  await sql`create index watchdog_reviews_application on watchdog_reviews (application_id, submitted_at)`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`drop index watchdog_reviews_application`.execute(db);
  await sql`drop index applications_submitted`.execute(db);
}
