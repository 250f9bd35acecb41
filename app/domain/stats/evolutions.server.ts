// The evolutions of the programme over time (GET /api/applications/evolutions,
// docs/data.md#evolutions): per call or per year of submission, the
// applications submitted, found eligible, granted and reported, and the
// accesses (with their units) that accesses_status selects. An application
// counts at every stage it reached: its status history, or its status today
// for one whose history predates it, not only where it stands now.
import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "~/db/database.server";
import { ACCESS_STATUSES, type AccessStatus } from "../applications/access-status";
import type { ApplicationStatus } from "../applications/status";
import { EXPORT_FORMATS } from "../admin-applications/columns";
import { datesInOrder } from "../admin-applications/query.server";
import { TIME_ZONE } from "../dates";
import { DEFAULT_EVOLUTION_ACCESSES, EVOLUTION_BY, type EvolutionBy } from "./evolutions";
import { statsMatching } from "./key.server";
import { exportLanguage, statsFilterShape, type StatsFilter } from "./query.server";
import { statsKept } from "./kept.server";

export const evolutionsQuery = z
  .object({
    ...statsFilterShape,
    accesses_status: z
      .enum(ACCESS_STATUSES, "validation.invalid")
      .optional()
      .describe(
        "The accesses counted (proposed when absent): proposed, every access applied for (requested units); user_reported, those the applicant reported (the units they reported); sm_reported, those the infrastructure confirmed took place (the units it confirmed)",
      ),
    by: z.enum(EVOLUTION_BY, "validation.invalid").default("call").describe("One row per call (the default) or per year of submission (Europe/Brussels)"),
    export: z.enum(EXPORT_FORMATS, "validation.invalid").optional().describe("A download of the table as CSV or XLSX"),

    lang: exportLanguage,
  })
  .refine(datesInOrder, { message: "validation.invalid", path: ["date_to"] });
export type EvolutionsQuery = z.infer<typeof evolutionsQuery>;

/** The stages of an application: each is reached with any of these statuses (docs/lifecycle.md#transitions). */
const ELIGIBLE_REACHED = ["under-evaluation", "rejected", "granted", "accepted", "reporting", "reported"] as const satisfies readonly ApplicationStatus[];
const GRANTED_REACHED = ["granted", "accepted", "reporting", "reported"] as const satisfies readonly ApplicationStatus[];
const REPORTED_REACHED = ["reported"] as const satisfies readonly ApplicationStatus[];

export interface EvolutionRow {
  /** The call's id, or the year. */
  key: number;
  /** The call's title; null per year. */
  title: string | null;
  submitted: number;
  eligible: number;
  granted: number;
  reported: number;
  /** Accesses in the selection, and their units. */
  accesses: number;
  units: number;
}

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`));
const reached = (statuses: readonly string[]) =>
  sql<boolean>`(m.status in (${list(statuses)}) or exists (select 1 from application_history h where h.application_id = m.id and h.to_status in (${list(statuses)})))`;

/** Which accesses count for accesses_status, and the units each brings. */
function accessSelection(status: AccessStatus) {
  switch (status) {
    case "proposed":
      return { where: sql`true`, units: sql`ac.requested_units` };
    case "user_reported":
      return { where: sql`ac.status in ('user_reported', 'sm_reported')`, units: sql`coalesce(ac.user_units, 0)` };
    case "sm_reported":
      return { where: sql`ac.status = 'sm_reported' and ac.sm_report_confirmed`, units: sql`coalesce(ac.sm_report_units, 0)` };
  }
}

async function readEvolutions(db: Db, f: StatsFilter & { accesses_status?: AccessStatus; by: EvolutionBy }): Promise<EvolutionRow[]> {
  const { accesses_status, by, ...filter } = f;
  const pick = accessSelection(accesses_status ?? DEFAULT_EVOLUTION_ACCESSES);
  // A draft was never submitted: it has no place in an evolution.
  const m = statsMatching(db, filter).select(["a.id", "a.call_id", "a.status", "a.submitted_at"]).where("a.submitted_at", "is not", null);
  const key = by === "call" ? sql`s.call_id` : sql`s.year`;
  const { rows } = await sql<EvolutionRow>`
    with m as (${m}),
    s as (
      select m.id, m.call_id, extract(year from m.submitted_at at time zone ${TIME_ZONE})::int as year,
        ${reached(ELIGIBLE_REACHED)} as eligible, ${reached(GRANTED_REACHED)} as granted, ${reached(REPORTED_REACHED)} as reported
      from m
    ),
    x as (
      select ac.application_id, count(*)::int as accesses, sum(${pick.units}) as units
      from accesses ac join m on m.id = ac.application_id
      where ${pick.where}
      group by ac.application_id
    )
    select ${key} as key, ${by === "call" ? sql`min(c.title)` : sql`null::text`} as title,
      count(*)::int as submitted,
      (count(*) filter (where s.eligible))::int as eligible,
      (count(*) filter (where s.granted))::int as granted,
      (count(*) filter (where s.reported))::int as reported,
      coalesce(sum(x.accesses), 0)::int as accesses,
      coalesce(sum(x.units), 0)::float8 as units
    from s
    left join x on x.application_id = s.id
    ${by === "call" ? sql`join calls c on c.id = s.call_id` : sql``}
    group by ${key}
    order by ${by === "call" ? sql`min(c.open_at), ${key}` : key}`.execute(db);
  return rows;
}

/** readEvolutions's answer, kept until the next write (./kept.server.ts). */
export const evolutions = (db: Db, f: StatsFilter & { accesses_status?: AccessStatus; by: EvolutionBy }) => statsKept(db, "evolutions", f, () => readEvolutions(db, f));
