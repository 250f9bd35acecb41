import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// Each person's private calendar feed (docs/decisions/050-calendar-feed.md):
// one per person, named by the SHA-256 of its secret token (the token itself
// is shown once and never kept), with the language its events are written in.
// Renewing replaces the row, so the old token names nothing.
export async function up(db: Db): Promise<void> {
  await sql`create table if not exists calendar_feeds (
    user_id integer primary key references users(id) on delete cascade,
    token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
    language text not null default 'en' check (language in ('en', 'fr')),
    created_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`drop table if exists calendar_feeds`.execute(db);
}
