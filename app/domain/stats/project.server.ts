// The project statistics (GET /api/stats/project, docs/api.md#statistics):
// the applications the statistics filter keeps, counted by status, call,
// discipline (the activity field), keyword and working region, and their
// submissions per month. SQL aggregates at request time. Keywords and working
// regions are lists in the submitted application's draft (project and
// publications sections): an application counts once under each of its own,
// so those tables' counts add up to more or fewer than the applications.
// Months are Brussels calendar months (ADR 006).
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { APPLICATION_STATUSES, applicationStatusOf, type ApplicationStatus } from "../applications/status";
import { TIME_ZONE } from "../dates";
import { statsMatching } from "./key.server";
import type { StatsFilter } from "./query.server";
import { statsKept } from "./kept.server";

/** A value of a lookup list (discipline, keyword, working region) and its English label; null value: none given, null label: not in the list. */
export interface LookupCount {
  value: string | null;
  label: string | null;
  applications: number;
}

export interface ProjectFigures {
  /** In the lifecycle's order, the statuses with applications only. */
  statuses: { status: ApplicationStatus; applications: number }[];
  /** The newest opening first. */
  calls: { id: number; title: string; applications: number }[];
  /** The most applications first, then by value; the applications without one last (value null). */
  disciplines: LookupCount[];
  /** The most applications first, then by value: keywords compared without case and outer spaces. */
  keywords: LookupCount[];
  working_regions: LookupCount[];
  /** yyyy-MM, every month from the first submission's to the last one's, those without any at 0. */
  months: { month: string; applications: number }[];
}

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`));
async function readProjectFigures(db: Db, f: StatsFilter): Promise<ProjectFigures> {
  const m = () => statsMatching(db, f).select(["a.id", "a.call_id", "a.status", "a.discipline", "a.submitted_at", "a.keyword_facts", "a.region_facts"]);
  // The lists as PostgreSQL keeps them beside the draft (migration 0025): trimmed, lower-cased, each value once per application.
  const lookupCounts = (lookup: string, facts: "keyword_facts" | "region_facts") => sql<LookupCount>`
    with m as (${m()}),
    v as (select x as value from m cross join lateral jsonb_array_elements_text(m.${sql.ref(facts)}) as x)
    select v.value, l.label, count(*)::int as applications
    from v left join lookup_items l on l.list = ${lookup} and l.value = v.value
    group by v.value, l.label
    order by applications desc, v.value`;
  const [status, call, discipline, keyword, region, month] = await Promise.all([
    sql<{ status: string; applications: number }>`
      with m as (${m()})
      select status, count(*)::int as applications from m group by status
      order by array_position(array[${list(APPLICATION_STATUSES)}]::text[], status), status`.execute(db),
    sql<{ id: number; title: string; applications: number }>`
      with m as (${m()})
      select c.id, c.title, count(*)::int as applications from m join calls c on c.id = m.call_id
      group by c.id, c.title, c.open_at order by c.open_at desc, c.id desc`.execute(db),
    sql<LookupCount>`
      with m as (${m()}),
      d as (select nullif(btrim(discipline), '') as value from m)
      select d.value, l.label, count(*)::int as applications
      from d left join lookup_items l on l.list = 'activity-fields' and l.value = d.value
      group by d.value, l.label
      order by d.value is null, applications desc, d.value`.execute(db),
    lookupCounts("activity-keywords", "keyword_facts").execute(db),
    lookupCounts("working-region", "region_facts").execute(db),
    sql<{ month: string; applications: number }>`
      with m as (${m()}),
      s as (select date_trunc('month', submitted_at at time zone ${TIME_ZONE}) as month from m where submitted_at is not null),
      n as (select month, count(*)::int as applications from s group by month),
      span as (select min(month) as first, max(month) as last from n)
      select to_char(g.month, 'YYYY-MM') as month, coalesce(n.applications, 0) as applications
      from span cross join lateral generate_series(span.first, span.last, interval '1 month') as g(month)
      left join n on n.month = g.month
      order by g.month`.execute(db),
  ]);
  return {
    statuses: status.rows.map((r) => ({ status: applicationStatusOf(r.status), applications: r.applications })),
    calls: call.rows,
    disciplines: discipline.rows,
    keywords: keyword.rows,
    working_regions: region.rows,
    months: month.rows,
  };
}

/** readProjectFigures's answer, kept until the next write (./kept.server.ts). */
export const projectFigures = (db: Db, f: StatsFilter) => statsKept(db, "project", f, () => readProjectFigures(db, f));
