import { PAGE_MAX } from "~/domain/id-rules";

/** A page number as the API takes it (1 to PAGE_MAX), else undefined: a hand-edited `?page=abc` shows page 1, not an error. */
export function pageParam(value: string | null | undefined): string | undefined {
  return value && /^[1-9]\d{0,6}$/.test(value) && Number(value) <= PAGE_MAX ? value : undefined;
}

/**
 * The list parameters of a screen's URL, passed on to the API as they are:
 * only the named keys travel, and repeated keys (status[]) stay repeated.
 * A page number that is not one is dropped (page 1).
 */
export function listQuery(request: Request, keys: string[]): Record<string, string | string[]> {
  const params = new URL(request.url).searchParams;
  const out: Record<string, string | string[]> = {};
  for (const key of keys) {
    const values = params.getAll(key).filter((v) => v !== "" && (key !== "page" || pageParam(v)));
    if (values.length === 0) continue;
    out[key] = key.endsWith("[]") ? values : values[values.length - 1];
  }
  return out;
}

/**
 * What a list screen reads back from its query: the current sort (defaulting
 * to newest first by id) and the single-valued filters, for the filter form
 * and the sort headers.
 */
export function listView(query: Record<string, string | string[]>) {
  const text = (key: string) => (typeof query[key] === "string" ? (query[key] as string) : undefined);
  return { sortBy: text("sort_by") ?? "id", order: query.order === "asc" ? ("asc" as const) : ("desc" as const), text };
}

/** The value when it is one of those allowed, else undefined. */
export const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined => (allowed.includes(value as T) ? (value as T) : undefined);

/**
 * The filters every admin list with a trash reads from its query, less any
 * value the API would refuse (a hand-edited URL shows the list, not an
 * error): the search (at most 255 characters), the trash filter, the sort (a
 * sortable column, else the list's default) and the page.
 */
export function listFilters<Column extends string>(
  query: Record<string, string | string[]>,
  sort: { columns: readonly Column[]; by: Column; order: "asc" | "desc" },
) {
  return {
    q: typeof query.q === "string" ? query.q.slice(0, 255) : undefined,
    trashed: oneOf(query.trashed, ["with", "only"] as const),
    sort_by: oneOf(query.sort_by, sort.columns) ?? sort.by,
    order: oneOf(query.order, ["asc", "desc"] as const) ?? sort.order,
    page: typeof query.page === "string" ? query.page : undefined,
  };
}
