import { funderReport } from "~/api/stats/funder-report-contract";
import { statsExportLoader } from "~/forms/stats-export.server";

/** /admin/stats/funder-report/export?export=csv|xlsx&<the statistics filter>: the funder report (its workbook, or its main table as CSV) as a download from the API (the session's token never appears in a URL). */
export const loader = statsExportLoader("/admin/stats/funder-report", funderReport);
