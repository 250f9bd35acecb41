import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import { publications } from "~/api/stats/publications-contract";
import { requireAccess } from "~/auth/user.server";
import { EXPORT_FORMATS, type ExportFormat } from "~/domain/admin-applications/columns";
import { ROUTE_RULES } from "~/domain/navigation";
import { PUBLICATION_TABLES, type PublicationTable } from "~/domain/stats/publications";
import { statsUrlFilters } from "~/domain/stats/filter";
import { passFileOn } from "~/lib/file-response.server";

/**
 * /admin/stats/publications/export?export=csv|xlsx&table=list|year|type&<the
 * statistics filter>: one of the publications tables as a download from the API
 * (the session's token never appears in a URL).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/publications"]);
  const params = new URL(request.url).searchParams;
  const format = params.get("export") as ExportFormat;
  const table = (params.get("table") ?? "list") as PublicationTable;
  if (!EXPORT_FORMATS.includes(format) || !PUBLICATION_TABLES.includes(table)) throw new Response("Not Found", { status: 404 });
  const res = await api(request).download(publications, { query: { ...statsUrlFilters(params), export: format, table } });
  return passFileOn(res);
}
