import { project } from "~/api/stats/project-contract";
import { statsExportLoader } from "~/forms/stats-export.server";

/** /admin/stats/project/export?export=csv|xlsx&<the statistics filter>: the project statistics as one table (a Dimension column) to download. */
export const loader = statsExportLoader("/admin/stats/project", project);
