// Answers kept in memory until the next write to the database (the data
// version, app/db/data-version.server.ts: any write or commit here or in a
// sibling web process) and for CACHE_TTL_MS at most: the one mechanism of
// every cache of the portal (docs/decisions/012-one-user-resolution-per-page-request.md).
// keptUntilWrite keeps answers per database by name; keptUntilWriteIn keeps
// them in a store of the caller's (one answer per database, the UI's shared answers).
import { dataVersion } from "~/db/data-version.server";
import { CACHE_TTL_MS } from "./lifetime";
import { keptLookups } from "~/lib/metrics.server";

/** A kept answer: the version it was read at, when, and for what stamp (e.g. the day). */
export interface Kept<T = unknown> {
  seen: number;
  at: number;
  stamp: string;
  value: Promise<T>;
}

/** Where kept answers live: a Map by name, or a WeakMap by database. */
export interface KeptStore<K, T> {
  get(key: K): Kept<T> | undefined;
  set(key: K, entry: Kept<T>): unknown;
  delete(key: K): unknown;
}

/**
 * `read()`'s answer, kept in `store` under `key` while `version()` is the one it
 * was read at, for at most `ttlMs`, and only for the same `stamp`. A read that
 * a change overtakes is kept at the version before it, so it is not used again;
 * concurrent misses share one read; a failed read is not kept. With
 * `agedFromAnswer`, the lifetime counts from when the answer came, not from
 * when it was asked for: a read slower than the lifetime (the statistics of a
 * large programme under load) is still used. Answers are shared: never change them.
 */
export function keptWhile<K, T>(
  store: KeptStore<K, T>, key: K, read: () => Promise<T>,
  { version, ttlMs, stamp = "", agedFromAnswer = false }: { version: () => number; ttlMs: number; stamp?: string; agedFromAnswer?: boolean },
): Promise<T> {
  const hit = store.get(key);
  const now = Date.now();
  if (hit && hit.seen === version() && hit.stamp === stamp && now - hit.at < ttlMs) {
    keptLookups.inc({ result: "hit" });
    return hit.value;
  }
  keptLookups.inc({ result: "miss" });
  const entry: Kept<T> = { seen: version(), at: now, stamp, value: read() };
  store.set(key, entry);
  entry.value.then(
    () => {
      if (agedFromAnswer) entry.at = Date.now();
    },
    () => {
      if (store.get(key) === entry) store.delete(key);
    },
  );
  return entry.value;
}

/** The store of `db` in `stores`, made on first use; emptied when it holds `max` answers and `key` is a new one. */
export function storeOf<D extends object, T>(stores: WeakMap<D, Map<string, Kept<T>>>, db: D, key: string, max: number): Map<string, Kept<T>> {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new Map()));
  if (store.size >= max && !store.has(key)) store.clear();
  return store;
}

/** How many answers one database keeps; beyond, it starts again (a client paging far, many calls). */
const MAX_KEPT = 500;

const stores = new WeakMap<object, Map<string, Kept<unknown>>>();

/**
 * `read()`'s answer for `key` in `db`, kept until the data version changes, for
 * at most CACHE_TTL_MS, and only for the same `stamp` (what else the answer
 * depends on, such as today's date). Answers are shared: never change them.
 */
export function keptUntilWrite<T>(db: object, key: string, read: () => Promise<T>, stamp = ""): Promise<T> {
  const store = storeOf(stores, db, key, MAX_KEPT) as Map<string, Kept<T>>;
  return keptWhile(store, key, read, { version: dataVersion, ttlMs: CACHE_TTL_MS, stamp });
}

/**
 * keptUntilWrite with a store of its own, bounded to `max` answers per database:
 * for answers kept per person (their grants, their to-do list), so that many
 * people do not push the shared answers out of keptUntilWrite's store.
 */
export function keptUntilWriteBy<T>(max: number): (db: object, key: string, read: () => Promise<T>, stamp?: string) => Promise<T> {
  const own = new WeakMap<object, Map<string, Kept<T>>>();
  return (db, key, read, stamp = "") => keptUntilWriteIn(storeOf(own, db, key, max), key, read, stamp);
}

/** keptUntilWrite in the caller's own `store` (e.g. one answer per database in a WeakMap). */
export function keptUntilWriteIn<K, T>(store: KeptStore<K, T>, key: K, read: () => Promise<T>, stamp = ""): Promise<T> {
  return keptWhile(store, key, read, { version: dataVersion, ttlMs: CACHE_TTL_MS, stamp });
}

const forGood = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * `read()`'s answer for `key` in `db`, kept while the process runs: for what
 * changes only with the seeds or a migration (the lookup lists, the
 * countries), which run before the portal serves. Concurrent misses share one
 * read; a failed read is forgotten and tried again next time. Shared: never change it.
 */
export function keptWhileRunning<T>(db: object, key: string, read: () => Promise<T>): Promise<T> {
  let store = forGood.get(db);
  if (!store) forGood.set(db, (store = new Map()));
  let answer = store.get(key) as Promise<T> | undefined;
  if (!answer) {
    const mine = (answer = read());
    store.set(key, mine);
    mine.catch(() => {
      if (store.get(key) === mine) store.delete(key);
    });
  }
  return answer;
}

/** Forgets every answer kept for `db`, those kept while running included (a test that changed seeded rows). */
export function forgetKept(db: object): void {
  forGood.delete(db);
  stores.delete(db);
}
