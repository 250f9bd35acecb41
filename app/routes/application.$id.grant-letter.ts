import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import * as letterApi from "~/api/grant-letter/contract";
import { requireUser } from "~/auth/user.server";
import { fileMissing, passFileOn } from "~/lib/file-response.server";

/**
 * /application/{id}/grant-letter: the grant letter (PDF) for the signed-in
 * reader, through the API with the session's token (which never appears in a
 * URL); the API decides who may read it, and a letter that is not the
 * reader's, or not granted yet, is the 404 screen. `?preview=1` is the
 * editor's preview before the grant; `?lang=fr` writes dates and amounts in French.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  if (!/^[1-9]\d{0,9}$/.test(params.id ?? "")) return fileMissing(request, MISSING);
  const url = new URL(request.url);
  const preview = url.searchParams.get("preview") === "1" ? "1" : undefined;
  const lang = url.searchParams.get("lang") === "fr" ? "fr" : undefined;
  try {
    return passFileOn(await api(request).download(letterApi.grantLetter, { param: { id: Number(params.id) }, query: { preview, lang } }));
  } catch (err) {
    if (err instanceof Response && [403, 404, 422].includes(err.status)) return fileMissing(request, MISSING);
    throw err;
  }
}

const MISSING = "/grant-letter/missing";
