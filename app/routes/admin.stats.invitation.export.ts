import * as invitations from "~/api/invitations/contract";
import { statsExportLoader } from "~/forms/stats-export.server";

/**
 * /admin/stats/invitation/export?export=csv|xlsx&q=&date_from=&date_to=: every
 * matching invitation as a download from the API (the session's token never
 * appears in a URL); the operation reads only those of the statistics filter.
 */
export const loader = statsExportLoader("/admin/stats/invitation", invitations.report);
