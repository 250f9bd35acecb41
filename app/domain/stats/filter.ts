// The filter every statistics screen shares (docs/data.md#list-filters): the
// applications it counts and, as the screens' URLs carry it, less any value
// the API would refuse (a stale or hand-edited URL shows the screen without
// that value, never an error page). Free of zod so the screens ship it to the
// browser at no cost; the API's schema is query.server.ts.
import type { ApplicationStatus } from "../applications/status";
import { urlFilters } from "../admin-applications/url-filters";

/** The statuses the statistics count when the filter names none (docs/data.md#list-filters). */
export const STATS_DEFAULT_STATUSES = [
  "under-evaluation", "accepted", "rejected", "withdrawn", "granted", "reporting", "reported",
] as const satisfies readonly ApplicationStatus[];

/** The decisions a success rate counts: these succeeded; with `rejected`, they are the decided applications. */
export const SUCCESS_STATUSES = ["granted", "accepted", "reporting", "reported"] as const satisfies readonly ApplicationStatus[];
export const DECIDED_STATUSES = [...SUCCESS_STATUSES, "rejected"] as const satisfies readonly ApplicationStatus[];

/** The statistics filter as a screen's URL carries it (the staff list's reading, its other parameters left out). */
export function statsUrlFilters(params: URLSearchParams) {
  const f = urlFilters(params);
  return {
    q: f.q,
    "call_id[]": f["call_id[]"],
    "discipline[]": f["discipline[]"],
    "infrastructure[]": f["infrastructure[]"],
    "status[]": f["status[]"],
    "exclude_status[]": f["exclude_status[]"],
    date_from: f.date_from,
    date_to: f.date_to,
    allsub: f.allsub,
  };
}
export type StatsUrlFilters = ReturnType<typeof statsUrlFilters>;

/** The key indicators (GET /api/stats/key), in the order the screen and the downloads show them. */
export const KEY_INDICATORS = [
  "calls", "applications", "success_rate", "applicants", "members", "countries", "units_delivered", "median_days_to_decision", "median_days_to_grant",
] as const;
export type KeyIndicator = (typeof KEY_INDICATORS)[number];
