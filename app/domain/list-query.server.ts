// What every admin list shares on the way to SQL: text search, the trash
// filter and paging. The filters and sort columns stay with each service.
import { sql, type CompiledQuery, type Expression, type SqlBool } from "kysely";
import { dataVersion } from "~/db/data-version.server";

/** `%q%` for ilike, with the user's own wildcards taken literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The tables whose rows go to the trash (deleted_at) rather than away. */
export type SoftDeletable = "calls" | "infrastructures" | "pages" | "documents";

/**
 * The list's `trashed` filter on a soft-deleted table: live rows by default,
 * `with` adds the trashed ones, `only` shows nothing else.
 */
export function trashedFilter(column: `${SoftDeletable}.deleted_at`, trashed: "with" | "only" | undefined): Expression<SqlBool> {
  if (trashed === "with") return sql<SqlBool>`true`;
  return trashed === "only" ? sql<SqlBool>`${sql.ref(column)} is not null` : sql<SqlBool>`${sql.ref(column)} is null`;
}

/** `count(*)` as a number, selected as `total`. */
export const countTotal = () => sql<number>`count(*)::int`.as("total");

export interface Paging {
  page: number;
  per_page: number;
}

/** How many rows the requested page skips. */
export const offsetOf = (q: Paging) => (q.page - 1) * q.per_page;

/** The `meta` of a paged answer. */
export const pageMeta = (q: Paging, total: number) => ({ page: q.page, per_page: q.per_page, total });

/** How long a kept count serves without hearing of a write (a write in another instance on the same database). */
export const COUNT_TTL_MS = 10_000;
/** How many counts one database keeps; beyond, it starts again. */
const MAX_COUNTS = 500;

interface KeptCount {
  seen: number;
  at: number;
  value: Promise<number>;
}
const counts = new WeakMap<object, Map<string, KeptCount>>();

/**
 * The `total` of a count query (countTotal), kept until the next write to the
 * database anywhere in this instance (dataVersion), for at most COUNT_TTL_MS:
 * a staff list counts every match for its paging on each page, and the count
 * is most of what the database does for it (ADR 030). Keyed by the query's SQL
 * and parameters, so each filter and each reader's scope has its own; a count
 * that a write overtakes is not used again; a failed one is not kept.
 */
export function keptCount(db: object, query: { compile(): CompiledQuery; executeTakeFirstOrThrow(): Promise<{ total: number }> }): Promise<number> {
  let store = counts.get(db);
  if (!store) counts.set(db, (store = new Map()));
  const compiled = query.compile();
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const now = Date.now();
  const hit = store.get(key);
  if (hit && hit.seen === dataVersion() && now - hit.at < COUNT_TTL_MS) return hit.value;
  if (store.size >= MAX_COUNTS) store.clear();
  const entry: KeptCount = { seen: dataVersion(), at: now, value: query.executeTakeFirstOrThrow().then((r) => r.total) };
  store.set(key, entry);
  entry.value.catch(() => {
    if (store.get(key) === entry) store.delete(key);
  });
  return entry.value;
}
