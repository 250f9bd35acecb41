// The evaluations of the filtered applications (GET /api/stats/evaluations,
// docs/data.md#evaluation-statistics): each evaluator's workload, the
// distribution of the submitted scores per criterion, and how far the
// evaluators of one application agree. SQL aggregates at request time; only
// submitted evaluations carry scores that count.
import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "~/db/database.server";
import { TIME_ZONE, todayIso } from "../dates";
import { scoreSteps } from "../reviews/criteria";
import { EXPORT_FORMATS } from "../admin-applications/columns";
import { datesInOrder } from "../admin-applications/query.server";
import { DISAGREEMENT_POINTS, EVALUATION_TABLES } from "./evaluations";
import { statsMatching } from "./key.server";
import { exportLanguage, statsFilterShape, type StatsFilter } from "./query.server";
import { statsKept } from "./kept.server";

/** The most rows the agreement table in the JSON may be cut to (`top`). */
export const AGREEMENT_TOP_MAX = 10_000;

export const evaluationsQuery = z
  .object({
    ...statsFilterShape,
    table: z.enum(EVALUATION_TABLES, "validation.invalid").default("workload").describe("With export: which table the download holds"),
    top: z.coerce
      .number("validation.invalid")
      .int("validation.invalid")
      .min(1, "validation.invalid")
      .max(AGREEMENT_TOP_MAX, "validation.invalid")
      .optional()
      .describe("Only the first `top` rows of the agreement table (agreement_total says how many there are); the download keeps every row"),
    export: z.enum(EXPORT_FORMATS, "validation.invalid").optional().describe("A download of one table (table=…) as CSV or XLSX"),

    lang: exportLanguage,
  })
  .refine(datesInOrder, { message: "validation.invalid", path: ["date_to"] });

export interface EvaluatorWorkload {
  id: number;
  name: string;
  email: string;
  /** Every assignment as evaluator. */
  assigned: number;
  /** Accepted (then submitted or not). */
  accepted: number;
  /** Declined with a conflict of interest. */
  conflicts: number;
  submitted: number;
  /** Submitted after the call's evaluation_date, or still open past it (Brussels days, the day itself on time). */
  late: number;
}

export interface CriterionScores {
  id: number;
  key: string | null;
  name: string;
  /** How many submitted evaluations gave each score, in the order of `scores`. */
  counts: number[];
  evaluations: number;
  mean: number | null;
}

export interface ApplicationAgreement {
  id: number;
  acronym: string | null;
  title: string | null;
  call: string;
  /** Submitted evaluations (two at least). */
  evaluations: number;
  /** Each evaluation's score is the mean of its criteria's scores; these are the lowest and highest of them. */
  min: number;
  max: number;
  /** max − min. */
  spread: number;
  /** The population standard deviation of the evaluations' scores. */
  sd: number;
}

export interface EvaluationStatistics {
  workload: EvaluatorWorkload[];
  /** The scores the distributions count: 1 to 5, halves too when a call of the applications allows them. */
  scores: number[];
  criteria: CriterionScores[];
  agreement: ApplicationAgreement[];
  summary: {
    /** Applications with two submitted evaluations or more. */
    applications: number;
    mean_spread: number | null;
    /** Those whose evaluations differ by more than one point, 0 to 1; null with none. */
    share_over_one: number | null;
  };
}

/** A submitted evaluation's numeric scores, one row per criterion. */
const scoresOf = sql`jsonb_each(case when jsonb_typeof(r.scores) = 'object' then r.scores else '{}'::jsonb end)`;

/**
 * One row per submitted evaluation of the matching applications (m) with a
 * numeric score: its score, the mean of its criteria's numeric scores, which
 * PostgreSQL keeps beside the scores (score_mean, migration 0026).
 */
const perEvaluation = sql`
  select r.application_id, r.score_mean as score
  from application_reviewers r
  join m on m.id = r.application_id
  where r.role = 'evaluator' and r.state = 'submitted' and r.score_mean is not null`;

async function readEvaluationStatistics(db: Db, f: StatsFilter, today = todayIso()): Promise<EvaluationStatistics> {
  const m = statsMatching(db, f).select(["a.id", "a.call_id"]);
  const [workload, distribution, halves, agreement, summary] = await Promise.all([
    sql<EvaluatorWorkload>`
      with m as (${m})
      select u.id, coalesce(nullif(btrim(u.display_name), ''), nullif(btrim(concat_ws(' ', u.name, u.surname)), ''), u.email) as name, u.email,
        count(*)::int as assigned,
        (count(*) filter (where r.state in ('accepted', 'submitted')))::int as accepted,
        (count(*) filter (where r.state = 'conflict'))::int as conflicts,
        (count(*) filter (where r.state = 'submitted'))::int as submitted,
        (count(*) filter (where (r.state = 'submitted' and (r.submitted_at at time zone ${TIME_ZONE})::date > c.evaluation_date)
          or (r.state in ('assigned', 'accepted') and ${today}::date > c.evaluation_date)))::int as late
      from application_reviewers r
      join m on m.id = r.application_id
      join calls c on c.id = m.call_id
      join users u on u.id = r.user_id
      where r.role = 'evaluator'
      group by u.id
      order by 2, u.id`.execute(db),
    sql<{ id: number; key: string | null; name: string; score: number; n: number }>`
      with m as (${m})
      select cr.id, cr.key, cr.name, (e.value ->> 'score')::float8 as score, count(*)::int as n
      from application_reviewers r
      join m on m.id = r.application_id
      cross join lateral ${scoresOf} as e
      join criteria cr on cr.id::text = e.key
      where r.role = 'evaluator' and r.state = 'submitted' and jsonb_typeof(e.value -> 'score') = 'number'
      group by cr.id, cr.key, cr.name, cr.position, 4
      order by cr.position, cr.id, 4`.execute(db),
    sql<{ halves: boolean }>`
      with m as (${m})
      select exists (select 1 from m join calls c on c.id = m.call_id where c.half_point_rating) as halves`.execute(db),
    sql<ApplicationAgreement>`
      with m as (${m}),
      e as (${perEvaluation})
      select a.id, a.acronym, a.title, c.title as call, count(*)::int as evaluations,
        min(e.score)::float8 as min, max(e.score)::float8 as max, (max(e.score) - min(e.score))::float8 as spread, stddev_pop(e.score)::float8 as sd
      from e join applications a on a.id = e.application_id join calls c on c.id = a.call_id
      group by a.id, c.title
      having count(*) >= 2
      order by 8 desc, a.id`.execute(db),
    sql<EvaluationStatistics["summary"]>`
      with m as (${m}),
      e as (${perEvaluation}),
      g as (select max(score) - min(score) as spread from e group by application_id having count(*) >= 2)
      select count(*)::int as applications, avg(spread)::float8 as mean_spread,
        (count(*) filter (where spread > ${DISAGREEMENT_POINTS}))::float8 / nullif(count(*), 0) as share_over_one
      from g`.execute(db),
  ]);
  const scores = scoreSteps(halves.rows[0].halves || distribution.rows.some((r) => !Number.isInteger(r.score)));
  // A few rows per criterion (one per score given), shaped into the table.
  const criteria = new Map<number, CriterionScores & { total: number }>();
  for (const r of distribution.rows) {
    const c = criteria.get(r.id) ?? { id: r.id, key: r.key, name: r.name, counts: scores.map(() => 0), evaluations: 0, mean: null, total: 0 };
    const at = scores.indexOf(r.score);
    if (at >= 0) c.counts[at] += r.n;
    c.evaluations += r.n;
    c.total += r.score * r.n;
    criteria.set(r.id, c);
  }
  return {
    workload: workload.rows,
    scores,
    criteria: [...criteria.values()].map(({ total, ...c }) => ({ ...c, mean: c.evaluations ? total / c.evaluations : null })),
    agreement: agreement.rows,
    summary: summary.rows[0],
  };
}

/** readEvaluationStatistics's answer, kept until the next write (./kept.server.ts). */
export const evaluationStatistics = (db: Db, f: StatsFilter, today = todayIso()) => statsKept(db, "evaluations", { ...f, today }, () => readEvaluationStatistics(db, f, today));
