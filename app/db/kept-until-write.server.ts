// Answers kept until the next write to their database (ADR 030): the staff
// lists' counts, a call's ranking. Any write through the portal's pools, here
// or in a sibling web process, ends them (data-version.server.ts); a write the
// portal did not make (another instance, a change by hand) only their lifetime.
import { dataVersion } from "./data-version.server";

/** How long a kept answer serves without hearing of a write. */
export const KEPT_TTL_MS = 10_000;
/** How many answers one database keeps; beyond, it starts again. */
const MAX_KEPT = 500;

interface Kept<T> {
  seen: number;
  at: number;
  value: Promise<T>;
}
const stores = new WeakMap<object, Map<string, Kept<unknown>>>();

/**
 * `read()`'s answer for `key` in `db`, kept until the data version changes, for
 * at most KEPT_TTL_MS. An answer that a write overtakes is not used again (it
 * is kept at the version it started at); concurrent misses share one read; a
 * failed read is not kept. Answers are shared: never change them.
 */
export function keptUntilWrite<T>(db: object, key: string, read: () => Promise<T>): Promise<T> {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new Map()));
  const now = Date.now();
  const hit = store.get(key) as Kept<T> | undefined;
  if (hit && hit.seen === dataVersion() && now - hit.at < KEPT_TTL_MS) return hit.value;
  if (store.size >= MAX_KEPT && !store.has(key)) store.clear();
  const entry: Kept<T> = { seen: dataVersion(), at: now, value: read() };
  store.set(key, entry);
  entry.value.catch(() => {
    if (store.get(key) === entry) store.delete(key);
  });
  return entry.value;
}
