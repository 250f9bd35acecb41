// The data management plans of the statistics (GET /api/stats/dmp): for each
// application the statistics filter keeps (query.server.ts) whose call asks
// for a plan, its draft plan (the appendices step, collection data_man_draft)
// and its final one (the report, data_man_final), present or missing, with a
// summary in SQL. Only meaningful when the data-management-plan setting is
// yes: otherwise nothing is asked, and the answer says so with no rows
// (docs/lifecycle.md#reporting).
import { sql, type RawBuilder } from "kysely";
import type { Db } from "~/db/database.server";
import type { ApplicationStatus } from "../applications/status";
import { offsetOf, pageMeta, type Paging } from "../list-query.server";
import { getSettings } from "../settings/settings.server";
import { statsMatching } from "./key.server";
import type { StatsFilter } from "./query.server";
import { statsKept } from "./kept.server";

export interface PlanFile {
  id: number;
  name: string;
}

export interface DmpRow {
  id: number;
  acronym: string | null;
  title: string | null;
  call_id: number;
  call_title: string;
  status: ApplicationStatus;
  draft: PlanFile | null;
  final: PlanFile | null;
}

export interface DmpSummary {
  applications: number;
  /** With a draft plan (whatever the final), with a final one, with both, with neither. */
  draft: number;
  final: number;
  both: number;
  neither: number;
}

/** The applications counted: the statistics filter's, to calls that ask for a plan. */
const asking = (db: Db, f: StatsFilter) => statsMatching(db, f).innerJoin("calls as c", "c.id", "a.call_id").where("c.data_management_plan", "=", true);

/** The first file of `collection` linked to the application (`a`), or null. */
const planOf = (collection: string): RawBuilder<PlanFile | null> =>
  sql<PlanFile | null>`(select json_build_object('id', md.id, 'name', md.name) from media_links l join media md on md.id = l.media_id
    where l.attached_to_type = 'application' and l.attached_to_id = a.id::text and l.collection = ${collection} order by l.position, l.id limit 1)`;

/** The rows, every one (the download) or a page of them, in call then number order. */
export function dmpRows(db: Db, f: StatsFilter) {
  return asking(db, f)
    .select(["a.id", "a.acronym", "a.title", "a.call_id", "c.title as call_title", sql<ApplicationStatus>`a.status`.as("status")])
    .select([planOf("data_man_draft").as("draft"), planOf("data_man_final").as("final")])
    .orderBy("c.title")
    .orderBy("a.call_id")
    .orderBy("a.id");
}

/** Whether the data-management-plan setting is yes (the wizard and the report then ask for the plans). */
export async function plansAsked(db: Db): Promise<boolean> {
  return (await getSettings(db))["data-management-plan"] === "yes";
}

const has = (collection: string) =>
  sql<boolean>`exists (select 1 from media_links l where l.attached_to_type = 'application' and l.attached_to_id = a.id::text and l.collection = ${collection})`;

export async function dmpSummary(db: Db, f: StatsFilter): Promise<DmpSummary> {
  const row = await db
    .with("m", () => asking(db, f).select([has("data_man_draft").as("d"), has("data_man_final").as("f")]))
    .selectFrom("m")
    .select([
      sql<number>`count(*)::int`.as("applications"),
      sql<number>`(count(*) filter (where d))::int`.as("draft"),
      sql<number>`(count(*) filter (where f))::int`.as("final"),
      sql<number>`(count(*) filter (where d and f))::int`.as("both"),
      sql<number>`(count(*) filter (where not d and not f))::int`.as("neither"),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

const NONE: DmpSummary = { applications: 0, draft: 0, final: 0, both: 0, neither: 0 };

/** GET /api/stats/dmp: whether plans are asked, the summary and a page of rows (none when the setting is off). */
async function readDataManagementPlans(db: Db, f: StatsFilter, paging: Paging) {
  if (!(await plansAsked(db))) return { asked: false, summary: NONE, data: [], meta: pageMeta(paging, 0) };
  const [summary, data] = await Promise.all([dmpSummary(db, f), dmpRows(db, f).limit(paging.per_page).offset(offsetOf(paging)).execute()]);
  return { asked: true, summary, data, meta: pageMeta(paging, summary.applications) };
}

/** readDataManagementPlans's answer, kept until the next write (./kept.server.ts). */
export const dataManagementPlans = (db: Db, f: StatsFilter, paging: Paging) => statsKept(db, "dmp", { ...f, ...paging }, () => readDataManagementPlans(db, f, paging));
