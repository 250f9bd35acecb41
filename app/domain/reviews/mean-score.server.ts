// An application's mean evaluation score and its number of submitted
// evaluations, kept on the application (migration 0011) so the panel's ranking
// of a call reads two columns instead of unpacking every evaluation's JSONB
// scores on each request. Brought in line wherever an application's evaluators
// change (refreshEvaluationComplete), in that change's transaction.
import { sql } from "kysely";
import type { Db } from "~/db/database.server";

/**
 * Recomputes mean_score (the mean of every numeric score of the submitted
 * evaluations; null when there is none) and evaluations_submitted, for one
 * application or every application of a call.
 */
export async function refreshMeanScores(db: Db, of: { applicationId: number } | { callId: number }): Promise<void> {
  const which = "applicationId" in of ? sql`a.id = ${of.applicationId}` : sql`a.call_id = ${of.callId}`;
  await sql`
    update applications a set
      mean_score = s.mean,
      evaluations_submitted = s.n
    from (
      select b.id,
        (select count(*)::int from application_reviewers r where r.application_id = b.id and r.role = 'evaluator' and r.state = 'submitted') as n,
        (select avg((e.value->>'score')::numeric)
           from application_reviewers r
           cross join lateral jsonb_each(case when jsonb_typeof(r.scores) = 'object' then r.scores else '{}'::jsonb end) e
           where r.application_id = b.id and r.role = 'evaluator' and r.state = 'submitted' and jsonb_typeof(e.value->'score') = 'number') as mean
      from applications b
      where b.id in (select a.id from applications a where ${which})
    ) s
    where a.id = s.id and (a.mean_score is distinct from s.mean or a.evaluations_submitted <> s.n)`.execute(db);
}
