// Answers kept until the next write to their database (ADR 030): the staff
// lists' counts, a call's ranking. Any write through the portal's pools, here
// or in a sibling web process, ends them (data-version.server.ts); a write the
// portal did not make (another instance, a change by hand) only their lifetime.
import { keptWhile, storeOf, type Kept } from "~/lib/kept.server";
import { dataVersion } from "./data-version.server";

/** How long a kept answer serves without hearing of a write. */
export const KEPT_TTL_MS = 10_000;
/** How many answers one database keeps; beyond, it starts again. */
const MAX_KEPT = 500;

const stores = new WeakMap<object, Map<string, Kept<unknown>>>();

/**
 * `read()`'s answer for `key` in `db`, kept until the data version changes, for
 * at most KEPT_TTL_MS (keptWhile). Answers are shared: never change them.
 */
export function keptUntilWrite<T>(db: object, key: string, read: () => Promise<T>): Promise<T> {
  const store = storeOf(stores, db, key, MAX_KEPT) as Map<string, Kept<T>>;
  return keptWhile(store, key, read, { version: dataVersion, ttlMs: KEPT_TTL_MS });
}
