import { feedback } from "~/api/stats/feedback-contract";
import { FEEDBACK_TABLES } from "~/domain/stats/feedback";
import { statsExportLoader, tableParam } from "~/forms/stats-export.server";

/**
 * /admin/stats/feedback/export?export=csv|xlsx&table=scores|recommend|answers&<the
 * statistics filter>: one of the feedback tables as a download from the API
 * (the session's token never appears in a URL).
 */
export const loader = statsExportLoader("/admin/stats/feedback", feedback, tableParam(FEEDBACK_TABLES, "scores"));
