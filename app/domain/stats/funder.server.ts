// The funder report (GET /api/stats/funder-report, docs/decisions/038-funder-report.md):
// per infrastructure and reporting period, what a transnational-access
// programme reports to its funder. The period (date_from, date_to) is the
// days access was delivered: an access counts when its infrastructure
// confirmed it in its report and its reported first day falls in the period;
// a user project is an application infrastructure with such an access, and
// its users are its group's members as submitted (ADR 018), once per e-mail
// per infrastructure. The other filters are the statistics' (statsMatching),
// submission days aside. SQL aggregates at request time, one round trip.
import { sql, type RawBuilder } from "kysely";
import type { Db } from "~/db/database.server";
import { draftMembers, transnationalSql } from "../intake/transnational-sql.server";
import { statsMatching } from "./key.server";
import type { StatsFilter } from "./query.server";
import { statsKept } from "./kept.server";

/** The user breakdowns of the report, each a member field of the draft, and the lookup list or countries that name its values. */
export const FUNDER_USER_FIELDS = ["gender", "nationality", "work_country", "researcher_status", "organization_type"] as const;
export type FunderUserField = (typeof FUNDER_USER_FIELDS)[number];
const NAMED_BY: Record<FunderUserField, string> = {
  gender: "genders", nationality: "countries", work_country: "countries", researcher_status: "researcher-status", organization_type: "organization-type",
};

export interface FunderInfrastructure {
  id: number;
  name: string;
  short_name: string | null;
  installation_name: string | null;
  country: string | null;
  /** Application infrastructures with access delivered in the period, and of those the transnational ones. */
  projects: number;
  transnational_projects: number;
  /** Distinct members of those projects (by e-mail); transnational: in at least one transnational project; other: the rest. */
  users: number;
  transnational_users: number;
  other_users: number;
  /** Users to whom the programme delivered no access before the period. */
  new_users: number;
  units_physical: number;
  units_remote: number;
}

/** One value of a breakdown at one infrastructure: how many users (projects, for disciplines) have it, and of those the transnational ones. */
export interface FunderBreakdownRow {
  infrastructure_id: number;
  /** The stored value (an ISO code, a lookup value); null when not given. */
  value: string | null;
  /** Its English name (the country's, the lookup item's), else the value. */
  label: string | null;
  count: number;
  transnational: number;
}

export interface FunderReport {
  date_from: string | null;
  date_to: string | null;
  infrastructures: FunderInfrastructure[];
  users_by: Record<FunderUserField, FunderBreakdownRow[]>;
  disciplines: FunderBreakdownRow[];
}

/** The first day an access was delivered on: the infrastructure's report, else the user's, else the planned one. */
const deliveredOn = sql`coalesce(ac.sm_report_date_from, ac.user_date_from, ac.date_from)`;
const text = (x: RawBuilder<unknown>, field: string) => sql`nullif(btrim(${x} ->> ${field}), '')`;

function breakdown(source: string, field: string, counted: RawBuilder<unknown>, list: string): RawBuilder<unknown> {
  const value = sql.ref(`${source}.${field}`);
  const label =
    list === "countries"
      ? sql`(select c.name from countries c where c.code = ${value} limit 1)`
      : sql`(select l.label from lookup_items l where l.list = ${list} and l.value = ${value} limit 1)`;
  return sql`(select coalesce(jsonb_agg(jsonb_build_object('infrastructure_id', b.infrastructure_id, 'value', b.value, 'label', coalesce(b.label, b.value), 'count', b.count, 'transnational', b.transnational)
      order by b.infrastructure_name, b.count desc, b.value nulls last), '[]'::jsonb)
    from (select ${sql.ref(`${source}.infrastructure_id`)} as infrastructure_id, min(i.name) as infrastructure_name, ${value} as value, ${label} as label,
        count(*)::int as count, (count(*) filter (where ${counted}))::int as transnational
      from ${sql.table(source)} join infrastructures i on i.id = ${sql.ref(`${source}.infrastructure_id`)}
      group by ${sql.ref(`${source}.infrastructure_id`)}, ${value}) b)`;
}

async function readFunderReport(db: Db, f: StatsFilter): Promise<FunderReport> {
  const from = f.date_from ?? null;
  const to = f.date_to ?? null;
  const inPeriod = sql`(${from}::date is null or ${deliveredOn} >= ${from}::date) and (${to}::date is null or ${deliveredOn} <= ${to}::date)`;
  const only = f["infrastructure[]"]?.length ? sql`ai.infrastructure_id in (${sql.join(f["infrastructure[]"])})` : sql`true`;
  // A user's details are those of their latest application in the period.
  const member = sql`x`;
  const { rows } = await sql<{ report: Omit<FunderReport, "date_from" | "date_to"> }>`
    with m as (${statsMatching(db, { ...f, date_from: undefined, date_to: undefined }).select(["a.id", "a.call_id", "a.discipline", "a.draft"])}),
    d as (
      select ac.application_infrastructure_id as ai_id, ac.sm_report_units as units, coalesce(ac.sm_report_type, ac.type) as type
      from accesses ac join m on m.id = ac.application_id
      where ac.sm_report_confirmed and ${inPeriod}
    ),
    p as (
      select ai.id, ai.infrastructure_id, m.id as application_id, nullif(btrim(m.discipline), '') as discipline, m.draft,
        coalesce(${transnationalSql(sql`i.country`, sql`c.unauthorized_countries`, draftMembers(sql`m.draft`))}, false) as transnational
      from application_infrastructures ai
      join m on m.id = ai.application_id
      join infrastructures i on i.id = ai.infrastructure_id
      join calls c on c.id = m.call_id
      where ${only} and exists (select 1 from d where d.ai_id = ai.id)
    ),
    u as (
      select p.infrastructure_id, lower(btrim(x ->> 'email')) as email, bool_or(p.transnational) as transnational,
        ${sql.join(
          FUNDER_USER_FIELDS.map((field) => sql`(array_agg(${NAMED_BY[field] === "countries" ? sql`upper(${text(member, field)})` : text(member, field)} order by p.application_id desc))[1] as ${sql.ref(field)}`),
        )}
      from p cross join lateral jsonb_array_elements(${draftMembers(sql`p.draft`)}) x
      where btrim(x ->> 'email') <> ''
      group by p.infrastructure_id, lower(btrim(x ->> 'email'))
    ),
    earlier as (
      select distinct lower(btrim(x ->> 'email')) as email
      from applications a2 cross join lateral jsonb_array_elements(${draftMembers(sql`a2.draft`)}) x
      where ${from}::date is not null and a2.deleted_at is null and a2.submitted_at is not null
        and exists (select 1 from accesses ac where ac.application_id = a2.id and ac.sm_report_confirmed and ${deliveredOn} < ${from}::date)
    )
    select jsonb_build_object(
      'infrastructures', (select coalesce(jsonb_agg(to_jsonb(r) order by r.name, r.id), '[]'::jsonb) from (
        select i.id, i.name, i.short_name, i.installation_name, i.country,
          pp.projects, pp.transnational_projects,
          coalesce(uu.users, 0) as users, coalesce(uu.transnational_users, 0) as transnational_users,
          coalesce(uu.users - uu.transnational_users, 0) as other_users, coalesce(uu.new_users, 0) as new_users,
          coalesce(dd.physical, 0) as units_physical, coalesce(dd.remote, 0) as units_remote
        from (select infrastructure_id, count(*)::int as projects, (count(*) filter (where transnational))::int as transnational_projects from p group by infrastructure_id) pp
        join infrastructures i on i.id = pp.infrastructure_id
        left join (select infrastructure_id, count(*)::int as users, (count(*) filter (where transnational))::int as transnational_users,
            (count(*) filter (where email not in (select email from earlier)))::int as new_users
          from u group by infrastructure_id) uu on uu.infrastructure_id = pp.infrastructure_id
        left join (select p.infrastructure_id, sum(d.units) filter (where d.type = 'physical')::float8 as physical, sum(d.units) filter (where d.type = 'remote')::float8 as remote
          from d join p on p.id = d.ai_id group by p.infrastructure_id) dd on dd.infrastructure_id = pp.infrastructure_id
      ) r),
      'users_by', jsonb_build_object(${sql.join(FUNDER_USER_FIELDS.map((field) => sql`${field}::text, ${breakdown("u", field, sql`u.transnational`, NAMED_BY[field])}`))}),
      'disciplines', ${breakdown("p", "discipline", sql`p.transnational`, "activity-fields")}
    ) as report`.execute(db);
  return { date_from: from, date_to: to, ...rows[0].report };
}

/** readFunderReport's answer, kept until the next write (./kept.server.ts). */
export const funderReport = (db: Db, f: StatsFilter) => statsKept(db, "funder", f, () => readFunderReport(db, f));
