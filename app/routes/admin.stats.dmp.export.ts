import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import { dmp as dataManagementPlans } from "~/api/stats/dmp-contract";
import { requireAccess } from "~/auth/user.server";
import { EXPORT_FORMATS, type ExportFormat } from "~/domain/admin-applications/columns";
import { ROUTE_RULES } from "~/domain/navigation";
import { statsUrlFilters } from "~/domain/stats/filter";
import { passFileOn } from "~/lib/file-response.server";

/**
 * /admin/stats/dmp/export?export=csv|xlsx&<the statistics filter>: every
 * application's plans as a download from the API (the session's token never
 * appears in a URL).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/dmp"]);
  const params = new URL(request.url).searchParams;
  const format = params.get("export") as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) throw new Response("Not Found", { status: 404 });
  const res = await api(request).download(dataManagementPlans, { query: { ...statsUrlFilters(params), export: format } });
  return passFileOn(res);
}
