import type { LoaderFunctionArgs } from "@remix-run/node";
import { report } from "~/api/stats/report-contract";
import { ROUTE_RULES } from "~/domain/navigation";
import { statsExport } from "~/forms/stats-export.server";

/** /admin/stats/export?export=csv|xlsx&<the statistics filter>: the ranking table as a download. */
export const loader = ({ request }: LoaderFunctionArgs) => statsExport(request, ROUTE_RULES["/admin/stats"], report);
