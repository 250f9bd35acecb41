// What public pages show and rarely changes (the settings, the published pages of
// the menu and footer, the open calls with their infrastructures) is kept in
// memory rather than read per request (DESIGN.md §9): by the API
// (settings.server.ts, calls/calls.server.ts) and by the UI's root and
// page loaders (app/lib/content-cache.server.ts). This counter is how those
// caches learn of a save: a save of the settings, of a page, of a call or of an
// infrastructure (or a user's display name, which the calls show as owner) bumps
// it in its own process and, through the cluster primary (server/start.ts relays
// the message), in every sibling web process, so the next page anywhere reads
// afresh; an entry made at an older count is not used. Nothing is read from the
// database to check (ADR 017, 018). Other instances on the same database, and a
// UI deployed apart from its API (API_URL), do not hear of a save: the caches'
// short lifetime (CONTENT_TTL_MS) bounds that staleness.
import cluster from "node:cluster";
import type { EventEmitter } from "node:events";
import { siblingChannel, type SiblingChannel } from "~/lib/sibling-messages.server";

/** How long a cached entry may serve without hearing of a save. */
export const CONTENT_TTL_MS = 10_000;

const channel = siblingChannel("ta-portal:content-changed");

let version = 0;

/** Bumped by every save of what the caches keep (see above), here or in a sibling web process. */
export const contentVersion = (): number => version;

/** A save of something the caches keep was committed: caches here and in the sibling web processes read afresh. */
export function contentChanged(): void {
  version++;
  channel.announce();
}

/** An answer kept by `keptUntilSaved`: the count it was read at, when, and for what stamp (e.g. the day). */
export interface Kept<T = unknown> {
  seen: number;
  at: number;
  stamp: string;
  value: Promise<T>;
}

/** Where kept answers live: a Map by name, or a WeakMap by database. */
interface KeptStore<K, T> {
  get(key: K): Kept<T> | undefined;
  set(key: K, entry: Kept<T>): unknown;
  delete(key: K): unknown;
}

/**
 * `read()`'s answer, kept in `store` under `key` until a save anywhere
 * (contentChanged), for at most CONTENT_TTL_MS, and only for the same `stamp`
 * (what else the answer depends on, such as today's date). A read that a save
 * overtakes is kept at the count before it, so it is not used again;
 * concurrent misses share one read; a failed read is not kept. Answers are
 * shared: never change them.
 */
export function keptUntilSaved<K, T>(store: KeptStore<K, T>, key: K, read: () => Promise<T>, stamp = ""): Promise<T> {
  const hit = store.get(key);
  const now = Date.now();
  if (hit && hit.seen === version && hit.stamp === stamp && now - hit.at < CONTENT_TTL_MS) return hit.value;
  const entry: Kept<T> = { seen: version, at: now, stamp, value: read() };
  store.set(key, entry);
  entry.value.catch(() => {
    if (store.get(key) === entry) store.delete(key);
  });
  return entry.value;
}

/** How many answers one keptPerDatabase store holds; beyond, it starts again (a client paging far). */
const MAX_KEPT_PER_DATABASE = 100;

/**
 * keptUntilSaved for answers that depend on their database and on a key (such
 * as a page of an option list): one store per database in `stores`.
 */
export function keptPerDatabase<D extends object, T>(stores: WeakMap<D, Map<string, Kept<T>>>, db: D, key: string, read: () => Promise<T>): Promise<T> {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new Map()));
  if (store.size >= MAX_KEPT_PER_DATABASE && !store.has(key)) store.clear();
  return keptUntilSaved(store, key, read);
}

/** A web process hears of the saves its siblings made (the primary passes them on). */
export const listenToSiblings = (parent: Pick<EventEmitter, "on">): void => channel.listen(parent, () => version++);

/** The cluster primary passes a web process's save on to the other web processes. */
export const relaySaves: SiblingChannel["relay"] = (primary) => channel.relay(primary);

if (cluster.isWorker) listenToSiblings(process);
