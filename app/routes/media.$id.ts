import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import * as mediaApi from "~/api/media/contract";
import { fileMissing, passFileOn } from "~/lib/file-response.server";

/**
 * /media/{id}: the file of a medium for the visitor, signed in or not, through
 * the API (which decides who may read it; 404 otherwise). The session's token
 * never appears in a URL. `?preview=1` opens it in the browser instead.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!/^[1-9]\d{0,9}$/.test(params.id ?? "")) return notFound(request, params.id);
  const preview = new URL(request.url).searchParams.get("preview") === "1" ? "1" : undefined;
  let res: Response;
  try {
    res = await api(request).download(mediaApi.download, { param: { id: Number(params.id) }, query: { preview } });
  } catch (err) {
    if (err instanceof Response && err.status === 404) return notFound(request, params.id);
    throw err;
  }
  return passFileOn(res);
}

const notFound = (request: Request, id: string | undefined) => fileMissing(request, `/media/missing/${encodeURIComponent(id ?? "")}`);
