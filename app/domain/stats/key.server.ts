// The key indicators of the statistics (GET /api/stats/key): SQL aggregates
// over the applications the statistics filter keeps (filter.ts), worked out
// at request time. Members are the submitted application's group as its
// draft holds it (ADR 018: no table of members), read from the facts
// PostgreSQL keeps of them beside the draft (member_facts, migration 0015),
// counted once per e-mail; days are Brussels calendar days (ADR 006).
import { sql, type RawBuilder } from "kysely";
import type { Db } from "~/db/database.server";
import { TIME_ZONE } from "../dates";
import { matching } from "../admin-applications/list.server";
import { DECIDED_STATUSES, STATS_DEFAULT_STATUSES, SUCCESS_STATUSES } from "./filter";
import type { StatsFilter } from "./query.server";
import { statsKept } from "./kept.server";

export interface KeyIndicators {
  /** Calls with at least one matching application. */
  calls: number;
  applications: number;
  /** Succeeded (granted, accepted, reporting, reported) over decided (those and rejected), 0 to 1; null when none is decided. */
  success_rate: number | null;
  /** Distinct owners. */
  applicants: number;
  /** Distinct members of the groups, by e-mail. */
  members: number;
  /** Distinct countries the members work in. */
  countries: number;
  /** Units the infrastructures confirmed in their reports (0 when none). */
  units_delivered: number;
  /** Median Brussels days from submission to the infrastructures' decision; null with none. */
  median_days_to_decision: number | null;
  /** Median Brussels days from submission to the first change to granted; null with none. */
  median_days_to_grant: number | null;
}

/** The applications the statistics count: the staff list's filters, with the statistics' default statuses. */
export function statsMatching(db: Db, f: StatsFilter) {
  return matching(db, { ...f, "status[]": f["status[]"]?.length ? f["status[]"] : [...STATS_DEFAULT_STATUSES] });
}

const brusselsDay = (column: RawBuilder<unknown>) => sql`((${column} at time zone ${TIME_ZONE})::date)`;
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`));
/** The elements of a JSON array of a draft (ADR 018: a draft may hold anything there), none when it is no array. */
export const elementsOf = (value: RawBuilder<unknown>) => sql`jsonb_array_elements(case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end)`;
/** How many distinct values of a member fact the matching groups hold (a hashed distinct: count(distinct) would sort them all). */
const distinctFacts = (fact: string) => sql<number>`(select count(*)::int from (select distinct x ->> ${sql.lit(fact)} from m cross join lateral jsonb_array_elements(m.member_facts) as x where x ->> ${sql.lit(fact)} is not null) d)`;

async function readKeyIndicators(db: Db, f: StatsFilter): Promise<KeyIndicators> {
  const row = await db
    .with("m", () => statsMatching(db, f).select(["a.id", "a.call_id", "a.user_id", "a.status", "a.submitted_at", "a.sm_decision_date", "a.member_facts"]))
    .selectNoFrom([
      sql<number>`(select count(distinct call_id)::int from m)`.as("calls"),
      sql<number>`(select count(*)::int from m)`.as("applications"),
      sql<number | null>`(select (count(*) filter (where status in (${list(SUCCESS_STATUSES)})))::float8 / nullif(count(*) filter (where status in (${list(DECIDED_STATUSES)})), 0) from m)`.as(
        "success_rate",
      ),
      sql<number>`(select count(distinct user_id)::int from m)`.as("applicants"),
      distinctFacts("email").as("members"),
      distinctFacts("work_country").as("countries"),
      sql<number>`(select coalesce(sum(ac.sm_report_units), 0)::float8 from accesses ac join m on m.id = ac.application_id where ac.sm_report_confirmed)`.as("units_delivered"),
      sql<number | null>`(select percentile_cont(0.5) within group (order by ${brusselsDay(sql`m.sm_decision_date`)} - ${brusselsDay(sql`m.submitted_at`)}) from m
        where m.sm_decision_date is not null and m.submitted_at is not null)`.as("median_days_to_decision"),
      sql<number | null>`(select percentile_cont(0.5) within group (order by ${brusselsDay(sql`g.at`)} - ${brusselsDay(sql`m.submitted_at`)}) from m
        join lateral (select min(h.created_at) as at from application_history h where h.application_id = m.id and h.to_status = 'granted') g on g.at is not null
        where m.submitted_at is not null)`.as("median_days_to_grant"),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

/** readKeyIndicators's answer, kept until the next write (./kept.server.ts). */
export const keyIndicators = (db: Db, f: StatsFilter) => statsKept(db, "key", f, () => readKeyIndicators(db, f));
