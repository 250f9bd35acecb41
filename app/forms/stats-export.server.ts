import type { RouteConfig } from "@hono/zod-openapi";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import type { RequestInput } from "~/api/contract";
import { requireAccess } from "~/auth/user.server";
import { EXPORT_FORMATS, type ExportFormat } from "~/domain/admin-applications/columns";
import type { StatsScreen } from "~/components/StatsNav";
import { ROUTE_RULES } from "~/domain/navigation";
import { statsUrlFilters } from "~/domain/stats/filter";
import { passFileOn } from "~/lib/file-response.server";

/**
 * The loader of a statistics screen's `<screen>/export?export=csv|xlsx&<the
 * statistics filter>`: the screen's table as a download from the API's
 * `operation` (the session's token never appears in a URL); any other format 404.
 */
export const statsExportLoader =
  <R extends RouteConfig>(screen: StatsScreen, operation: R) =>
  async ({ request }: LoaderFunctionArgs) => {
    await requireAccess(request, ROUTE_RULES[screen]);
    const params = new URL(request.url).searchParams;
    const format = params.get("export") as ExportFormat;
    if (!EXPORT_FORMATS.includes(format)) throw new Response("Not Found", { status: 404 });
    const res = await api(request).download(operation, { query: { ...statsUrlFilters(params), export: format } } as unknown as RequestInput<R>); // every statistics operation takes statsQuery
    return passFileOn(res);
  };
