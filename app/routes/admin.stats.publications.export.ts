import { publications } from "~/api/stats/publications-contract";
import { PUBLICATION_TABLES } from "~/domain/stats/publications";
import { statsExportLoader, tableParam } from "~/forms/stats-export.server";

/**
 * /admin/stats/publications/export?export=csv|xlsx&table=list|year|type&<the
 * statistics filter>: one of the publications tables as a download from the API
 * (the session's token never appears in a URL).
 */
export const loader = statsExportLoader("/admin/stats/publications", publications, tableParam(PUBLICATION_TABLES, "list"));
