import { projectFinancial } from "~/api/stats/project-financial.contract";
import { statsExportLoader } from "~/forms/stats-export.server";

/** /admin/stats/project-financial/export?export=csv|xlsx&<the statistics filter>: the costs' table as a download. */
export const loader = statsExportLoader("/admin/stats/project-financial", projectFinancial);
