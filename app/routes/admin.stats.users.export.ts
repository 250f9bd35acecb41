import { users } from "~/api/stats/users.contract";
import { statsExportLoader } from "~/forms/stats-export.server";

/** /admin/stats/users/export?export=csv|xlsx&<the statistics filter>: the users' table as a download. */
export const loader = statsExportLoader("/admin/stats/users", users);
