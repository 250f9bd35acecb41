// Criteria as data: the seeded defaults, a call's own choice (call_criteria),
// and what the call form offers.
import type { Transaction } from "kysely";
import type { Db } from "~/db/database.server";
import { keptUntilWrite } from "~/cache/kept.server";
import type { Database } from "~/db/schema";
import { DEFAULT_CRITERIA, type Criterion } from "./criteria";

/** At start, idempotent: the four default criteria, found again by their key. */
export async function seedCriteria(db: Db): Promise<void> {
  await db
    .insertInto("criteria")
    .values(DEFAULT_CRITERIA.map((c, position) => ({ key: c.key, name: c.name, position })))
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

const DEFAULT_KEYS = DEFAULT_CRITERIA.map((c) => c.key);

async function defaults(db: Db): Promise<Criterion[]> {
  return db
    .selectFrom("criteria")
    .select(["id", "key", "name"])
    .where("key", "in", DEFAULT_KEYS)
    .where("deleted_at", "is", null)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** The criteria an application of the call is scored on: its own, or the defaults when it chose none. */
export function callCriteria(db: Db, callId: number): Promise<Criterion[]> {
  // Read by every review, evaluation and recommendation screen of the call: kept until the next write (ADR 030).
  return keptUntilWrite(db, `criteria\u0000${callId}`, () => readCallCriteria(db, callId));
}

async function readCallCriteria(db: Db, callId: number): Promise<Criterion[]> {
  const own = await db
    .selectFrom("call_criteria")
    .innerJoin("criteria", "criteria.id", "call_criteria.criterion_id")
    .select(["criteria.id", "criteria.key", "criteria.name"])
    .where("call_criteria.call_id", "=", callId)
    .orderBy("call_criteria.position")
    .orderBy("criteria.id")
    .execute();
  return own.length ? own : defaults(db);
}

/** GET /api/criteria: every live criterion, `chosen` when the call (or, without one, a new call) scores on it. */
export async function criteriaOptions(db: Db, callId?: number) {
  const [all, chosen] = await Promise.all([
    db.selectFrom("criteria").select(["id", "key", "name"]).where("deleted_at", "is", null).orderBy("position").orderBy("id").execute(),
    callId === undefined ? defaults(db) : callCriteria(db, callId),
  ]);
  const ids = new Set(chosen.map((c) => c.id));
  return { data: all.map((c) => ({ value: c.id, label: c.name, key: c.key, chosen: ids.has(c.id) })) };
}

/** Which of `ids` name no live criterion (the call form's reference check). */
export async function unknownCriteria(db: Db, ids: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const live = await db.selectFrom("criteria").select("id").where("id", "in", wanted).where("deleted_at", "is", null).execute();
  const found = new Set(live.map((r) => r.id));
  return wanted.filter((id) => !found.has(id));
}

/**
 * Replaces the call's criteria inside the call's save transaction. None sent:
 * the call scores on the defaults (no rows), so a call always has at least one.
 */
export async function saveCallCriteria(trx: Transaction<Database>, callId: number, ids: readonly number[] | undefined): Promise<void> {
  await trx.deleteFrom("call_criteria").where("call_id", "=", callId).execute();
  const chosen = [...new Set(ids ?? [])];
  if (chosen.length) {
    await trx.insertInto("call_criteria").values(chosen.map((criterion_id, position) => ({ call_id: callId, criterion_id, position }))).execute();
  }
}
