import { key } from "~/api/stats/contract";
import { statsExportLoader } from "~/forms/stats-export.server";

/** /admin/stats/key/export?export=csv|xlsx&<the statistics filter>: the key indicators as a download from the API (the session's token never appears in a URL). */
export const loader = statsExportLoader("/admin/stats/key", key);
