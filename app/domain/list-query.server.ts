// What every admin list shares on the way to SQL: text search, the trash
// filter and paging. The filters and sort columns stay with each service.
import { sql, type Expression, type SqlBool } from "kysely";

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
