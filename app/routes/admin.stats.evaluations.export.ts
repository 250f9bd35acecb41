import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import { evaluations } from "~/api/stats/evaluations-contract";
import { requireAccess } from "~/auth/user.server";
import { EXPORT_FORMATS, type ExportFormat } from "~/domain/admin-applications/columns";
import { ROUTE_RULES } from "~/domain/navigation";
import { EVALUATION_TABLES, type EvaluationTable } from "~/domain/stats/evaluations";
import { statsUrlFilters } from "~/domain/stats/filter";
import { passFileOn } from "~/lib/file-response.server";

/** /admin/stats/evaluations/export?export=csv|xlsx&table=workload|scores|agreement&<the filter>: one of the tables as a download from the API. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/evaluations"]);
  const params = new URL(request.url).searchParams;
  const format = params.get("export") as ExportFormat;
  const table = (params.get("table") ?? "workload") as EvaluationTable;
  if (!EXPORT_FORMATS.includes(format) || !EVALUATION_TABLES.includes(table)) throw new Response("Not Found", { status: 404 });
  const res = await api(request).download(evaluations, { query: { ...statsUrlFilters(params), table, export: format } });
  return passFileOn(res);
}
