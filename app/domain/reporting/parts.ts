// The report's parts (docs/lifecycle.md#reporting), one route each under
// /application/{id}/report/…, like the wizard's steps: what was done, the
// accesses used, the documents, the feedback survey, the publications (only
// when asked for) and the summary with the submit button. Pure and zod-free:
// the step list ships to the browser.

export const REPORT_PARTS = ["activity", "accesses", "documents", "feedback", "publications", "submit"] as const;
export type ReportPart = (typeof REPORT_PARTS)[number];

/** What decides which parts an application's report has. */
export interface ReportAsks {
  /** The publications setting is yes and the call's new_publications switch asks for them. */
  publications: boolean;
  /** The data-management-plan setting is yes and the call's data_management_plan switch is on. */
  dataManagementPlan: boolean;
}

/** The parts of one report, in order (publications only when asked for). */
export const partsOf = (asks: ReportAsks): ReportPart[] => REPORT_PARTS.filter((p) => p !== "publications" || asks.publications);

export const isReportPart = (v: string): v is ReportPart => (REPORT_PARTS as readonly string[]).includes(v);

/** The report's fields by part (zod-free, for the screens; report-bodies.ts has their schemas). */
export const SCORE_FIELDS = ["quantitative_feedback_coordination", "quantitative_feedback_infrastructure", "quantitative_feedback_overall"] as const;
export const FEEDBACK_TEXTS = ["text_feedback_coordination", "text_feedback_infrastructure", "text_feedback_overall"] as const;
export const ACTIVITY_TEXTS = ["season_objectives", "achievements_and_difficulties"] as const;

/** A publication's types (publication_type, docs/data.md#report-and-feedback), translated on screen. */
export const PUBLICATION_TYPES = ["article", "book", "book-chapter", "conference-paper", "thesis", "dataset", "report", "other"] as const;
/** The most publications one application lists. */
export const PUBLICATIONS_MAX = 100;
