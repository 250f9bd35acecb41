import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/api/client.server";

// Headers of the API's download that the browser needs; nothing else is passed on.
const PASSED_ON = ["Content-Type", "Content-Length", "Content-Disposition", "X-Content-Type-Options", "Cache-Control", "Referrer-Policy"];

/**
 * /media/{id}: the file of a medium for the visitor, signed in or not, through
 * the API (which decides who may read it; 404 otherwise). The session's token
 * never appears in a URL. `?preview=1` opens it in the browser instead.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!/^[1-9]\d{0,9}$/.test(params.id ?? "")) throw new Response("Not Found", { status: 404 });
  const preview = new URL(request.url).searchParams.get("preview") === "1" ? "1" : undefined;
  const res = await api(request).download(`/media/download/${params.id}`, { preview });
  const headers = new Headers();
  for (const name of PASSED_ON) {
    const value = res.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(res.body, { status: 200, headers });
}
