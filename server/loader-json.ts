// A loader's json() answer read back by Remix's data router as the text it was
// made from (docs/decisions/053-in-process-answers.md). Remix 2 without single
// fetch turns every loader's data into a Response (JSON.stringify), then its
// data router reads that Response's body back (a Web stream, its bytes decoded)
// and parses it, before the page is rendered and the data written into it for
// hydration: the stream and the decoding were a twentieth of a signed-in page's
// CPU (docs/budgets.md#page-cost). @remix-run/router's `json` makes those Responses
// (server-runtime's json and its wrapping of a plain object both call it
// through the module's exports), so it is wrapped there: the Response is the
// same, and its `json()` parses the kept text instead of reading the body. The
// body stays whole for whoever reads it otherwise (a client navigation's data
// request sends it).
import { createRequire } from "node:module";

type Json = (data: unknown, init?: number | ResponseInit) => Response;

export interface RouterJsonModule {
  json: Json;
}

const WRAPPED = Symbol.for("ta-portal.loader-json");

/** The router's `json`, its Response's `json()` answering from the text. Idempotent. */
export function keepLoaderJson(router: RouterJsonModule): void {
  if ((router.json as { [WRAPPED]?: boolean })[WRAPPED]) return;
  // As the router's own json does: the status or init, a JSON content type unless one is given.
  const json: Json = (data, init = {}) => {
    const responseInit = typeof init === "number" ? { status: init } : init;
    const headers = new Headers(responseInit.headers);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json; charset=utf-8");
    const text = JSON.stringify(data);
    const res = new Response(text, { ...responseInit, headers });
    Object.defineProperty(res, "json", { value: () => Promise.resolve(JSON.parse(text) as unknown) });
    return res;
  };
  router.json = Object.assign(json, { [WRAPPED]: true });
}

/** On the process's own @remix-run/router (the one the build's Remix packages call). */
export function keepLoaderJsonInRouter(require: NodeJS.Require = createRequire(import.meta.url)): void {
  keepLoaderJson(require("@remix-run/router") as RouterJsonModule);
}
