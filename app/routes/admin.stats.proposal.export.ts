import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import { evolutions } from "~/api/stats/evolutions-contract";
import { requireAccess } from "~/auth/user.server";
import { EXPORT_FORMATS, type ExportFormat } from "~/domain/admin-applications/columns";
import { ROUTE_RULES } from "~/domain/navigation";
import { evolutionUrlFilters } from "~/domain/stats/evolutions";
import { passFileOn } from "~/lib/file-response.server";

/** /admin/stats/proposal/export?export=csv|xlsx&<the filter, accesses_status, by>: the evolutions' table as a download from the API. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/proposal"]);
  const params = new URL(request.url).searchParams;
  const format = params.get("export") as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) throw new Response("Not Found", { status: 404 });
  const res = await api(request).download(evolutions, { query: { ...evolutionUrlFilters(params), export: format } });
  return passFileOn(res);
}
