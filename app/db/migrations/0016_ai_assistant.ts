import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// The assistant that pre-fills a draft from its research plan
// (docs/decisions/042-assistant-pre-fill.md): who agreed to its disclaimer and
// when (ai_termsandconditions), the claim a pre-fill holds while the
// assistant answers (ai_requested_at: one at a time, and none once
// ai_response is set), and what it answered with the fields it filled
// (ai_response), kept for staff.
export async function up(db: Db): Promise<void> {
  await sql`alter table applications
    add column if not exists ai_termsandconditions timestamptz,
    add column if not exists ai_termsandconditions_by integer references users(id) on delete set null,
    add column if not exists ai_requested_at timestamptz,
    add column if not exists ai_response jsonb`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`alter table applications
    drop column if exists ai_response,
    drop column if exists ai_requested_at,
    drop column if exists ai_termsandconditions_by,
    drop column if exists ai_termsandconditions`.execute(db);
}
