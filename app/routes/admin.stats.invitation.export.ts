import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import * as invitations from "~/api/invitations/contract";
import { requireAccess } from "~/auth/user.server";
import { EXPORT_FORMATS, type ExportFormat } from "~/domain/admin-applications/columns";
import { ROUTE_RULES } from "~/domain/navigation";
import { statsUrlFilters } from "~/domain/stats/filter";
import { passFileOn } from "~/lib/file-response.server";

/**
 * /admin/stats/invitation/export?export=csv|xlsx&q=&date_from=&date_to=: every
 * matching invitation as a download from the API (the session's token never
 * appears in a URL).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/invitation"]);
  const params = new URL(request.url).searchParams;
  const format = params.get("export") as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) throw new Response("Not Found", { status: 404 });
  const { q, date_from, date_to } = statsUrlFilters(params);
  const res = await api(request).download(invitations.report, { query: { q, date_from, date_to, export: format } });
  return passFileOn(res);
}
