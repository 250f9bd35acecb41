import type { Transaction } from "kysely";
import type { ZodMiniType } from "zod/mini";
import type { Db } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { AppError, notFound } from "../errors";
import { infrastructureSchema, infrastructureStaffSchema, V, type InfrastructureInput } from "./infrastructure";
import { isInfrastructureStaff } from "./infrastructure-lookups";
import { ACCEPTANCE_AGREEMENT, findInfrastructure, MEDIA_TYPE, presentOne } from "./infrastructures.server";
import { linkMedia } from "../media/media.server";
import { setTrashed } from "../trash.server";
import { isAdminArea, type Grants } from "../users/roles";
import { assignRole } from "../users/users.server";
import { claimVersion, fieldsOf, invalid, parseInput, versionNow, versionOf, type FieldErrors } from "../write.server";
import { unknownCountries } from "../countries/countries.server";

type Actor = Grants & { id: number };
/** Checks the database can answer: the country exists, the staff are users. */
async function checkReferences(db: Db | Transaction<Database>, input: { country?: string; manager_id?: number; administrators?: number[] }) {
  // No prototype: a field named valueOf or toString is just a key.
  const errors: FieldErrors = Object.create(null);
  if (input.country && (await unknownCountries(db, [input.country])).size) errors.country = [V.country];
  const userIds = [...(input.manager_id ? [input.manager_id] : []), ...(input.administrators ?? [])];
  if (userIds.length) {
    const found = new Set((await db.selectFrom("users").select("id").where("id", "in", userIds).execute()).map((u) => u.id));
    if (input.manager_id && !found.has(input.manager_id)) errors.manager_id = [V.userNotFound];
    if ((input.administrators ?? []).some((id) => !found.has(id))) errors.administrators = [V.userNotFound];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

type OwnColumns = Omit<InfrastructureInput, "periods" | "acceptance_agreement" | "updated_at" | "manager_id" | "administrators">;

/** The row's own columns, every optional one written (null when absent): PUT replaces the infrastructure. */
function columns(input: OwnColumns) {
  const money = (v: number | undefined) => (v === undefined ? null : v.toFixed(2));
  return {
    name: input.name,
    short_name: input.short_name ?? null,
    country: input.country ?? null,
    type: input.type ?? null,
    owner: input.owner ?? null,
    owner_contact: input.owner_contact ?? null,
    description: input.description ?? null,
    website: input.website ?? null,
    installation_name: input.installation_name ?? null,
    ta_installation_number: input.ta_installation_number ?? null,
    ra_installation_number: input.ra_installation_number ?? null,
    ga_usage_cost_budget: money(input.ga_usage_cost_budget),
    ga_other_cost_budget: money(input.ga_other_cost_budget),
    ga_access_quantity: input.ga_access_quantity ?? null,
    actual_cost: input.actual_cost,
    preset_unit_cost: input.preset_unit_cost,
    cost_per_unit: money(input.cost_per_unit),
    unit_cost_type: input.unit_cost_type ?? null,
    category: input.category ?? null,
    cost_calculation: input.cost_calculation ?? null,
  };
}

/** Periods, staff and the acceptance agreement follow the row, inside its transaction. */
async function saveRelations(
  trx: Transaction<Database>,
  id: number,
  input: { periods: { date_from: string; date_to: string }[]; acceptance_agreement?: number; manager_id?: number; administrators?: number[] },
  actor: Actor,
  withStaff: boolean,
) {
  await trx.deleteFrom("infrastructure_periods").where("infrastructure_id", "=", id).execute();
  if (input.periods.length) {
    await trx.insertInto("infrastructure_periods").values(input.periods.map((p) => ({ infrastructure_id: id, ...p }))).execute();
  }
  await linkMedia(trx, { type: MEDIA_TYPE, id, collection: ACCEPTANCE_AGREEMENT }, input.acceptance_agreement ? [input.acceptance_agreement] : [], actor);
  if (!withStaff) return;
  const administrators = input.administrators ?? [];
  await trx.deleteFrom("infrastructure_administrators").where("infrastructure_id", "=", id).execute();
  if (administrators.length) {
    await trx.insertInto("infrastructure_administrators").values(administrators.map((user_id) => ({ infrastructure_id: id, user_id }))).execute();
  }
  // Staff need their role to reach "My infrastructures" (docs/roles.md#infrastructure-staff); roles are
  // never taken away here, as the user may hold them for other reasons.
  if (input.manager_id) await assignRole(trx, input.manager_id, "infrastructure-manager");
  for (const userId of administrators) await assignRole(trx, userId, "infrastructure-administrator");
}

/** The schema's parse without the reference checks (they need the staff rule first); 422 with every field error. */
const parse = <S extends ZodMiniType>(schema: S, fields: Record<string, unknown>) => parseInput(schema, fields);

/** POST /api/infrastructures (editors, admins): a body the API's contract parsed, saved with its periods and staff in one transaction. */
export async function createInfrastructure(db: Db, input: InfrastructureInput, actor: Actor) {
  await checkReferences(db, input);
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("infrastructures")
      .values({ ...columns(input), manager_id: input.manager_id ?? null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await saveRelations(trx, row.id, input, actor, true);
    return row.id;
  });
  // The open calls list their infrastructures and are kept in memory (calls.server.ts): every committed write tells them.
  return presentOne(db, await findInfrastructure(db, id));
}

const sameIds = (a: number[], b: number[]) => {
  const [x, y] = [[...a].sort((m, n) => m - n), [...b].sort((m, n) => m - n)];
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

/**
 * PUT /api/infrastructures/{id}: editors and admins, or this infrastructure's
 * own staff (who may not change its manager or administrators: sending other
 * staff than the current ones is refused with 403; sending none keeps them).
 * The body replaces the infrastructure; `updated_at` must be the one it was
 * read with, or 409.
 */
export async function updateInfrastructure(db: Db, id: number, body: unknown, actor: Actor) {
  const current = await findInfrastructure(db, id);
  const admin = isAdminArea(actor);
  if (current.deleted_at !== null || !(admin || isInfrastructureStaff(actor, id))) throw notFound();

  const normalized = fieldsOf(body);
  const raw = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const currentAdmins = (
    await db.selectFrom("infrastructure_administrators").select("user_id").where("infrastructure_id", "=", id).execute()
  ).map((r) => r.user_id);
  const sendsManager = "manager_id" in raw;
  const sendsAdmins = "administrators" in raw;

  let input: InfrastructureInput;
  if (admin) {
    input = await parse(infrastructureSchema, {
      periods: [],
      ...normalized,
      manager_id: sendsManager ? normalized.manager_id : (current.manager_id ?? undefined),
      administrators: sendsAdmins ? (normalized.administrators ?? []) : currentAdmins,
    });
  } else {
    const changesManager = sendsManager && (normalized.manager_id ?? null) !== current.manager_id;
    const admins = normalized.administrators ?? [];
    const changesAdmins = sendsAdmins && !(Array.isArray(admins) && admins.every((a) => typeof a === "number") && sameIds(admins, currentAdmins));
    if (changesManager || changesAdmins) throw new AppError(403, V.staffFields);
    const { manager_id: _m, administrators: _a, ...own } = normalized;
    input = { ...(await parse(infrastructureStaffSchema, { periods: [], ...own })), administrators: currentAdmins };
  }
  const readAt = versionOf(input.updated_at);
  await checkReferences(db, input);

  await db.transaction().execute(async (trx) => {
    await claimVersion(trx, "infrastructures", id, readAt, V.stale);
    await trx
      .updateTable("infrastructures")
      .set({ ...columns(input), ...(admin ? { manager_id: input.manager_id ?? null } : {}), updated_at: versionNow() })
      .where("id", "=", id)
      .execute();
    await saveRelations(trx, id, input, actor, admin);
  });
  return presentOne(db, await findInfrastructure(db, id));
}

/** Soft delete (editors, admins): staff lose access, links to calls and media stay for a restore. */
/**
 * To the trash, unless a live call that is published or open offers it: that
 * call would be left open with an infrastructure nobody can apply for (409;
 * take it out of the call, or close the call, first).
 */
export async function deleteInfrastructure(db: Db, id: number) {
  await db.transaction().execute(async (trx) => {
    const offering = await trx
      .selectFrom("call_infrastructures")
      .innerJoin("calls", "calls.id", "call_infrastructures.call_id")
      .select("calls.id")
      .where("call_infrastructures.infrastructure_id", "=", id)
      .where("calls.deleted_at", "is", null)
      .where("calls.status", "in", ["open", "publish"])
      // Locks the call rows: no call takes the infrastructure in while it goes.
      .forUpdate()
      .executeTakeFirst();
    if (offering) throw new AppError(409, "infrastructure.offered-by-call");
    await setTrashed(trx, "infrastructures", id, true);
  });
}

export async function restoreInfrastructure(db: Db, id: number) {
  await setTrashed(db, "infrastructures", id, false);
  return presentOne(db, await findInfrastructure(db, id));
}
