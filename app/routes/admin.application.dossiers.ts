import type { LoaderFunctionArgs } from "@remix-run/node";
import { refusedAlert, redirectWithAlert } from "~/alerts.server";
import { api } from "~/api/client.server";
import { dossiers } from "~/api/dossiers/contract";
import { requireAccess } from "~/auth/user.server";
import { filterSearch, urlFilters } from "~/domain/admin-applications/url-filters";
import { ROUTE_RULES } from "~/domain/navigation";
import { passFileOn } from "~/lib/file-response.server";
import { readerLanguage } from "~/lib/reader-language.server";

/**
 * /admin/application/dossiers?<the list's filters>: the dossiers of every
 * matching application as one zip, streamed from the API as it is written.
 * Refused (nothing matches, too many, too large: docs/decisions/041-dossier-zip.md)
 * it goes back to the list, filters kept, with the reason; without JavaScript too.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/application"]);
  const params = new URL(request.url).searchParams;
  const { page: _page, ...f } = urlFilters(params);
  const lang = await readerLanguage(request);
  try {
    return passFileOn(await api(request).download(dossiers, { query: { ...f, lang } }));
  } catch (err) {
    if (!(err instanceof Response) || err.status !== 422) throw err;
    return redirectWithAlert(request, `/admin/application?${filterSearch(f)}`, refusedAlert(await err.text()));
  }
}
