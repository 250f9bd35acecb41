import type { LoaderFunctionArgs } from "@remix-run/node";
import { project } from "~/api/stats/project-contract";
import { ROUTE_RULES } from "~/domain/navigation";
import { statsExport } from "~/forms/stats-export.server";

/** /admin/stats/project/export?export=csv|xlsx&<the statistics filter>: the project statistics as one table (a Dimension column) to download. */
export const loader = ({ request }: LoaderFunctionArgs) => statsExport(request, ROUTE_RULES["/admin/stats/project"], project);
