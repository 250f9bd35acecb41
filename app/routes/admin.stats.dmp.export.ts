import { dmp } from "~/api/stats/dmp-contract";
import { statsExportLoader } from "~/forms/stats-export.server";

/** /admin/stats/dmp/export?export=csv|xlsx&<the statistics filter>: the data management plans as a download from the API (the session's token never appears in a URL). */
export const loader = statsExportLoader("/admin/stats/dmp", dmp);
