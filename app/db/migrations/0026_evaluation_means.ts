import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// The evaluations' statistics (agreement between the evaluators of one
// application: docs/api.md#statistics) take each submitted evaluation's mean
// score, the mean of its criteria's numeric scores: worked out from every
// evaluation's JSONB scores twice per reading, over a second at 100 000
// applications. It is now a column of the evaluation computed by PostgreSQL
// from its scores whatever writes them (null when none is a number), as the
// drafts' facts are (migration 0015).
export async function up(db: Db): Promise<void> {
  await sql`
    create function evaluation_score_mean(scores jsonb) returns numeric language sql immutable parallel safe as $$
      select avg((e.value ->> 'score')::numeric)
      from jsonb_each(case when jsonb_typeof(scores) = 'object' then scores else '{}'::jsonb end) e
      where jsonb_typeof(e.value -> 'score') = 'number'
    $$`.execute(db);
  await sql`alter table application_reviewers add column score_mean numeric generated always as (evaluation_score_mean(scores)) stored`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`alter table application_reviewers drop column if exists score_mean`.execute(db);
  await sql`drop function if exists evaluation_score_mean(jsonb)`.execute(db);
}
