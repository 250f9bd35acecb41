import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import { list as applicationList } from "~/api/admin-applications/contract";
import { requireAccess } from "~/auth/user.server";
import { EXPORT_FORMATS, type ExportFormat } from "~/domain/admin-applications/columns";
import { urlFilters } from "~/domain/admin-applications/url-filters";
import { ROUTE_RULES } from "~/domain/navigation";
import { passFileOn } from "~/lib/file-response.server";
import { i18next } from "~/i18n/i18next.server";
import type { Language } from "~/i18n/config";

/**
 * /admin/application/export?export=csv|xlsx&<the list's filters>: the download
 * of every matching application, streamed from the API as it is written (the
 * session's token never appears in a URL).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/application"]);
  const params = new URL(request.url).searchParams;
  const format = params.get("export") as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) throw new Response("Not Found", { status: 404 });
  const { page: _page, ...f } = urlFilters(params);
  // The labels beside the codes in the screen's language.
  const lang = (await i18next.getLocale(request)) as Language;
  const res = await api(request).download(applicationList, { query: { ...f, export: format, lang } });
  return passFileOn(res);
}
