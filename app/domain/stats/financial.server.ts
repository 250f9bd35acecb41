// The statistics of the travel and logistic costs (GET /api/stats/project-financial,
// docs/data.md#statistics-of-costs): the costs the applications the statistics
// filter keeps asked for and were granted, by cost label, by infrastructure and by
// call, with their totals and their means per application and per member, in
// euros. SQL aggregates at request time.
//
// Where the figures come from: the proposed costs live in the submitted draft
// (ADR 018: `costs.accesses[].costs[]`, each list named by its access's key),
// read from the facts PostgreSQL keeps of them beside the draft (cost_facts,
// migration 0024: each item's access key, label and cents, as amountCents in
// app/domain/applications/costs.ts reads them), and belong to the
// infrastructure of the materialised access with that key.
// No decision records a granted cost per item: the infrastructures decide a
// budget per requested infrastructure (`sm_budget`, else the panel's
// `ta_budget`, as the grant letter reads it). So "granted" counts the
// requested costs of the accesses whose infrastructure accepted the
// application (`sm_accepted`, as GET /stats/ri counts units granted), and
// `budget_granted` adds up the accepting infrastructures' budgets where a
// budget exists (per infrastructure, per call, in all; not per cost label).
// Members are counted once per e-mail from the facts PostgreSQL keeps of them
// beside the draft (member_facts, migration 0015), as GET /stats/key counts them.
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { statsMatching } from "./key.server";
import type { StatsFilter } from "./query.server";
import { statsKept } from "./kept.server";

/** The groupings of the costs, in the order the screen and the download show them. */
export const COST_DIMENSIONS = ["label", "infrastructure", "call"] as const;
export type CostDimension = (typeof COST_DIMENSIONS)[number];

export interface CostFigures {
  /** Applications in the row (asking for the infrastructure, of the call, with a cost of the label; all of them in the total). */
  applications: number;
  /** Distinct members of those applications' groups, by e-mail. */
  members: number;
  /** Euros, to the cent. */
  requested: number;
  /** requested over applications, over members; null with none. */
  requested_per_application: number | null;
  requested_per_member: number | null;
  /** The row's applications an infrastructure of the row accepted, and their members. */
  granted_applications: number;
  granted_members: number;
  /** The requested costs of the accesses whose infrastructure accepted (no decision fixes a cost per item). */
  granted: number;
  /** granted over granted applications, over their members; null with none. */
  granted_per_application: number | null;
  granted_per_member: number | null;
  /** The accepting infrastructures' decided budgets (else the panel's); null per cost label, where no budget is decided. */
  budget_granted: number | null;
}

export interface CostRow extends CostFigures {
  /** The cost label's value ("" when none was given), the infrastructure's or the call's id. */
  key: string;
  /** The cost label's English label (null when the list no longer has it), the infrastructure's name, the call's title. */
  name: string | null;
  /** The infrastructure's short name; null otherwise. */
  short_name: string | null;
}

export interface CostStatistics {
  total: CostFigures;
  by_label: CostRow[];
  by_infrastructure: CostRow[];
  by_call: CostRow[];
}

type Row = CostRow & { dimension: CostDimension | "total" };

const euros = (cents: ReturnType<typeof sql>) => sql`(${cents} / 100.0)::float8`;
const mean = (cents: ReturnType<typeof sql>, n: ReturnType<typeof sql>) => sql`(round(${cents}::numeric / nullif(${n}, 0)) / 100.0)::float8`;

const ZERO: CostFigures = {
  applications: 0, members: 0, requested: 0, requested_per_application: null, requested_per_member: null,
  granted_applications: 0, granted_members: 0, granted: 0, granted_per_application: null, granted_per_member: null, budget_granted: 0,
};

async function readCostStatistics(db: Db, f: StatsFilter): Promise<CostStatistics> {
  const { rows } = await sql<Row>`
    with m as (${statsMatching(db, f).select(["a.id", "a.call_id", "a.cost_facts", "a.member_facts"])}),
    mem as (
      select distinct m.id as application_id, x ->> 'email' as email
      from m cross join lateral jsonb_array_elements(m.member_facts) as x where x ->> 'email' is not null
    ),
    ai as (
      select ai.id, ai.application_id, ai.infrastructure_id, coalesce(ai.sm_accepted, false) as accepted,
        case when ai.sm_accepted then coalesce(ai.sm_budget, ai.ta_budget) end as budget
      from application_infrastructures ai join m on m.id = ai.application_id
    ),
    c as (
      select ai.id as ai_id, ai.application_id, ai.accepted, x ->> 'label' as label, (x ->> 'cents')::numeric as cents
      from m
      cross join lateral jsonb_array_elements(m.cost_facts) as x
      join accesses ac on ac.application_id = m.id and ac.draft_key = x ->> 'key'
      join ai on ai.id = ac.application_infrastructure_id
    ),
    per_ai as (
      select ai.*, coalesce(r.cents, 0) as requested
      from ai left join (select ai_id, sum(cents) as cents from c group by ai_id) r on r.ai_id = ai.id
    ),
    per_call as (
      select m.call_id, m.id as application_id, coalesce(sum(p.requested), 0) as requested,
        coalesce(sum(p.requested) filter (where p.accepted), 0) as granted, coalesce(bool_or(p.accepted), false) as accepted, sum(p.budget) as budget
      from m left join per_ai p on p.application_id = m.id group by m.call_id, m.id
    ),
    scope as (
      select 'label' as dimension, label as key, application_id, sum(cents) as requested,
        coalesce(sum(cents) filter (where accepted), 0) as granted, bool_or(accepted) as accepted, null::numeric as budget
      from c group by label, application_id
      union all
      select 'infrastructure', infrastructure_id::text, application_id, sum(requested),
        coalesce(sum(requested) filter (where accepted), 0), bool_or(accepted), sum(budget)
      from per_ai group by infrastructure_id, application_id
      union all
      select 'call', call_id::text, application_id, requested, granted, accepted, budget from per_call
      union all
      select 'total', '', application_id, requested, granted, accepted, budget from per_call
    ),
    figures as (
      select dimension, key, count(*)::int as applications, (count(*) filter (where accepted))::int as granted_applications,
        sum(requested) as requested, sum(granted) as granted,
        case when dimension = 'label' then null else coalesce(sum(budget), 0) end as budget
      from scope group by dimension, key
    ),
    -- Each member once per row (hashed, not sorted: the join has a row per member and application of each grouping).
    row_members as (
      select s.dimension, s.key, mem.email, bool_or(s.accepted) as accepted
      from scope s join mem on mem.application_id = s.application_id group by s.dimension, s.key, mem.email
    ),
    people as (
      select dimension, key, count(*)::int as members, (count(*) filter (where accepted))::int as granted_members
      from row_members group by dimension, key
    )
    select f.dimension, f.key,
      case f.dimension when 'label' then li.label when 'infrastructure' then i.name when 'call' then cl.title end as name,
      i.short_name,
      f.applications, coalesce(p.members, 0) as members,
      ${euros(sql`f.requested`)} as requested,
      ${mean(sql`f.requested`, sql`f.applications`)} as requested_per_application,
      ${mean(sql`f.requested`, sql`p.members`)} as requested_per_member,
      f.granted_applications, coalesce(p.granted_members, 0) as granted_members,
      ${euros(sql`f.granted`)} as granted,
      ${mean(sql`f.granted`, sql`f.granted_applications`)} as granted_per_application,
      ${mean(sql`f.granted`, sql`p.granted_members`)} as granted_per_member,
      f.budget::float8 as budget_granted
    from figures f
    left join people p on p.dimension = f.dimension and p.key = f.key
    left join lookup_items li on f.dimension = 'label' and li.list = 'cost-labels' and li.value = f.key
    left join infrastructures i on f.dimension = 'infrastructure' and i.id::text = f.key
    left join calls cl on f.dimension = 'call' and cl.id::text = f.key
    order by f.dimension, li.position nulls last, i.name, cl.open_at, f.key`.execute(db);
  const of = (d: CostDimension) => rows.filter((r) => r.dimension === d).map(({ dimension: _, ...r }) => r);
  const total = rows.find((r) => r.dimension === "total");
  const { dimension: _d, key: _k, name: _n, short_name: _s, ...figures } = total ?? { dimension: "total", key: "", name: null, short_name: null, ...ZERO };
  return { total: figures, by_label: of("label"), by_infrastructure: of("infrastructure"), by_call: of("call") };
}

/** readCostStatistics's answer, kept until the next write (./kept.server.ts). */
export const costStatistics = (db: Db, f: StatsFilter) => statsKept(db, "costs", f, () => readCostStatistics(db, f));
