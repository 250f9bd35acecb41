import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import * as dossierApi from "~/api/dossiers/contract";
import { requireUser } from "~/auth/user.server";
import { fileMissing, passFileOn } from "~/lib/file-response.server";
import { readerLanguage } from "~/lib/reader-language.server";

/**
 * /application/{id}/dossier: the application's dossier (its PDF and every file
 * the reader may read, as a zip) streamed from the API as it is written, with
 * the session's token (which never appears in a URL); the API decides who may
 * read it, and a dossier that is not the reader's is the 404 screen. The PDF
 * is in the reader's language (`?lang=en|fr` asks for another).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  if (!/^[1-9]\d{0,9}$/.test(params.id ?? "")) return fileMissing(request, MISSING);
  const lang = await readerLanguage(request);
  try {
    return passFileOn(await api(request).download(dossierApi.dossier, { param: { id: Number(params.id) }, query: { lang } }));
  } catch (err) {
    if (err instanceof Response && [403, 404, 422].includes(err.status)) return fileMissing(request, MISSING);
    throw err;
  }
}

const MISSING = "/dossier/missing";
