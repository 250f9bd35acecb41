import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import { feedback } from "~/api/stats/feedback-contract";
import { requireAccess } from "~/auth/user.server";
import { EXPORT_FORMATS, type ExportFormat } from "~/domain/admin-applications/columns";
import { ROUTE_RULES } from "~/domain/navigation";
import { FEEDBACK_TABLES, type FeedbackTable } from "~/domain/stats/feedback";
import { statsUrlFilters } from "~/domain/stats/filter";
import { passFileOn } from "~/lib/file-response.server";

/**
 * /admin/stats/feedback/export?export=csv|xlsx&table=scores|recommend|answers&<the
 * statistics filter>: one of the feedback tables as a download from the API
 * (the session's token never appears in a URL).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/stats/feedback"]);
  const params = new URL(request.url).searchParams;
  const format = params.get("export") as ExportFormat;
  const table = (params.get("table") ?? "scores") as FeedbackTable;
  if (!EXPORT_FORMATS.includes(format) || !FEEDBACK_TABLES.includes(table)) throw new Response("Not Found", { status: 404 });
  const res = await api(request).download(feedback, { query: { ...statsUrlFilters(params), export: format, table } });
  return passFileOn(res);
}
