// The filters of /admin/application as its URL carries them, less any value the
// API would refuse: a hand-edited or stale URL shows the list (without that
// value), never an error page. The screen, its download links and the export
// route read them here; the API still checks everything.
import { isApplicationStatus } from "../applications/status";
import { ACCESS_STATUSES } from "../applications/access-status";
import { isDay } from "../dates";
import { idFromText, PAGE_MAX } from "../ids";
import { RI_STATUSES } from "../ri-decisions/rules";
import {
  EVALUATION_STATUSES, FILTER_LIST_MAX, REVIEW_STATUSES, SEARCH_MAX, SORT_COLUMNS, type SortColumn,
} from "./columns";

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;

export function urlFilters(params: URLSearchParams) {
  const list = (key: string, ok: (v: string) => boolean) => {
    const values = [...new Set(params.getAll(key).flatMap((v) => v.split(",")))].filter((v) => v !== "" && !v.includes("\u0000") && ok(v)).slice(0, FILTER_LIST_MAX);
    return values.length ? values : undefined;
  };
  const ids = (key: string) => list(key, (v) => idFromText(v) !== undefined);
  // The API refuses NUL (400): it can never be in a stored text anyway.
  const q = params.get("q")?.replace(/\u0000/g, "").trim().slice(0, SEARCH_MAX);
  const dateFrom = isDay(params.get("date_from")) ? params.get("date_from")! : undefined;
  const dateTo = isDay(params.get("date_to")) && (!dateFrom || dateFrom <= params.get("date_to")!) ? params.get("date_to")! : undefined;
  const page = Number(params.get("page"));
  return {
    q: q || undefined,
    "status[]": list("status[]", isApplicationStatus),
    "exclude_status[]": list("exclude_status[]", isApplicationStatus),
    "discipline[]": list("discipline[]", (v) => v.length <= SEARCH_MAX),
    "call_id[]": ids("call_id[]"),
    "infrastructure[]": ids("infrastructure[]"),
    evaluation_status: pick(params.get("evaluation_status"), EVALUATION_STATUSES),
    review_status: pick(params.get("review_status"), REVIEW_STATUSES),
    ri_status: pick(params.get("ri_status"), RI_STATUSES),
    accesses_status: pick(params.get("accesses_status"), ACCESS_STATUSES),
    allsub: pick(params.get("allsub"), ["1"] as const),
    date_from: dateFrom,
    date_to: dateTo,
    trashed: pick(params.get("trashed"), ["with", "only"] as const),
    sort_by: pick(params.get("sort_by"), SORT_COLUMNS) ?? ("id" as SortColumn),
    order: pick(params.get("order"), ["asc", "desc"] as const) ?? "desc",
    page: Number.isInteger(page) && page > 1 && page <= PAGE_MAX ? page : undefined,
  };
}
export type UrlFilters = ReturnType<typeof urlFilters>;
/** The filters as the screen gets them back from its loader (undefined values dropped). */
export type ScreenFilters = Partial<UrlFilters> & Pick<UrlFilters, "sort_by" | "order">;

/** The filters as a query string (the download links, the statistics' too): repeated keys for lists, no page. */
export function filterSearch(f: Partial<Record<string, string | number | readonly string[] | undefined>>, extra: Record<string, string> = {}): string {
  const out = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(f)) {
    if (key === "page" || value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => out.append(key, v));
    else out.set(key, String(value));
  }
  return out.toString();
}
