import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { notFound } from "../errors";
import { countTotal, likePattern, offsetOf, pageMeta, trashedFilter } from "../list-query.server";
import { isInfrastructureStaff } from "./infrastructure-lookups";
import type { InfrastructureListQuery } from "./infrastructure-list.server";
import { mediaOf } from "../media/media.server";
import { keptUntilWrite } from "~/cache/kept.server";
import { isAdminArea, type Grants } from "../users/roles";
import { staffedBy } from "../users/users.server";

export const ACCEPTANCE_AGREEMENT = "acceptance_agreement";
export const MEDIA_TYPE = "infrastructure";

const COLUMNS = [
  "infrastructures.id", "infrastructures.name", "infrastructures.short_name", "infrastructures.country",
  "infrastructures.type", "infrastructures.owner", "infrastructures.owner_contact", "infrastructures.description",
  "infrastructures.website", "infrastructures.installation_name", "infrastructures.ta_installation_number",
  "infrastructures.ra_installation_number", "infrastructures.ga_usage_cost_budget", "infrastructures.ga_other_cost_budget",
  "infrastructures.ga_access_quantity", "infrastructures.actual_cost", "infrastructures.preset_unit_cost",
  "infrastructures.cost_per_unit", "infrastructures.unit_cost_type", "infrastructures.category",
  "infrastructures.cost_calculation", "infrastructures.manager_id", "infrastructures.created_at", "infrastructures.deleted_at",
] as const;

/** updated_at as the API's ISO text, to the millisecond like every version (ADR 015). */
export const updatedAtText = sql<string>`to_char(infrastructures.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An infrastructure with its manager: the one row shape every query returns. */
function selectInfrastructures(db: Db) {
  return db
    .selectFrom("infrastructures")
    .leftJoin("users as manager", "manager.id", "infrastructures.manager_id")
    .select(COLUMNS)
    .select([updatedAtText.as("updated_at"), "manager.display_name as manager_display_name", "manager.email as manager_email"]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectInfrastructures>["execute"]>>[number];

interface Person {
  id: number;
  display_name: string;
  email: string;
}

/** Periods, administrators and the acceptance agreement of many infrastructures, one query each. */
async function relationsOf(db: Db, ids: number[]) {
  const periods = new Map<number, { id: number; date_from: string; date_to: string }[]>();
  const administrators = new Map<number, Person[]>();
  if (ids.length === 0) return { periods, administrators, media: new Map<string, never[]>() };
  const [periodRows, adminRows, media] = await Promise.all([
    db
      .selectFrom("infrastructure_periods")
      .select(["id", "infrastructure_id", "date_from", "date_to"])
      .where("infrastructure_id", "in", ids)
      .orderBy("date_from")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("infrastructure_administrators")
      .innerJoin("users", "users.id", "infrastructure_administrators.user_id")
      .select(["infrastructure_administrators.infrastructure_id", "users.id", "users.display_name", "users.email"])
      .where("infrastructure_administrators.infrastructure_id", "in", ids)
      .orderBy("users.display_name")
      .orderBy("users.id")
      .execute(),
    mediaOf(db, MEDIA_TYPE, ids, ACCEPTANCE_AGREEMENT),
  ]);
  for (const { infrastructure_id, ...p } of periodRows) periods.set(infrastructure_id, [...(periods.get(infrastructure_id) ?? []), p]);
  for (const a of adminRows) {
    const person = { id: a.id, display_name: a.display_name ?? a.email, email: a.email };
    administrators.set(a.infrastructure_id, [...(administrators.get(a.infrastructure_id) ?? []), person]);
  }
  return { periods, administrators, media };
}
type Relations = Awaited<ReturnType<typeof relationsOf>>;

const money = (v: string | null) => (v === null ? null : Number(v));
// Kysely types these joined timestamp columns loosely; pg gives Dates.
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v));

function present(row: Row, rel: Relations) {
  const { manager_display_name, manager_email, ...infra } = row;
  const agreement = rel.media.get(String(row.id))?.[0];
  return {
    ...infra,
    created_at: iso(infra.created_at) ?? "",
    deleted_at: iso(infra.deleted_at),
    ga_usage_cost_budget: money(infra.ga_usage_cost_budget),
    ga_other_cost_budget: money(infra.ga_other_cost_budget),
    cost_per_unit: money(infra.cost_per_unit),
    manager:
      infra.manager_id !== null
        ? { id: infra.manager_id, display_name: manager_display_name ?? manager_email ?? "", email: manager_email ?? "" }
        : null,
    administrators: rel.administrators.get(row.id) ?? [],
    periods: rel.periods.get(row.id) ?? [],
    acceptance_agreement: agreement ? { id: agreement.id, name: agreement.name, mime_type: agreement.mime_type, size: agreement.size } : null,
  };
}
export type InfrastructureView = ReturnType<typeof present>;

async function presentAll(db: Db, rows: Row[]) {
  const rel = await relationsOf(db, rows.map((r) => r.id));
  return rows.map((r) => present(r, rel));
}

/** The admin list (editors, admins): filters, sorting, paging, soft-deleted rows on request. */
export async function listInfrastructures(db: Db, q: InfrastructureListQuery) {
  let query = db.selectFrom("infrastructures").where(trashedFilter("infrastructures.deleted_at", q.trashed));
  if (q.q) {
    const like = likePattern(q.q);
    query = query.where((eb) =>
      eb.or([
        eb("infrastructures.name", "ilike", like),
        eb("infrastructures.short_name", "ilike", like),
        eb("infrastructures.installation_name", "ilike", like),
        eb("infrastructures.owner", "ilike", like),
      ]),
    );
  }
  if (q.country) query = query.where("infrastructures.country", "=", q.country);
  if (q.category) query = query.where("infrastructures.category", "=", q.category);

  const { total } = await query.select(countTotal()).executeTakeFirstOrThrow();
  const ids = await query
    .select("infrastructures.id")
    .orderBy(`infrastructures.${q.sort_by}`, q.order)
    .orderBy("infrastructures.id", q.order)
    .limit(q.per_page)
    .offset(offsetOf(q))
    .execute();
  const rows = await rowsInOrder(db, ids.map((r) => r.id));
  return { data: await presentAll(db, rows), meta: pageMeta(q, total) };
}

async function rowsInOrder(db: Db, ids: number[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const rows = await selectInfrastructures(db).where("infrastructures.id", "in", ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

/** The raw row (trashed too), or 404. */
export async function findInfrastructure(db: Db, id: number): Promise<Row> {
  const row = await selectInfrastructures(db).where("infrastructures.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function presentOne(db: Db, row: Row) {
  return (await presentAll(db, [row]))[0];
}

/**
 * Who may see (and so edit) one infrastructure: editors and admins, trashed
 * ones included; its own staff while it is live. Everyone else gets 404, so
 * ids reveal nothing.
 */
export function canSeeInfrastructure(user: Grants, row: { id: number; deleted_at: unknown }): boolean {
  if (isAdminArea(user)) return true;
  return row.deleted_at === null && isInfrastructureStaff(user, row.id);
}

export async function getInfrastructure(db: Db, id: number, user: Grants) {
  const row = await findInfrastructure(db, id);
  if (!canSeeInfrastructure(user, row)) throw notFound();
  return presentOne(db, row);
}

/** The signed-in user's live infrastructures, as manager or administrator. */
export async function myInfrastructures(db: Db, userId: number, page: number, perPage: number) {
  const mine = db.selectFrom("infrastructures").where("infrastructures.deleted_at", "is", null).where(staffedBy(userId));
  const { total } = await mine.select(countTotal()).executeTakeFirstOrThrow();
  const ids = await mine
    .select("infrastructures.id")
    .orderBy("infrastructures.name")
    .orderBy("infrastructures.id")
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const data = await presentAll(db, await rowsInOrder(db, ids.map((r) => r.id)));
  return {
    data: data.map((i) => ({ ...i, my_role: i.manager_id === userId ? ("manager" as const) : ("administrator" as const) })),
    meta: { page, per_page: perPage, total },
  };
}

// Pickers and filters list the infrastructures on every view (the call form, the
// admin list of applications): kept until the next write.
type InfrastructureOptions = Awaited<ReturnType<typeof readInfrastructureOptions>>;

/** Live infrastructures as `{ label: name, value: id }`, for pickers (calls' available infrastructures). The answer is shared: never change it. */
export function infrastructureOptions(db: Db, page: number, perPage: number): Promise<InfrastructureOptions> {
  return keptUntilWrite(db, `infrastructure-options\u0000${page}/${perPage}`, () => readInfrastructureOptions(db, page, perPage));
}

async function readInfrastructureOptions(db: Db, page: number, perPage: number) {
  const base = db.selectFrom("infrastructures").where("deleted_at", "is", null);
  const { total } = await base.select(countTotal()).executeTakeFirstOrThrow();
  const rows = await base.select(["id", "name"]).orderBy("name").orderBy("id").limit(perPage).offset((page - 1) * perPage).execute();
  return { data: rows.map((r) => ({ label: r.name, value: r.id })), meta: { page, per_page: perPage, total } };
}
