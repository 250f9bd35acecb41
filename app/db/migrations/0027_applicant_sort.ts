import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// The staff list sorted by applicant (docs/data.md#list-filters) orders the
// applications by their owner's name as the column shows it,
// coalesce(display_name, email): without an index in that order PostgreSQL
// joined and sorted every matching application before skipping to the page,
// 100 ms a page at 100 000 applications, a p50 of half a second with ten
// clients (docs/budgets.md#statistics). With the owners read in the list's
// order (either direction) and their applications by owner, a page reads
// only the rows before it.
export async function up(db: Db): Promise<void> {
  await sql`create index if not exists users_list_name_asc on users ((coalesce(display_name, email)) asc nulls last, id)`.execute(db);
  await sql`create index if not exists users_list_name_desc on users ((coalesce(display_name, email)) desc nulls last, id)`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`drop index if exists users_list_name_desc`.execute(db);
  await sql`drop index if exists users_list_name_asc`.execute(db);
}
