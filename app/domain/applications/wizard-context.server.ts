// Builds the wizard's context (context.ts) from the database: the call, its
// live infrastructures with their periods and unit costs, the settings that
// switch fields on, the lookup lists and the country codes.
import type { Db } from "~/db/database.server";
import { getSettings } from "../settings/settings.server";
import { isYes } from "../settings/settings";
import { notFound } from "../errors";
import { callStatusOf, isCallOpen } from "../calls/call-status";
import { todayIso } from "../dates";
import type { Draft } from "./draft";
import type { WizardCall, WizardContext, WizardInfrastructure, WizardSettings } from "./context";
import { wizardLookups } from "./wizard-lookups.server";
import { keptUntilWrite } from "~/cache/kept.server";

/** The call as the wizard and the create rules read it (404 when it does not exist at all). */
export async function wizardCall(db: Db, callId: number): Promise<WizardCall & { unauthorized_countries: string[]; deleted: boolean }> {
  const call = await db
    .selectFrom("calls")
    .select([
      "id", "title", "title_fr", "status", "open_at", "close_at", "evaluation_date", "start_at", "end_at", "remote_access", "physical_access", "ri_training", "data_management_training",
      "spare_berths_training", "data_management_plan", "new_publications", "unauthorized_countries", "deleted_at",
    ])
    .where("id", "=", callId)
    .executeTakeFirst();
  if (!call) throw notFound();
  const { deleted_at, ...rest } = call;
  return { ...rest, status: callStatusOf(rest.status), deleted: deleted_at !== null, is_open: deleted_at === null && isCallOpen(call, todayIso()) };
}

export async function wizardInfrastructures(db: Db, callId: number): Promise<WizardInfrastructure[]> {
  const rows = await db
    .selectFrom("call_infrastructures")
    .innerJoin("infrastructures", "infrastructures.id", "call_infrastructures.infrastructure_id")
    .select(["infrastructures.id", "name", "short_name", "preset_unit_cost", "cost_per_unit", "unit_cost_type"])
    .where("call_infrastructures.call_id", "=", callId)
    .where("infrastructures.deleted_at", "is", null)
    .orderBy("name")
    .execute();
  const periods = rows.length
    ? await db
        .selectFrom("infrastructure_periods")
        .select(["infrastructure_id", "date_from", "date_to"])
        .where("infrastructure_id", "in", rows.map((r) => r.id))
        .orderBy("date_from")
        .execute()
    : [];
  return rows.map((r) => ({
    ...r,
    periods: periods.filter((p) => p.infrastructure_id === r.id).map(({ date_from, date_to }) => ({ date_from, date_to })),
  }));
}

export async function wizardSettings(db: Db): Promise<WizardSettings> {
  const s = await getSettings(db);
  return {
    consortium: s.consortium ?? "",
    askConsortium: isYes(s, "ask-consortium"),
    showTravelRouteAndMeans: isYes(s, "show-travel-route-and-means"),
    contactedRiOperator: isYes(s, "contacted-ri-operator"),
    recommendationLetter: isYes(s, "recommendation-letter"),
    publications: isYes(s, "publications"),
    riTraining: isYes(s, "ri-training"),
    dataTraining: isYes(s, "data-training"),
    spareBerths: isYes(s, "spare-berths"),
    dataManagementPlan: isYes(s, "data-management-plan"),
  };
}

/** What the wizard reads of a call: the call as the steps see it and its infrastructures. */
interface CallPart {
  call: WizardCall;
  infrastructures: WizardInfrastructure[];
}

async function readCallPart(db: Db, callId: number): Promise<CallPart> {
  const [call, infrastructures] = await Promise.all([wizardCall(db, callId), wizardInfrastructures(db, callId)]);
  const { unauthorized_countries: _u, deleted: _d, ...wizard } = call;
  return { call: wizard, infrastructures };
}

// Every step page and every save judges the draft against its call: the call
// and its infrastructures (periods, unit costs) are kept per database, call
// and day (whether the call is open depends on the day) until the next write
// (app/cache, ADR 017, 019). Shared: never change them.
function keptCallPart(db: Db, callId: number): Promise<CallPart> {
  return keptUntilWrite(db, `call-part\u0000${callId}`, () => readCallPart(db, callId), todayIso());
}

/**
 * The context the rules judge a draft in. `fresh` reads the call from the
 * database rather than from memory: for the submission, which must not pass
 * on a call that another instance has just closed.
 */
export async function wizardContext(db: Db, callId: number, draft: Draft, opts: { fresh?: boolean } = {}): Promise<WizardContext> {
  const [part, settings, lookups] = await Promise.all([
    opts.fresh ? readCallPart(db, callId) : keptCallPart(db, callId),
    wizardSettings(db),
    wizardLookups(db),
  ]);
  return { ...part, settings, lookups, draft };
}
