// What public pages show and rarely changes (the settings, the published pages of
// the menu and footer, the open calls with their infrastructures) is kept in
// memory rather than read per request (docs/budgets.md#per-request-work): by the API
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
import { keptWhile, storeOf, type Kept, type KeptStore } from "~/lib/kept.server";

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

export type { Kept };

/**
 * `read()`'s answer, kept in `store` under `key` until a save anywhere
 * (contentChanged), for at most CONTENT_TTL_MS, and only for the same `stamp`
 * (what else the answer depends on, such as today's date): keptWhile.
 */
export function keptUntilSaved<K, T>(store: KeptStore<K, T>, key: K, read: () => Promise<T>, stamp = ""): Promise<T> {
  return keptWhile(store, key, read, { version: contentVersion, ttlMs: CONTENT_TTL_MS, stamp });
}

/** How many answers one keptPerDatabase store holds; beyond, it starts again (a client paging far). */
const MAX_KEPT_PER_DATABASE = 100;

/**
 * keptUntilSaved for answers that depend on their database and on a key (such
 * as a page of an option list): one store per database in `stores`.
 */
export function keptPerDatabase<D extends object, T>(stores: WeakMap<D, Map<string, Kept<T>>>, db: D, key: string, read: () => Promise<T>): Promise<T> {
  return keptUntilSaved(storeOf(stores, db, key, MAX_KEPT_PER_DATABASE), key, read);
}

/** A web process hears of the saves its siblings made (the primary passes them on). */
export const listenToSiblings = (parent: Pick<EventEmitter, "on">): void => channel.listen(parent, () => version++);

/** The cluster primary passes a web process's save on to the other web processes. */
export const relaySaves: SiblingChannel["relay"] = (primary) => channel.relay(primary);

if (cluster.isWorker) listenToSiblings(process);
