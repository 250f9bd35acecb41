import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { acceptsEncoding } from "./http/accept-encoding";
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
  // socket (DESIGN.md §9). An error while rendering throws, and Remix renders
  // the error boundary instead, as a shell error did.
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <I18nextProvider i18n={instance}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </I18nextProvider>
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Signed-out GETs also get an ETag, so a repeat visit costs a 304.
  return whole(request, Buffer.from(DOCTYPE + html), responseHeaders, responseStatusCode, { etag: isPublicGet(request, responseStatusCode), nonce });
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

/**
 * The rendered page as one body (its bytes, encoded once for the hash, the
 * compression and the socket); with `etag` (a signed-out GET) an ETag and
 * Cache-Control too, and a 304 when the request's If-None-Match is that ETag.
 */
function whole(request: Request, html: Buffer, headers: Headers, status: number, { etag: withEtag, nonce }: { etag: boolean; nonce?: string }): Response {
  if (withEtag) {
    const etag = `W/"${htmlHash(html, nonce)}"`;
    headers.set("ETag", etag);
    headers.set("Cache-Control", "private, no-cache");
    headers.append("Vary", "Cookie");
    if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  }
  return new Response(compressed(request, html, headers), { headers, status });
}

/**
 * The page compressed in one call when the client accepts it and the page is
 * worth it: Brotli at quality 1 where accepted (what browsers ask over HTTPS;
 * as small as zlib's fastest level and twice as fast), else gzip at zlib's
 * fastest level (as server/http.ts compresses what it streams). The server's
 * compression then leaves it alone (it is encoded), and a whole page costs one
 * pass instead of a stream's writes and flush.
 */
function compressed(request: Request, html: Buffer, headers: Headers): Uint8Array<ArrayBuffer> {
  headers.append("Vary", "Accept-Encoding");
  const accepted = request.headers.get("Accept-Encoding");
  let bytes = html;
  if (html.length < 1024) {
    // Not worth it.
  } else if (acceptsEncoding(accepted, "br")) {
    bytes = brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } });
    headers.set("Content-Encoding", "br");
  } else if (acceptsEncoding(accepted, "gzip")) {
    bytes = gzipSync(html, { level: 1 });
    headers.set("Content-Encoding", "gzip");
  }
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The page's hash for its ETag. The script nonce changes with every response,
 * so it is masked first: the same page gives the same ETag, and a repeat visit
 * still costs a 304. server/http.ts sends 304s without a Content-Security-Policy,
 * so the browser keeps the cached page's policy, whose nonce matches its scripts.
 */
function htmlHash(html: Buffer, nonce?: string): string {
  const hash = createHash("sha1");
  if (nonce) {
    // Byte for byte what hashing the text with every nonce replaced gives, without building that text.
    const needle = Buffer.from(nonce);
    let from = 0;
    for (let at = html.indexOf(needle); at !== -1; at = html.indexOf(needle, from)) {
      hash.update(html.subarray(from, at)).update("CSP-NONCE");
      from = at + needle.length;
    }
    html = html.subarray(from);
  }
  return hash.update(html).digest("base64url");
}
