import { redirect } from "@remix-run/node";

// Headers of an API file answer that the browser needs; nothing else is passed on.
const PASSED_ON = ["Content-Type", "Content-Length", "Content-Disposition", "X-Content-Type-Options", "Cache-Control", "Referrer-Policy"];

/** The API's file answer (a medium, a grant letter) as a resource route hands it to the browser: its body streamed, its file headers kept. */
export function passFileOn(res: Response): Response {
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
 * render, so they are sent to `missingPath`, an address no route takes (the
 * catch-all then answers 404 with the screen); an image or a script fetching
 * it gets a bare 404.
 */
export function fileMissing(request: Request, missingPath: string): Response {
  const wantsPage = (request.headers.get("Accept") ?? "").includes("text/html");
  if (!wantsPage) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return redirect(missingPath);
}
