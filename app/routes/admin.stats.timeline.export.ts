import { timeline } from "~/api/stats/timeline-contract";
import { accessesStatusOf } from "~/domain/stats/timeline-filter";
import { statsExportLoader } from "~/forms/stats-export.server";

/**
 * /admin/stats/timeline/export?export=csv|xlsx&<the statistics filter>&accesses_status=…:
 * every access of the calendar as a download from the API (the session's token never appears in a URL).
 */
export const loader = statsExportLoader("/admin/stats/timeline", timeline, (params) => ({ accesses_status: accessesStatusOf(params) }));
