import { evaluations } from "~/api/stats/evaluations-contract";
import { EVALUATION_TABLES } from "~/domain/stats/evaluations";
import { statsExportLoader, tableParam } from "~/forms/stats-export.server";

/** /admin/stats/evaluations/export?export=csv|xlsx&table=workload|scores|agreement&<the filter>: one of the tables as a download from the API. */
export const loader = statsExportLoader("/admin/stats/evaluations", evaluations, tableParam(EVALUATION_TABLES, "workload"));
