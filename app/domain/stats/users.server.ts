// Who the programme reached (GET /api/stats/users, docs/data.md#statistics-of-users):
// the members of the applications the statistics filter keeps, by gender,
// nationality, residence and work country, researcher status, organization
// type, early career, age band and new against returning. SQL aggregates at
// request time.
//
// Members are the submitted application's group as its draft holds it (ADR 018),
// read from the facts PostgreSQL keeps of them beside the draft (member_facts,
// migration 0015: e-mail lower-cased, work country upper-cased, the other
// fields as given), each counted once per e-mail as GET /stats/key counts them (a member without
// an e-mail cannot be told apart and is left out there too); a member in
// several applications is described by the latest submitted of them. An empty
// or missing value is counted as not given (value null), never dropped.
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { TIME_ZONE } from "../dates";
import { statsMatching } from "./key.server";
import type { StatsFilter } from "./query.server";
import { USER_DIMENSIONS, USER_FIXED_VALUES, type UserDimension } from "./users";
import { statsKept } from "./kept.server";

export interface UserCount {
  /** The value as stored (a country's ISO code, a lookup's value, an age band, yes/no, new/returning); null when not given. */
  value: string | null;
  /** A lookup value's English label (gender, researcher status, organization type); null otherwise or when the list no longer has it. */
  label: string | null;
  members: number;
}

export interface UserStatistics {
  /** Distinct members, by e-mail. */
  members: number;
  groups: Record<UserDimension, UserCount[]>;
}

/** The lookup list (docs/data.md#lookup-lists) each dimension's values come from. */
const LOOKUP_OF: Partial<Record<UserDimension, string>> = { gender: "genders", researcher_status: "researcher-status", organization_type: "organization-type" };

const text = (field: string) => sql`nullif(btrim(x ->> ${field}), '')`;
const country = (field: string) => sql`nullif(upper(btrim(x ->> ${field})), '')`;
const list = (values: readonly string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`))}]::text[]`;

/** The age reached in the submission year (Brussels), from a four-digit birth year; null without one. */
const age = sql`(case when l.x ->> 'birth_year' ~ '^\\s*\\d{4}\\s*$' then extract(year from (l.submitted_at at time zone ${TIME_ZONE}))::int - btrim(l.x ->> 'birth_year')::int end)`;
const ageBand = sql`(case when age is null then null when age < 25 then 'under-25' when age < 35 then '25-34' when age < 45 then '35-44' when age < 55 then '45-54' when age < 65 then '55-64' else '65-plus' end)`;

async function readUserStatistics(db: Db, f: StatsFilter): Promise<UserStatistics> {
  const lookupOf = sql.join(Object.entries(LOOKUP_OF).map(([d, l]) => sql`when ${d} then ${l}`), sql` `);
  const { rows } = await sql<{ dimension: UserDimension; value: string | null; label: string | null; members: number }>`
    with m as (${statsMatching(db, f).select(["a.id", "a.submitted_at", "a.member_facts"])}),
    mm as (
      select m.id, m.submitted_at, x ->> 'email' as email, x
      from m cross join lateral jsonb_array_elements(m.member_facts) as x where x ->> 'email' is not null
    ),
    latest as (select distinct on (email) email, x, submitted_at from mm order by email, submitted_at desc nulls last, id desc),
    first_here as (select email, min(submitted_at) as first_at from mm group by email),
    before as (
      select y ->> 'email' as email, min(b.submitted_at) as at
      from applications b cross join lateral jsonb_array_elements(b.member_facts) as y
      where b.status <> 'draft' and b.deleted_at is null and b.submitted_at < (select max(first_at) from first_here) and y ->> 'email' is not null
      group by 1
    ),
    p as (
      select l.x, ${age} as age, case when bf.at < fh.first_at then 'returning' else 'new' end as newcomer
      from latest l join first_here fh on fh.email = l.email left join before bf on bf.email = l.email
    ),
    d as (
      select v.dimension, v.value, count(*)::int as members
      from p cross join lateral (values
        ('gender', ${text("gender")}),
        ('nationality', ${country("nationality")}),
        ('residence_country', ${country("residence_country")}),
        ('work_country', ${country("work_country")}),
        ('researcher_status', ${text("researcher_status")}),
        ('organization_type', ${text("organization_type")}),
        ('young', case when x -> 'young' = 'true'::jsonb then 'yes' else 'no' end),
        ('age_band', ${ageBand}),
        ('new_users', p.newcomer)
      ) as v(dimension, value)
      group by v.dimension, v.value
    )
    select d.dimension, d.value, li.label, d.members
    from d left join lookup_items li on li.list = (case d.dimension ${lookupOf} end) and li.value = d.value
    order by array_position(${list(USER_DIMENSIONS)}, d.dimension), d.value is null, li.position,
      array_position(${list(Object.values(USER_FIXED_VALUES).flat())}, d.value), d.members desc, d.value`.execute(db);
  const groups = Object.fromEntries(USER_DIMENSIONS.map((dim) => {
    const got = rows.filter((r) => r.dimension === dim).map(({ value, label, members }) => ({ value, label, members }));
    // The bands, yes/no and new/returning show even when no member has them.
    const fixed = USER_FIXED_VALUES[dim as keyof typeof USER_FIXED_VALUES] as readonly string[] | undefined;
    if (!fixed) return [dim, got];
    const all = [...fixed.map((value) => got.find((g) => g.value === value) ?? { value, label: null, members: 0 }), ...got.filter((g) => !fixed.includes(g.value ?? ""))];
    return [dim, all];
  })) as Record<UserDimension, UserCount[]>;
  const members = groups.new_users.reduce((sum, g) => sum + g.members, 0);
  return { members, groups };
}

/** readUserStatistics's answer, kept until the next write (./kept.server.ts). */
export const userStatistics = (db: Db, f: StatsFilter) => statsKept(db, "users", f, () => readUserStatistics(db, f));
