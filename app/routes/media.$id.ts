import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";
import * as mediaApi from "~/api/media/contract";

// Headers of the API's download that the browser needs; nothing else is passed on.
const PASSED_ON = ["Content-Type", "Content-Length", "Content-Disposition", "X-Content-Type-Options", "Cache-Control", "Referrer-Policy"];

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
  const headers = new Headers();
  for (const name of PASSED_ON) {
    const value = res.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(res.body, { status: 200, headers });
}

/**
 * A file that is gone (or never was, or is not the visitor's): a person who
 * followed a link gets the portal's 404 screen, which a resource route cannot
 * render, so they are sent to an address no route takes (the catch-all then
 * answers 404 with the screen); an image or a script fetching it gets a bare 404.
 */
function notFound(request: Request, id: string | undefined): Response {
  const wantsPage = (request.headers.get("Accept") ?? "").includes("text/html");
  if (!wantsPage) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return redirect(`/media/missing/${encodeURIComponent(id ?? "")}`);
}
