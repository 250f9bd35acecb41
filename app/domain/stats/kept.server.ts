// The statistics answers, kept in memory until the next write to the database
// (app/cache/kept.server.ts), per screen and filter, for STATS_TTL_MS at most:
// docs/decisions/039-statistics-kept-until-a-write.md. Ten editors opening the
// same screen share one reading of the aggregates; a write through any instance
// of the portal ends every kept answer (the data version, which the instances
// share over PostgreSQL), so a figure is never older than the last change made
// through the portal.
import { keptWhile, storeOf, type Kept } from "~/cache/kept.server";
import { dataVersion } from "~/db/data-version.server";
import { todayIso } from "../dates";

/**
 * How many answers one database keeps (beyond, it starts again): a large
 * programme's ranking holds every matching application, some megabytes, so
 * fewer than the small answers the other caches keep.
 */
export const STATS_KEPT_MAX = 24;

/**
 * How long an answer is kept when nothing is written through the portal: what
 * a change made by hand in the database may leave unseen. Longer than the
 * other caches' lifetime (CACHE_TTL_MS) because an answer costs seconds at
 * 100 000 applications and every instance's writes end it at once; shorter
 * than a meeting, so a figure corrected by hand shows before it ends.
 */
export const STATS_TTL_MS = 5 * 60_000;

const stores = new WeakMap<object, Map<string, Kept<unknown>>>();

/** The same key whatever the order of the query's fields and of a list's values (status[] is a set). */
export function statsKey(screen: string, query: object): string {
  const canonical = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => [name, Array.isArray(value) ? [...value].map(String).sort() : value] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${screen}\u0000${JSON.stringify(canonical)}`;
}

/**
 * `read()`'s answer for `screen` and `query` (the filter and the screen's own
 * parameters), kept until the data version changes, for at most STATS_TTL_MS
 * after it came (an aggregation of a large programme can take longer than
 * that), and only on the day it was read (late evaluations, the calendar).
 * Concurrent misses share one reading. Shared: never change it.
 */
export function statsKept<T>(db: object, screen: string, query: object, read: () => Promise<T>): Promise<T> {
  const key = statsKey(screen, query);
  const store = storeOf(stores, db, key, STATS_KEPT_MAX) as Map<string, Kept<T>>;
  return keptWhile(store, key, read, { version: dataVersion, ttlMs: STATS_TTL_MS, stamp: todayIso(), agedFromAnswer: true });
}
