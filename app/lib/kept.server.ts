// Answers kept in memory until something they depend on may have changed: the
// content version (saves of settings, pages, calls: ADR 017) or the data
// version (any write: ADR 030), and for a lifetime at most. One mechanism for
// both: content-version.server.ts and kept-until-write.server.ts name the
// version and the lifetime.

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
 * concurrent misses share one read; a failed read is not kept. Answers are
 * shared: never change them.
 */
export function keptWhile<K, T>(store: KeptStore<K, T>, key: K, read: () => Promise<T>, { version, ttlMs, stamp = "" }: { version: () => number; ttlMs: number; stamp?: string }): Promise<T> {
  const hit = store.get(key);
  const now = Date.now();
  if (hit && hit.seen === version() && hit.stamp === stamp && now - hit.at < ttlMs) return hit.value;
  const entry: Kept<T> = { seen: version(), at: now, stamp, value: read() };
  store.set(key, entry);
  entry.value.catch(() => {
    if (store.get(key) === entry) store.delete(key);
  });
  return entry.value;
}

/** The store of `db` in `stores`, made on first use; emptied when it holds `max` answers and `key` is a new one. */
export function storeOf<D extends object, T>(stores: WeakMap<D, Map<string, Kept<T>>>, db: D, key: string, max: number): Map<string, Kept<T>> {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new Map()));
  if (store.size >= max && !store.has(key)) store.clear();
  return store;
}
