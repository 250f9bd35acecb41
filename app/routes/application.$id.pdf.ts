import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import * as pdfApi from "~/api/application-pdf/contract";
import { requireUser } from "~/auth/user.server";
import { fileMissing, passFileOn } from "~/lib/file-response.server";
import { readerLanguage } from "~/lib/reader-language.server";

/**
 * /application/{id}/pdf: the whole application as a PDF for the signed-in
 * reader, in their language (`?lang=fr` asks for another), through the API
 * with the session's token (which never appears in a URL); the API decides
 * who may read it, and an application that is not the reader's is the 404 screen.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  if (!/^[1-9]\d{0,9}$/.test(params.id ?? "")) return fileMissing(request, MISSING);
  const lang = await readerLanguage(request);
  try {
    return passFileOn(await api(request).download(pdfApi.applicationPdf, { param: { id: Number(params.id) }, query: { lang } }));
  } catch (err) {
    if (err instanceof Response && [404, 422].includes(err.status)) return fileMissing(request, MISSING);
    throw err;
  }
}

const MISSING = "/application-pdf/missing";
