import { evolutions } from "~/api/stats/evolutions-contract";
import { evolutionUrlFilters } from "~/domain/stats/evolutions";
import { statsExportLoader } from "~/forms/stats-export.server";

/** /admin/stats/proposal/export?export=csv|xlsx&<the filter, accesses_status, by>: the evolutions' table as a download from the API. */
export const loader = statsExportLoader("/admin/stats/proposal", evolutions, evolutionUrlFilters);
