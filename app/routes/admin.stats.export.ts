import { report } from "~/api/stats/report-contract";
import { statsExportLoader } from "~/forms/stats-export.server";

/** /admin/stats/export?export=csv|xlsx&<the statistics filter>: the ranking table as a download. */
export const loader = statsExportLoader("/admin/stats", report);
