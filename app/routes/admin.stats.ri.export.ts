import { ri } from "~/api/stats/contract";
import { statsExportLoader } from "~/forms/stats-export.server";

/** /admin/stats/ri/export?export=csv|xlsx&<the statistics filter>: the table per infrastructure as a download from the API (the session's token never appears in a URL). */
export const loader = statsExportLoader("/admin/stats/ri", ri);
