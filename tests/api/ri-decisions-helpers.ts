// Applications at the 'sm' step for the infrastructure decision's tests and the
// permission matrix: made through the API up to submission, then put under
// evaluation in the database (eligibility and assignment are tested in intake.test.ts).
import { sql } from "kysely";
import type { TestApi } from "../support/api";
import { submittedApplication } from "./application-helpers";

export async function infrastructureId(api: TestApi, shortName: string): Promise<number> {
  return (await api.db.selectFrom("infrastructures").select("id").where("short_name", "=", shortName).executeTakeFirstOrThrow()).id;
}

/** Sets a setting (e.g. ri-access-editable); the settings cache hears of it, as of any write through the portal's pool. */
export async function setSetting(api: TestApi, key: string, value: string) {
  await sql`insert into settings (key, value) values (${key}, ${value}) on conflict (key) do update set value = excluded.value, updated_at = now()`.execute(api.db);
}

export interface DecisionCase {
  id: number;
  /** Application infrastructure ids by the infrastructure's short name. */
  ai: Record<string, number>;
  /** The first access id of each application infrastructure, by short name. */
  access: Record<string, number>;
}

/**
 * A submitted application of the demo applicant, under evaluation, requesting
 * the infrastructures named: the first as the applicant chose it, or moved to
 * `only` (AIL is administered by the demo administrator, not managed by the
 * demo manager); `also` adds one more with one access. `eligible` per name
 * (default true).
 */
export async function applicationAt(api: TestApi, opts: { only?: string; also?: string; eligible?: Record<string, boolean>; status?: string } = {}): Promise<DecisionCase> {
  const app = await submittedApplication(api, "applicant");
  const first = await api.db.selectFrom("application_infrastructures").select(["id", "infrastructure_id"]).where("application_id", "=", app.id).executeTakeFirstOrThrow();
  if (opts.only) await api.db.updateTable("application_infrastructures").set({ infrastructure_id: await infrastructureId(api, opts.only) }).where("id", "=", first.id).execute();
  if (opts.also) {
    const ai = await api.db
      .insertInto("application_infrastructures")
      .values({ application_id: app.id, infrastructure_id: await infrastructureId(api, opts.also), position: 1, draft_key: "extra" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const access = await api.db.selectFrom("accesses").selectAll().where("application_infrastructure_id", "=", first.id).executeTakeFirstOrThrow();
    await api.db
      .insertInto("accesses")
      .values({ application_id: app.id, application_infrastructure_id: ai.id, position: 0, draft_key: "extra-a", type: access.type, date_from: access.date_from, date_to: access.date_to, requested_units: 2 })
      .execute();
  }
  const rows = await api.db
    .selectFrom("application_infrastructures as ai")
    .innerJoin("infrastructures as i", "i.id", "ai.infrastructure_id")
    .innerJoin("accesses as ac", "ac.application_infrastructure_id", "ai.id")
    .select(["ai.id", "i.short_name", "ac.id as access_id"])
    .where("ai.application_id", "=", app.id)
    .orderBy("ac.id")
    .execute();
  const out: DecisionCase = { id: app.id, ai: {}, access: {} };
  for (const r of rows) {
    const name = r.short_name!;
    out.ai[name] = r.id;
    out.access[name] ??= r.access_id;
    const eligible = opts.eligible?.[name] ?? true;
    await api.db.updateTable("accesses").set({ eligible }).where("application_infrastructure_id", "=", r.id).execute();
    await api.db.updateTable("application_infrastructures").set({ has_eligible_accesses: eligible }).where("id", "=", r.id).execute();
  }
  await api.db.updateTable("applications").set({ status: opts.status ?? "under-evaluation" }).where("id", "=", app.id).execute();
  return out;
}
