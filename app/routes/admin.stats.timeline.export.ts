import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import { timeline } from "~/api/stats/timeline-contract";
import { requireAccess } from "~/auth/user.server";
import { EXPORT_FORMATS, type ExportFormat } from "~/domain/admin-applications/columns";
import { ROUTE_RULES } from "~/domain/navigation";
import { statsUrlFilters } from "~/domain/stats/filter";
import { passFileOn } from "~/lib/file-response.server";
import { accessesStatusOf } from "~/domain/stats/timeline-filter";

/**
 * /admin/stats/timeline/export?export=csv|xlsx&<the statistics filter>&accesses_status=…:
 * every access of the calendar as a download from the API (the session's token never appears in a URL).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/timeline"]);
  const params = new URL(request.url).searchParams;
  const format = params.get("export") as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) throw new Response("Not Found", { status: 404 });
  const res = await api(request).download(timeline, { query: { ...statsUrlFilters(params), accesses_status: accessesStatusOf(params), export: format } });
  return passFileOn(res);
}
