// The application ranking of the statistics (GET /api/applications/report,
// docs/api.md#statistics): its parts (`aggs[]`) and the panel's
// recommendation as one word. Free of server code: the screen reads it too.

/** What the report can answer, one field each: the chart's means per call, the full table per call, and all calls together. */
export const REPORT_AGGS = ["application_ranking", "application_ranking_table", "overall_ranking"] as const;
export type ReportAgg = (typeof REPORT_AGGS)[number];

/** The most applications a ranking in the report's JSON may be cut to (`top`); without `top` it holds them all. */
export const RANKING_TOP_MAX = 10_000;

/**
 * The panel's recommendation of an application: pending until it is complete
 * (ta_recommendation_complete), then recommended when it recommends at least
 * one of the requested infrastructures, else not recommended.
 */
export const RECOMMENDATIONS = ["recommended", "not-recommended", "pending"] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
