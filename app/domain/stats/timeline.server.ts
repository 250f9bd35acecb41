// The access calendar (GET /api/stats/timeline): the granted accesses of the
// applications the statistics filter keeps, one row per access with its
// dates, per infrastructure, in one accesses status (docs/data.md#list-filters).
//
// Granted: the application reached granted (granted, accepted, reporting or
// reported: not withdrawn, which cancels it), the infrastructure accepted it
// (sm_accepted) and the access was not found ineligible.
//
// Which dates: those the access's status vouches for. `proposed` is the access
// as applied for (date_from, date_to, requested_units); `user_reported` the
// applicant's report of it (user_date_*, user_units); `sm_reported` the
// infrastructure's confirmation (sm_report_date_*, sm_report_units,
// sm_report_type). A later stage's missing value falls back on the earlier
// one, and an access its infrastructure says did not take place
// (sm_report_confirmed false) is not on the calendar: it never happened.
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { AccessStatus } from "../applications/access-status";
import { statsMatching } from "./key.server";
import { SUCCESS_STATUSES } from "./filter";
import type { StatsFilter } from "./query.server";
import { statsKept } from "./kept.server";

/** The rows the JSON answer carries at most (the screen's table and chart); the downloads have every row. */
export const TIMELINE_LIST_MAX = 500;

/** The default accesses status (SPEC: the timeline export's default). */
export const TIMELINE_DEFAULT_ACCESSES_STATUS: AccessStatus = "proposed";

export interface TimelineAccess {
  id: number;
  application_id: number;
  acronym: string | null;
  infrastructure_id: number;
  infrastructure: string;
  /** The member's name as the application's group gives it, else their e-mail; null when the access names no member. */
  member: string | null;
  type: "physical" | "remote";
  /** First and last day (yyyy-MM-dd). */
  date_from: string;
  date_to: string;
  units: number;
  status: AccessStatus;
}

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`));

/** The dates, units and type of an access as its status vouches for them. */
function stage(status: AccessStatus) {
  if (status === "proposed") return { from: sql`ac.date_from`, to: sql`ac.date_to`, units: sql`ac.requested_units`, type: sql`ac.type` };
  if (status === "user_reported") {
    return { from: sql`coalesce(ac.user_date_from, ac.date_from)`, to: sql`coalesce(ac.user_date_to, ac.date_to)`, units: sql`coalesce(ac.user_units, ac.requested_units)`, type: sql`ac.type` };
  }
  return {
    from: sql`coalesce(ac.sm_report_date_from, ac.user_date_from, ac.date_from)`,
    to: sql`coalesce(ac.sm_report_date_to, ac.user_date_to, ac.date_to)`,
    units: sql`coalesce(ac.sm_report_units, ac.user_units, ac.requested_units)`,
    type: sql`coalesce(ac.sm_report_type, ac.type)`,
  };
}

/** The filter's accesses in `status`, by infrastructure name, then first day, then application and position; `limit` rows at most, with their total. */
function timelineQuery(db: Db, f: StatsFilter, status: AccessStatus, limit: number | null) {
  const s = stage(status);
  // The filter keeps the applications asking for these infrastructures; the calendar, their accesses there alone.
  const only = f["infrastructure[]"] ?? [];
  return sql<TimelineAccess & { total: number }>`
    with m as (${statsMatching(db, f).select(["a.id", "a.acronym", "a.draft", "a.status"])})
    select ac.id, m.id as application_id, m.acronym, i.id as infrastructure_id, coalesce(i.short_name, i.name) as infrastructure,
      coalesce(mem.name, ac.member_email) as member,
      (${s.type})::text as type, (${s.from})::text as date_from, (${s.to})::text as date_to, (${s.units})::float8 as units, ac.status,
      (count(*) over ())::int as total
    from m
    join accesses ac on ac.application_id = m.id
    join application_infrastructures ai on ai.id = ac.application_infrastructure_id
    join infrastructures i on i.id = ai.infrastructure_id
    left join lateral (
      select nullif(btrim(concat_ws(' ', x ->> 'name', x ->> 'surname')), '') as name
      from jsonb_array_elements(case when jsonb_typeof(m.draft -> 'group' -> 'members') = 'array' then m.draft -> 'group' -> 'members' else '[]'::jsonb end) x
      where lower(btrim(x ->> 'email')) = ac.member_email
      limit 1
    ) mem on true
    where m.status in (${list(SUCCESS_STATUSES)})
      and ai.sm_accepted and ac.eligible is not false
      and ac.status = ${status}
      and ac.sm_report_confirmed is not false
      ${only.length ? sql`and ai.infrastructure_id in (${sql.join(only)})` : sql``}
    order by i.name, i.id, date_from, m.id, ac.position, ac.id
    ${limit === null ? sql`` : sql`limit ${limit}`}`;
}

const strip = ({ total: _total, ...row }: TimelineAccess & { total: number }): TimelineAccess => row;

/** The first TIMELINE_LIST_MAX accesses of the calendar, and how many there are in all. */
async function readTimelineAccesses(db: Db, f: StatsFilter, status: AccessStatus) {
  const { rows } = await timelineQuery(db, f, status, TIMELINE_LIST_MAX).execute(db);
  return { data: rows.map(strip), total: rows[0]?.total ?? 0 };
}

/** Every access of the calendar, for the downloads. */
export async function allTimelineAccesses(db: Db, f: StatsFilter, status: AccessStatus): Promise<TimelineAccess[]> {
  const { rows } = await timelineQuery(db, f, status, null).execute(db);
  return rows.map(strip);
}

/** readTimelineAccesses's answer, kept until the next write (./kept.server.ts). */
export const timelineAccesses = (db: Db, f: StatsFilter, status: AccessStatus) => statsKept(db, "timeline", { ...f, status }, () => readTimelineAccesses(db, f, status));
