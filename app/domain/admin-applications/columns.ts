// The staff list of applications (/admin/application, GET /api/applications
// for the admin area): its filter values and sortable columns. Free of zod so
// the screen ships them to the browser at no cost.
export const SORT_COLUMNS = ["id", "acronym", "title", "applicant", "call", "infrastructures", "status", "evaluations", "updated_at"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

/** Evaluation status (docs/lifecycle.md#other-statuses): from applications.evaluation_complete. */
export const EVALUATION_STATUSES = ["not_evaluated", "evaluated"] as const;
/** Review status (docs/lifecycle.md#other-statuses): watchdog reviews submitted or not; `all` filters nothing. */
export const REVIEW_STATUSES = ["submit", "pending", "all"] as const;
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
/**
 * What a row of the list includes besides its columns: the applicant (owner,
 * the default), its accesses (those in accesses_status, default proposed) and
 * its status history.
 */
export const LIST_INCLUDES = ["owner", "accesses", "history"] as const;
export type ListInclude = (typeof LIST_INCLUDES)[number];
export const DEFAULT_INCLUDES: readonly ListInclude[] = ["owner"];
/** The accesses a row includes when the query names no accesses_status. */
export const DEFAULT_ACCESSES_STATUS = "proposed" as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The most values one list filter (status[], call_id[]…) takes. */
export const FILTER_LIST_MAX = 100;
/** The longest search text. */
export const SEARCH_MAX = 255;
/** The page size (docs/api.md#lists); a page holds at most 100. */
export const PAGE_SIZE = 20;
export const PER_PAGE_MAX = 100;

/** The query parameters of the list, as the screen passes them on (and the download links carry). */
export const FILTER_KEYS = [
  "q", "status[]", "exclude_status[]", "discipline[]", "call_id[]", "infrastructure[]", "evaluation_status", "review_status", "ri_status",
  "accesses_status", "allsub", "date_from", "date_to", "trashed", "sort_by", "order",
] as const;
