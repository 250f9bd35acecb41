// What every admin list shares on the way to SQL: text search, the trash
// filter and paging. The filters and sort columns stay with each service.
import { sql, type CompiledQuery, type Expression, type SqlBool } from "kysely";
import { keptUntilWrite } from "~/cache/kept.server";

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

/**
 * The `total` of a count query (countTotal), kept until the next write
 * (keptUntilWrite): a staff list counts every match for its paging on each
 * page, and the count is most of what the database does for it (ADR 030).
 * Keyed by the query's SQL and parameters, so each filter and each reader's
 * scope has its own.
 */
export function keptCount(db: object, query: { compile(): CompiledQuery; executeTakeFirstOrThrow(): Promise<{ total: number }> }): Promise<number> {
  const compiled = query.compile();
  return keptUntilWrite(db, `count\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`, () => query.executeTakeFirstOrThrow().then((r) => r.total));
}
