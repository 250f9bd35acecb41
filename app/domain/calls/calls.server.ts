import type { Db } from "~/db/database.server";
import type { CallListQuery } from "./call-list.server";
import { CALL_FILES, type CallFile } from "./call-form";
import { callStatusOf, isCallOpen } from "./call-status";
import { todayIso } from "../dates";
import { notFound } from "../errors";
import { countTotal, likePattern, offsetOf, pageMeta, trashedFilter } from "../list-query.server";
import { mediaOf } from "../media/media.server";
import { keptUntilWrite } from "~/cache/kept.server";

const CALL_COLUMNS = [
  "calls.id", "calls.user_id", "calls.title", "calls.title_fr", "calls.description", "calls.description_fr", "calls.status", "calls.open_at", "calls.close_at",
  "calls.start_at", "calls.end_at", "calls.remote_access", "calls.physical_access", "calls.evaluation_date",
  "calls.evaluation_manager_date", "calls.acceptance_date", "calls.sm_reminder_date", "calls.user_report_days",
  "calls.unauthorized_countries", "calls.ri_training", "calls.data_management_training", "calls.spare_berths_training",
  "calls.new_publications", "calls.half_point_rating", "calls.data_management_plan", "calls.created_at",
  "calls.updated_at", "calls.deleted_at",
] as const;

/** A call with its owner's name: the one shape every call query returns. */
function selectCalls(db: Db) {
  return db
    .selectFrom("calls")
    .leftJoin("users as owner", "owner.id", "calls.user_id")
    .select(CALL_COLUMNS)
    .select(["owner.display_name as owner_display_name"]);
}
type CallRow = Awaited<ReturnType<ReturnType<typeof selectCalls>["execute"]>>[number];

async function infrastructuresOf(db: Db, callIds: number[]) {
  if (callIds.length === 0) return new Map<number, { id: number; name: string; short_name: string | null }[]>();
  const rows = await db
    .selectFrom("call_infrastructures")
    .innerJoin("infrastructures", "infrastructures.id", "call_infrastructures.infrastructure_id")
    .select(["call_infrastructures.call_id", "infrastructures.id", "infrastructures.name", "infrastructures.short_name"])
    .where("call_infrastructures.call_id", "in", callIds)
    .where("infrastructures.deleted_at", "is", null)
    .orderBy("infrastructures.name")
    .execute();
  const map = new Map<number, { id: number; name: string; short_name: string | null }[]>();
  for (const r of rows) {
    const list = map.get(r.call_id) ?? [];
    list.push({ id: r.id, name: r.name, short_name: r.short_name });
    map.set(r.call_id, list);
  }
  return map;
}

function present(row: CallRow, infrastructures?: { id: number; name: string; short_name: string | null }[], today = todayIso()) {
  const { owner_display_name, ...call } = row;
  return {
    ...call,
    status: callStatusOf(call.status),
    owner: call.user_id ? { id: call.user_id, display_name: owner_display_name ?? "" } : null,
    is_open: isCallOpen(call, today),
    ...(infrastructures ? { available_infrastructures: infrastructures } : {}),
  };
}
export type CallView = ReturnType<typeof present>;

export async function listCalls(db: Db, q: CallListQuery) {
  let query = db.selectFrom("calls").leftJoin("users as owner", "owner.id", "calls.user_id").where(trashedFilter("calls.deleted_at", q.trashed));
  if (q.q) {
    const like = likePattern(q.q);
    query = query.where((eb) => eb.or([eb("calls.title", "ilike", like), eb("calls.title_fr", "ilike", like), eb("calls.description", "ilike", like)]));
  }
  if (q["includeIds[]"]?.length) query = query.where("calls.id", "in", q["includeIds[]"]);
  if (q["excludeIds[]"]?.length) query = query.where("calls.id", "not in", q["excludeIds[]"]);
  if (q.user_id) query = query.where("calls.user_id", "=", q.user_id);
  if (q["status[]"]?.length) query = query.where("calls.status", "in", q["status[]"]);

  const [{ total }] = await query.select(countTotal()).execute();
  const rows = await query
    .select(CALL_COLUMNS)
    .select(["owner.display_name as owner_display_name"])
    .orderBy(`calls.${q.sort_by}`, q.order)
    .orderBy("calls.id", q.order)
    .limit(q.per_page)
    .offset(offsetOf(q))
    .execute();
  const withInfra = q.includes.split(",").includes("available_infrastructures");
  const infra = withInfra ? await infrastructuresOf(db, rows.map((r) => r.id)) : undefined;
  return {
    data: rows.map((r) => present(r, infra ? (infra.get(r.id) ?? []) : undefined)),
    meta: pageMeta(q, total),
  };
}

/** Calls the public may see on `today`: announced (publish) or open, not yet closed. */
async function readOpenedCalls(db: Db, today: string) {
  const rows = await selectCalls(db)
    .where("calls.deleted_at", "is", null)
    .where("calls.status", "in", ["open", "publish"])
    .where("calls.close_at", ">=", today)
    .orderBy("calls.close_at", "asc")
    .orderBy("calls.id", "asc")
    .execute();
  const infra = await infrastructuresOf(db, rows.map((r) => r.id));
  return rows.map((r) => present(r, infra.get(r.id) ?? [], today));
}
type OpenedCalls = Awaited<ReturnType<typeof readOpenedCalls>>;

// Every public page view and every dashboard reads the open calls: they are kept
// per database and per day (whether a call is listed and open depends on the
// day), until the next write (app/cache, ADR 018).

/** Calls the public may see: announced (publish) or open, not yet closed. The answer is shared: never change it. */
export function openedCalls(db: Db): Promise<OpenedCalls> {
  const today = todayIso();
  return keptUntilWrite(db, "calls-opened", () => readOpenedCalls(db, today), today);
}

export type CallMedium = { id: number; name: string; mime_type: string; size: number };

/** The call's files, one per collection (null when there is none). */
async function filesOf(db: Db, id: number): Promise<Record<CallFile, CallMedium | null>> {
  const linked = (await mediaOf(db, "call", [id])).get(String(id)) ?? [];
  const file = (collection: CallFile) => {
    const m = linked.find((l) => l.collection === collection);
    return m ? { id: m.id, name: m.name, mime_type: m.mime_type, size: m.size } : null;
  };
  return Object.fromEntries(CALL_FILES.map((c) => [c, file(c)])) as Record<CallFile, CallMedium | null>;
}

/** One call with its infrastructures and files; drafts and trashed calls are visible to the admin area only. */
export async function getCall(db: Db, id: number, adminView: boolean) {
  const row = await selectCalls(db)
    .where("calls.id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (!adminView && (row.status === "draft" || row.deleted_at !== null)) throw notFound();
  const [infra, files] = await Promise.all([infrastructuresOf(db, [row.id]), filesOf(db, row.id)]);
  return { ...present(row, infra.get(row.id) ?? []), ...files };
}

/** Live calls as `{ label: title, value: id }`, newest first, for pickers and filters. */
// The staff's filters and forms list the calls on every view (the admin list of
// applications): kept like the open calls, until the next write.
type CallOptions = Awaited<ReturnType<typeof readCallOptions>>;

/** Live calls as `{ label: title, value: id }`, newest first, a page of them. The answer is shared: never change it. */
export function callOptions(db: Db, page: number, perPage: number): Promise<CallOptions> {
  return keptUntilWrite(db, `call-options\u0000${page}/${perPage}`, () => readCallOptions(db, page, perPage));
}

async function readCallOptions(db: Db, page: number, perPage: number) {
  const base = db.selectFrom("calls").where("deleted_at", "is", null);
  const { total } = await base.select(countTotal()).executeTakeFirstOrThrow();
  const rows = await base.select(["id", "title"]).orderBy("id", "desc").limit(perPage).offset((page - 1) * perPage).execute();
  return { data: rows.map((r) => ({ label: r.title, value: r.id })), meta: { page, per_page: perPage, total } };
}
