import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// An application's evaluation figures, kept on its row by the database itself
// whatever writes the evaluations (docs/decisions/033-sort-keys-kept-by-triggers.md):
// the mean of every numeric score of its submitted evaluations (mean_score,
// migration 0011, until now kept by the domain's code, which the seeds and
// the bench's data did not run), each criterion's mean, two decimals
// (criterion_means, new), and the number of submitted evaluations. The
// statistics' ranking read them by unpacking 600 000 JSONB scores on each
// reading at 100 000 applications (docs/budgets.md#statistics).
export async function up(db: Db): Promise<void> {
  await sql`alter table applications add column criterion_means jsonb`.execute(db);
  // Set-based (grouped, then joined): a seed or the backfill refreshes thousands of applications in one statement.
  await sql`
    create function refresh_application_scores(ids integer[]) returns void language sql as $$
      with scores as (
        select r.application_id, e.key as criterion, (e.value ->> 'score')::numeric as score
        from application_reviewers r
        cross join lateral jsonb_each(case when jsonb_typeof(r.scores) = 'object' then r.scores else '{}'::jsonb end) e
        where r.application_id = any(ids) and r.role = 'evaluator' and r.state = 'submitted' and jsonb_typeof(e.value -> 'score') = 'number'
      ),
      per as (select application_id, avg(score) as mean from scores group by application_id),
      crit as (
        select application_id, jsonb_object_agg(criterion, mean) as means
        from (select application_id, criterion, round(avg(score), 2) as mean from scores group by application_id, criterion) c
        group by application_id
      ),
      n as (
        select application_id, count(*)::int as n from application_reviewers
        where application_id = any(ids) and role = 'evaluator' and state = 'submitted' group by application_id
      ),
      s as (
        select b.id, coalesce(n.n, 0) as n, per.mean, crit.means
        from applications b
        left join per on per.application_id = b.id
        left join crit on crit.application_id = b.id
        left join n on n.application_id = b.id
        where b.id = any(ids)
      )
      update applications a set mean_score = s.mean, criterion_means = s.means, evaluations_submitted = s.n
      from s
      where a.id = s.id and (a.mean_score is distinct from s.mean or a.criterion_means is distinct from s.means or a.evaluations_submitted <> s.n)
    $$`.execute(db);
  // A statement at a time, with its rows (a seed adds thousands in one; an evaluation's submit changes one).
  await sql`
    create function refresh_application_scores_of_rows() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform refresh_application_scores(array(select distinct application_id from new_rows));
      elsif tg_op = 'DELETE' then
        perform refresh_application_scores(array(select distinct application_id from old_rows));
      else
        perform refresh_application_scores(array(select application_id from new_rows union select application_id from old_rows));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger application_reviewers_scores_added after insert on application_reviewers
    referencing new table as new_rows for each statement execute function refresh_application_scores_of_rows()`.execute(db);
  await sql`create trigger application_reviewers_scores_changed after update on application_reviewers
    referencing old table as old_rows new table as new_rows for each statement execute function refresh_application_scores_of_rows()`.execute(db);
  await sql`create trigger application_reviewers_scores_removed after delete on application_reviewers
    referencing old table as old_rows for each statement execute function refresh_application_scores_of_rows()`.execute(db);
  await sql`select refresh_application_scores(array(select distinct application_id from application_reviewers))`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`drop trigger if exists application_reviewers_scores_removed on application_reviewers`.execute(db);
  await sql`drop trigger if exists application_reviewers_scores_changed on application_reviewers`.execute(db);
  await sql`drop trigger if exists application_reviewers_scores_added on application_reviewers`.execute(db);
  await sql`drop function if exists refresh_application_scores_of_rows()`.execute(db);
  await sql`drop function if exists refresh_application_scores(integer[])`.execute(db);
  await sql`alter table applications drop column if exists criterion_means`.execute(db);
}
