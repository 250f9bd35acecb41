import { nonceParts, pageBody, pageEtag } from "./http/page-body.server";
import { keepPublicPage, publicPageKey } from "./cache/public-pages.server";
import { dataVersion } from "./db/data-version.server";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { i18next, i18nextFor } from "./i18n/i18next.server";
import { NonceContext } from "./root";
import { redactUrl } from "../server/security";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The script nonce of this response's Content-Security-Policy (server/http.ts).
  const nonce = typeof loadContext?.cspNonce === "string" ? loadContext.cspNonce : undefined;
  // One instance per language, made once (app/i18n/i18next.server.ts).
  const instance = i18nextFor(await i18next.getLocale(request));

  // Every page is rendered whole, as a string, then sent as one buffer: no route
  // defers data (nothing suspends), so streaming would only cost encoding each
  // chunk React flushes and a write per chunk through the compression and the
  // socket (docs/budgets.md#per-request-work). An error while rendering throws, and Remix renders
  // the error boundary instead, as a shell error did.
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <I18nextProvider i18n={instance}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </I18nextProvider>
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const bytes = Buffer.from(DOCTYPE + html);
  // Signed-out GETs also get an ETag, so a repeat visit costs a 304; and are kept
  // for the next signed-out visitor asking the same (app/cache/public-pages.server.ts).
  let etag: string | false = false;
  if (isPublicGet(request, responseStatusCode)) {
    const parts = nonceParts(bytes, nonce);
    etag = pageEtag(parts);
    const url = new URL(request.url);
    const key = publicPageKey(request.method, url.pathname + url.search, (name) => request.headers.get(name));
    if (key) keepPublicPage(key, parts, responseHeaders, etag, dataVersion);
  }
  const out = pageBody(request.headers, bytes, responseHeaders, responseStatusCode, etag);
  return new Response(out.body, { status: out.status, headers: out.headers });
}

const DOCTYPE = "<!DOCTYPE html>";

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // Like the request log: the path without query secrets (a callback's code and state, a download token).
  const { pathname, search } = new URL(request.url);
  console.error(JSON.stringify({ level: "error", msg: "render error", path: redactUrl(pathname + search), err: String((error as Error)?.stack ?? error) }));
}

function isPublicGet(request: Request, status: number): boolean {
  return request.method === "GET" && status === 200 && !/(?:^|;\s*)__session=/.test(request.headers.get("Cookie") ?? "");
}
