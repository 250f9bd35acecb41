import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import { funderReport } from "~/api/stats/funder-report-contract";
import { requireAccess } from "~/auth/user.server";
import { EXPORT_FORMATS, type ExportFormat } from "~/domain/admin-applications/columns";
import { ROUTE_RULES } from "~/domain/navigation";
import { statsUrlFilters } from "~/domain/stats/filter";
import { passFileOn } from "~/lib/file-response.server";

/**
 * /admin/stats/funder-report/export?export=csv|xlsx&<the statistics filter>: the
 * funder report as a download (xlsx: a workbook of its tables; csv: the main table) from the API (the session's token never
 * appears in a URL).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/funder-report"]);
  const params = new URL(request.url).searchParams;
  const format = params.get("export") as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) throw new Response("Not Found", { status: 404 });
  const res = await api(request).download(funderReport, { query: { ...statsUrlFilters(params), export: format } });
  return passFileOn(res);
}
