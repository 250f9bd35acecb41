// The report's parts (issue 12 §2–§5), one route each under
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
