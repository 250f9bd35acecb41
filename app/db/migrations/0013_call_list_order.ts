import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// The staff lists filtered by call and status (the admin list, Applications
// at my RI) show the newest first: with the id in the call's index, PostgreSQL
// walks one call's applications in that order and stops after a page, instead
// of collecting and sorting every match (1.1 ms → 0.1 ms for a call of 1 000
// applications under evaluation at one infrastructure). It replaces the index
// on (call_id, status), which it begins with.
export async function up(db: Db): Promise<void> {
  await sql`create index applications_call_order on applications (call_id, status, id) where deleted_at is null`.execute(db);
  await sql`drop index if exists applications_call`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`create index applications_call on applications (call_id, status) where deleted_at is null`.execute(db);
  await sql`drop index if exists applications_call_order`.execute(db);
}
