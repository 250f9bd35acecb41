// The statistics per research infrastructure (GET /api/stats/ri): for each
// infrastructure the filtered applications ask for, how many asked, were
// accepted and were refused by it, its acceptance rate, and the units asked
// for, granted (its decision) and delivered (its confirmed reports),
// delivered physically or remotely. SQL aggregates at request time over the
// applications the statistics filter keeps (query.server.ts).
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { statsMatching } from "./key.server";
import type { StatsFilter } from "./query.server";
import { statsKept } from "./kept.server";

export interface InfrastructureFigures {
  id: number;
  name: string;
  short_name: string | null;
  /** Applications asking for it. */
  applications: number;
  /** Applications it accepted (sm_accepted) and refused. */
  accepted: number;
  rejected: number;
  /** Accepted over decided (accepted and refused), 0 to 1; null when it decided none. */
  acceptance_rate: number | null;
  units_requested: number;
  units_granted: number;
  units_delivered_physical: number;
  units_delivered_remote: number;
}

async function readInfrastructureFigures(db: Db, f: StatsFilter): Promise<InfrastructureFigures[]> {
  const { rows } = await sql<InfrastructureFigures>`
    with m as (${statsMatching(db, f).select("a.id")}),
    -- The accesses' sums per requested infrastructure, in one hashed pass (a lookup per infrastructure row cost seconds on 100 000 applications: docs/budgets.md#statistics).
    x as (
      select ac.application_infrastructure_id as id, sum(ac.requested_units) as requested,
        sum(ac.sm_report_units) filter (where ac.sm_report_confirmed and coalesce(ac.sm_report_type, ac.type) = 'physical') as physical,
        sum(ac.sm_report_units) filter (where ac.sm_report_confirmed and coalesce(ac.sm_report_type, ac.type) = 'remote') as remote
      from accesses ac join m on m.id = ac.application_id
      group by ac.application_infrastructure_id
    )
    select i.id, i.name, i.short_name,
      count(*)::int as applications,
      (count(*) filter (where ai.sm_accepted))::int as accepted,
      (count(*) filter (where ai.sm_accepted = false))::int as rejected,
      (count(*) filter (where ai.sm_accepted))::float8 / nullif(count(*) filter (where ai.sm_accepted is not null), 0) as acceptance_rate,
      coalesce(sum(x.requested), 0)::float8 as units_requested,
      coalesce(sum(ai.sm_units) filter (where ai.sm_accepted), 0)::float8 as units_granted,
      coalesce(sum(x.physical), 0)::float8 as units_delivered_physical,
      coalesce(sum(x.remote), 0)::float8 as units_delivered_remote
    from m
    join application_infrastructures ai on ai.application_id = m.id
    join infrastructures i on i.id = ai.infrastructure_id
    left join x on x.id = ai.id
    group by i.id, i.name, i.short_name
    order by i.name, i.id`.execute(db);
  return rows;
}

/** readInfrastructureFigures's answer, kept until the next write (./kept.server.ts). */
export const infrastructureFigures = (db: Db, f: StatsFilter) => statsKept(db, "ri", f, () => readInfrastructureFigures(db, f));
