import type { Transaction } from "kysely";
import type { Db } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { CALL_FILES, COUNTRIES_MAX, COUNTRY_CODE, type CallCreateInput, type CallUpdateInput } from "./call-form";
import { getCall } from "./calls.server";
import { notFound } from "../errors";
import { ID_LIST_MAX, isId } from "../ids";
import { linkMedia, type MediaActor } from "../media/media.server";
import { setTrashed } from "../trash.server";
import { claimVersion, invalid, missingLive, versionNow, type FieldErrors } from "../write.server";
import { unknownCountries } from "../countries/countries.server";
import { saveCallCriteria, unknownCriteria } from "../reviews/criteria.server";

type Actor = NonNullable<MediaActor>;

/**
 * Rules that need the database: the countries and infrastructures named must
 * exist (infrastructures not deleted), the criteria too. Read off raw fields
 * as well as parsed input (the API runs them on a body its schema refused, so
 * a failed save lists every error at once); only lists the schema would take
 * are looked up (no id past the integer column, no flood of parameters).
 */
export async function callReferenceErrors(db: Db, input: Record<string, unknown>): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const countries = input.unauthorized_countries;
  if (Array.isArray(countries) && countries.length && countries.length <= COUNTRIES_MAX && countries.every((c) => typeof c === "string" && COUNTRY_CODE.test(c))) {
    if ((await unknownCountries(db, countries as string[])).size) errors.unauthorized_countries = ["call-validation.unknown-country"];
  }
  const infra = input.available_infrastructures;
  if (Array.isArray(infra) && infra.length && infra.length <= ID_LIST_MAX && infra.every(isId)) {
    if ((await missingLive(db, "infrastructures", infra as number[])).length) errors.available_infrastructures = ["call-validation.unknown-infrastructure"];
  }
  const criteria = input.criteria;
  if (Array.isArray(criteria) && criteria.length && criteria.length <= ID_LIST_MAX && criteria.every(isId)) {
    if ((await unknownCriteria(db, criteria as number[])).length) errors.criteria = ["reviews.validation.criterion"];
  }
  return errors;
}

/** 422 naming every field whose reference is missing; the schema was checked by the API's contract. */
async function checkReferences(db: Db, input: CallCreateInput) {
  const errors = await callReferenceErrors(db, input);
  if (Object.keys(errors).length) throw invalid(errors);
}

/** The calls-table columns of a validated form (everything but relations and files). */
function columnsOf(v: CallCreateInput) {
  return {
    title: v.title,
    description: v.description ?? null,
    // Blank French versions are null: the English text is shown (ADR 052).
    title_fr: v.title_fr || null,
    description_fr: v.description_fr || null,
    open_at: v.open_at,
    close_at: v.close_at,
    start_at: v.start_at ?? null,
    end_at: v.end_at ?? null,
    evaluation_date: v.evaluation_date,
    evaluation_manager_date: v.evaluation_manager_date,
    acceptance_date: v.acceptance_date,
    sm_reminder_date: v.sm_reminder_date ?? null,
    user_report_days: v.user_report_days,
    physical_access: v.physical_access,
    remote_access: v.remote_access,
    ri_training: v.ri_training,
    data_management_training: v.data_management_training,
    spare_berths_training: v.spare_berths_training,
    new_publications: v.new_publications,
    half_point_rating: v.half_point_rating,
    data_management_plan: v.data_management_plan,
    unauthorized_countries: [...new Set(v.unauthorized_countries)].sort(),
  };
}

/** Replaces the call's infrastructures and files; runs inside the caller's transaction. */
async function saveRelations(trx: Transaction<Database>, callId: number, v: CallCreateInput, user: Actor) {
  await trx.deleteFrom("call_infrastructures").where("call_id", "=", callId).execute();
  const infra = [...new Set(v.available_infrastructures)];
  if (infra.length) {
    await trx.insertInto("call_infrastructures").values(infra.map((infrastructure_id) => ({ call_id: callId, infrastructure_id }))).execute();
  }
  for (const collection of CALL_FILES) {
    const id = v[collection];
    await linkMedia(trx, { type: "call", id: callId, collection }, id === undefined ? [] : [id], user);
  }
  await saveCallCriteria(trx, callId, v.criteria);
}

/** POST /api/calls: a new call, owned by its creator, always a draft (docs/lifecycle.md#call-statuses). */
export async function createCall(db: Db, v: CallCreateInput, user: Actor) {
  await checkReferences(db, v);
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("calls")
      .values({ ...columnsOf(v), status: "draft", user_id: user.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    await saveRelations(trx, row.id, v, user);
    return row.id;
  });
  // The open calls are kept in memory (calls.server.ts): every committed call write tells them.
  return getCall(db, id, true);
}

/**
 * PUT /api/calls/{id}: the whole call, validated in full. The body's
 * updated_at must be the one stored, else someone saved in between: 409 and
 * nothing changes (a trashed call is 404).
 */
export async function updateCall(db: Db, id: number, v: CallUpdateInput, user: Actor) {
  const exists = await db.selectFrom("calls").select("id").where("id", "=", id).executeTakeFirst();
  if (!exists) throw notFound();
  await checkReferences(db, v);
  await db.transaction().execute(async (trx) => {
    await claimVersion(trx, "calls", id, v.updated_at, "call-errors.stale");
    await trx
      .updateTable("calls")
      .set({ ...columnsOf(v), status: v.status, updated_at: versionNow() })
      .where("id", "=", id)
      .execute();
    await saveRelations(trx, id, v, user);
  });
  return getCall(db, id, true);
}

/**
 * DELETE /api/calls/{id} (soft delete) and PUT /api/calls/{id}/restore. Each
 * acts only on a call in the other state (404 otherwise), and moves
 * updated_at so a form opened before the change is stale.
 */
export async function setCallTrashed(db: Db, id: number, trashed: boolean) {
  await setTrashed(db, "calls", id, trashed);
  return getCall(db, id, true);
}
