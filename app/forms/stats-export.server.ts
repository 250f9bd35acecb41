import type { RouteConfig } from "@hono/zod-openapi";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import type { RequestInput } from "~/api/contract";
import { requireAccess } from "~/auth/user.server";
import type { StatsScreen } from "~/components/StatsNav";
import { EXPORT_FORMATS, type ExportFormat } from "~/domain/admin-applications/columns";
import { ROUTE_RULES, type RouteRule } from "~/domain/navigation";
import { statsUrlFilters } from "~/domain/stats/filter";
import { passFileOn } from "~/lib/file-response.server";
import { i18next } from "~/i18n/i18next.server";

/**
 * A screen's own download parameters read from its URL (which table, which
 * accesses…), added to the statistics filter; null when one names what the
 * screen does not have (the download is then 404).
 */
export type ExportParams = (params: URLSearchParams) => Record<string, string | readonly string[] | undefined> | null;

/**
 * A statistics screen's download (<screen>/export?export=csv|xlsx&<the
 * statistics filter>&<the screen's own parameters, `extra`>): its table from
 * the API operation `route`, passed on (the session's token never appears in
 * a URL); any other format is 404.
 */
export async function statsExport<R extends RouteConfig>(request: Request, rule: RouteRule, route: R, extra?: ExportParams) {
  await requireAccess(request, rule);
  const params = new URL(request.url).searchParams;
  const format = params.get("export") as ExportFormat;
  const own = extra ? extra(params) : {};
  if (!EXPORT_FORMATS.includes(format) || own === null) throw new Response("Not Found", { status: 404 });
  // Every statistics operation takes the statistics query (query.server.ts); one that takes less ignores the rest.
  // The labels beside the codes in the screen's language.
  const lang = await i18next.getLocale(request);
  const res = await api(request).download(route, { query: { ...statsUrlFilters(params), ...own, export: format, lang } } as unknown as RequestInput<R>);
  return passFileOn(res);
}

/** The loader of a statistics screen's export route, its access rule the screen's. */
export const statsExportLoader =
  <R extends RouteConfig>(screen: StatsScreen, operation: R, extra?: ExportParams) =>
  ({ request }: LoaderFunctionArgs) =>
    statsExport(request, ROUTE_RULES[screen], operation, extra);

/** The `table` parameter of a screen of several tables: one of `tables` (`fallback` when the URL names none). */
export const tableParam =
  <T extends string>(tables: readonly T[], fallback: T): ExportParams =>
  (params) => {
    const table = params.get("table") ?? fallback;
    return (tables as readonly string[]).includes(table) ? { table } : null;
  };
