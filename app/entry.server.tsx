import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
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

  // Every page is rendered whole, then sent as one buffer: no route defers data,
  // so the shell is the whole page anyway, and one chunk costs the compression
  // and the socket one write instead of one per chunk React flushes (DESIGN.md §9).
  // Signed-out GETs also get an ETag, so a repeat visit costs a 304.
  const cacheable = isPublicGet(request, responseStatusCode);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let abortRender = () => {};
    const timer = setTimeout(() => abortRender(), ABORT_DELAY);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough();
          // Rendered and sent (or the client gone): nothing left to abort.
          body.once("close", () => clearTimeout(timer));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(whole(request, body, responseHeaders, responseStatusCode, { etag: cacheable, nonce }));
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    abortRender = abort;
  });
}

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
 * The rendered page as one buffer; with `etag` (a signed-out GET) an ETag and
 * Cache-Control too, and a 304 when the request's If-None-Match is that ETag.
 */
async function whole(request: Request, body: PassThrough, headers: Headers, status: number, { etag: withEtag, nonce }: { etag: boolean; nonce?: string }): Promise<Response> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  const html = Buffer.concat(chunks);
  if (!withEtag) return new Response(html, { headers, status });
  const etag = `W/"${htmlHash(html, nonce)}"`;
  headers.set("ETag", etag);
  headers.set("Cache-Control", "private, no-cache");
  headers.append("Vary", "Cookie");
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return new Response(html, { headers, status });
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
    // Byte for byte what hashing the text with every nonce replaced gives, without decoding it.
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
