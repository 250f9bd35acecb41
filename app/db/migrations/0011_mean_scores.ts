import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// The panel's ranking (docs/lifecycle.md#panel-recommendation) orders a call's applications by their mean
// evaluation score: kept on the application (app/domain/reviews/mean-score.server.ts)
// rather than computed from every evaluation's JSONB scores per request.
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable("applications")
    .addColumn("mean_score", "numeric")
    .addColumn("evaluations_submitted", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update applications a set mean_score = s.mean, evaluations_submitted = s.n
    from (
      select r.application_id, count(distinct r.id)::int as n,
        avg((e.value->>'score')::numeric) filter (where jsonb_typeof(e.value->'score') = 'number') as mean
      from application_reviewers r
      left join lateral jsonb_each(case when jsonb_typeof(r.scores) = 'object' then r.scores else '{}'::jsonb end) e on true
      where r.role = 'evaluator' and r.state = 'submitted'
      group by r.application_id
    ) s
    where a.id = s.application_id`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("applications").dropColumn("evaluations_submitted").dropColumn("mean_score").execute();
}
