import { sql, type Kysely } from "kysely";

// Versions (updated_at) to the millisecond, the precision of the JSON the API
// sends: the value a client reads back is then the stored one, compared by
// equality (docs/decisions/015-one-write-pipeline.md). Every table's
// updated_at: existing values truncated, the default stamps milliseconds.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'updated_at'`.execute(db);
  for (const { table_name } of rows) {
    const table = sql.table(table_name);
    await sql`alter table ${table} alter column updated_at set default date_trunc('milliseconds', now())`.execute(db);
    await sql`update ${table} set updated_at = date_trunc('milliseconds', updated_at)`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'updated_at'`.execute(db);
  for (const { table_name } of rows) {
    await sql`alter table ${sql.table(table_name)} alter column updated_at set default now()`.execute(db);
  }
}
