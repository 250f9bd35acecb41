// The application ranking of the statistics (GET /api/applications/report,
// docs/api.md#statistics): the applications the statistics filter keeps,
// ranked per call and across calls by their mean evaluation score, with each
// criterion's mean, the number of evaluations, the panel's recommendation and
// the status. Worked out at request time in SQL from the means each
// application keeps of its submitted evaluations (the panel's ranking's mean
// of every numeric score, and each criterion's; the database keeps them in
// the statement of every change of the evaluations, migration 0021).
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { applicationStatusOf, type ApplicationStatus } from "../applications/status";
import { DEFAULT_CRITERIA } from "../reviews/criteria";
import { statsMatching } from "./key.server";
import type { StatsFilter } from "./query.server";
import type { Recommendation, ReportAgg } from "./ranking";
import { statsKept } from "./kept.server";

export interface RankingCriterion {
  id: number;
  key: string | null;
  name: string;
}

export interface RankedApplication {
  id: number;
  acronym: string | null;
  title: string | null;
  call_id: number;
  call_title: string;
  status: ApplicationStatus;
  /**
   * Competition rank ("1, 2, 2, 4") by the mean rounded to two decimals,
   * within the call (`rank`) and across calls (`overall_rank`); null without
   * a submitted score. Ties are listed by application number.
   */
  rank: number | null;
  overall_rank: number | null;
  /** The mean of every score of the submitted evaluations, two decimals; null without one. */
  mean_score: number | null;
  /** Submitted evaluations. */
  evaluations: number;
  /** Each of the call's criteria, in the call's order: the mean of its submitted scores (two decimals), null without one. */
  criteria: { id: number; mean: number | null }[];
  recommendation: Recommendation;
}

export interface CallRanking {
  id: number;
  title: string;
  /** The criteria its applications are scored on (its own, else the defaults). */
  criteria: RankingCriterion[];
  applications: RankedApplication[];
}

interface Row extends Omit<RankedApplication, "criteria" | "status" | "mean_score"> {
  call_open_at: string;
  status: string;
  mean_score: string | null;
  criterion_means: Record<string, string> | null;
}

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`));

/**
 * Every matching application with its rank in its call and overall: per
 * call (the newest opening first, then the higher number) in rank order, and
 * all together in the overall rank's order; ties and the unscored (last) by
 * application number.
 */
async function readApplicationRanking(db: Db, f: StatsFilter) {
  const matching = statsMatching(db, f).select([
    "a.id", "a.call_id", "a.acronym", "a.title", "a.status", "a.ta_recommendation_complete", "a.evaluations_submitted", "a.criterion_means",
    sql<string | null>`round(a.mean_score, 2)`.as("mean"),
  ]);
  const [{ rows }, { rows: criteria }] = await Promise.all([
    sql<Row>`
      with k as (${matching})
      select k.id, k.acronym, k.title, k.call_id, c.title as call_title, c.open_at as call_open_at, k.status,
        k.mean::text as mean_score,
        k.evaluations_submitted as evaluations,
        k.criterion_means,
        case
          when not k.ta_recommendation_complete then 'pending'
          when exists (select 1 from application_infrastructures ai where ai.application_id = k.id and ai.ta_recommended) then 'recommended'
          else 'not-recommended'
        end as recommendation,
        case when k.mean is null then null else (rank() over (partition by k.call_id order by k.mean desc nulls last))::int end as rank,
        case when k.mean is null then null else (rank() over (order by k.mean desc nulls last))::int end as overall_rank
      from k
      join calls c on c.id = k.call_id
      order by k.mean desc nulls last, k.id`.execute(db),
    sql<RankingCriterion & { call_id: number }>`
      with calls_of as (select distinct call_id from (${statsMatching(db, f).select("a.call_id")}) x)
      select k.call_id, cr.id, cr.key, cr.name
      from calls_of k
      join lateral (
        select cr.id, cr.key, cr.name, cc.position, 0 as own
        from call_criteria cc join criteria cr on cr.id = cc.criterion_id
        where cc.call_id = k.call_id
        union all
        select cr.id, cr.key, cr.name, cr.position, 1
        from criteria cr
        where cr.key in (${list(DEFAULT_CRITERIA.map((c) => c.key))}) and cr.deleted_at is null
          and not exists (select 1 from call_criteria cc where cc.call_id = k.call_id)
      ) cr on true
      order by k.call_id, cr.position, cr.id`.execute(db),
  ]);
  const criteriaOf = new Map<number, RankingCriterion[]>();
  for (const { call_id, ...c } of criteria) criteriaOf.set(call_id, [...(criteriaOf.get(call_id) ?? []), c]);
  const calls = new Map<number, CallRanking & { open_at: string }>();
  const overall: RankedApplication[] = [];
  // The rows come in the overall ranking's order, so each call's come in its own.
  for (const { criterion_means, mean_score, status, call_open_at, ...r } of rows) {
    let call = calls.get(r.call_id);
    if (!call) {
      call = { id: r.call_id, title: r.call_title, open_at: call_open_at, criteria: criteriaOf.get(r.call_id) ?? [], applications: [] };
      calls.set(r.call_id, call);
    }
    const means = criterion_means ?? {};
    const application = {
      ...r,
      status: applicationStatusOf(status),
      mean_score: mean_score === null ? null : Number(mean_score),
      criteria: call.criteria.map((c) => ({ id: c.id, mean: means[c.id] === undefined ? null : Number(means[c.id]) })),
    };
    call.applications.push(application);
    overall.push(application);
  }
  const perCall = [...calls.values()]
    .sort((a, b) => b.open_at.localeCompare(a.open_at) || b.id - a.id)
    .map(({ open_at: _, ...c }) => c);
  return { calls: perCall, overall };
}

export type Ranking = Awaited<ReturnType<typeof applicationRanking>>;

/** The report's answer: one field per part asked for, each ranking cut to its first `top` applications when given. */
export function rankingReport({ calls, overall }: Ranking, aggs: readonly ReportAgg[], top?: number) {
  const first = <T,>(rows: T[]) => (top === undefined ? rows : rows.slice(0, top));
  return {
    ...(aggs.includes("application_ranking")
      ? {
          application_ranking: calls.map((c) => ({
            call: { id: c.id, title: c.title },
            data: first(c.applications).map((a) => ({ id: a.id, label: a.acronym ?? `#${a.id}`, mean_score: a.mean_score })),
          })),
        }
      : {}),
    ...(aggs.includes("application_ranking_table") ? { application_ranking_table: calls.map((c) => ({ ...c, applications: first(c.applications), total: c.applications.length })) } : {}),
    ...(aggs.includes("overall_ranking") ? { overall_ranking: first(overall), overall_total: overall.length } : {}),
  };
}

/** readApplicationRanking's answer, kept until the next write (./kept.server.ts). */
export const applicationRanking = (db: Db, f: StatsFilter) => statsKept(db, "ranking", f, () => readApplicationRanking(db, f));
