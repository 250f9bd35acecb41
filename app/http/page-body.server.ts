// A rendered page on its way out: its ETag (signed-out GETs), its 304, its
// compression. Shared by entry.server.tsx, which renders pages, and by the
// HTTP server's public page cache (server/http.ts, ADR 031), which sends kept
// ones again without Remix.
import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { acceptsEncoding } from "./accept-encoding";

export interface PageBody {
  status: number;
  headers: Headers;
  /** Null for a 304. */
  body: Uint8Array<ArrayBuffer> | null;
}

/**
 * The rendered page as one body (its bytes, encoded once for the hash, the
 * compression and the socket); with an `etag` (a signed-out GET: pageEtag) that
 * ETag and Cache-Control too, and a 304 when the request's If-None-Match is it.
 */
export function pageBody(requestHeaders: Pick<Headers, "get">, html: Buffer, headers: Headers, status: number, etag: string | false): PageBody {
  if (etag) {
    headers.set("ETag", etag);
    headers.set("Cache-Control", "private, no-cache");
    headers.append("Vary", "Cookie");
    if (requestHeaders.get("If-None-Match") === etag) return { status: 304, headers, body: null };
  }
  return { status, headers, body: compressed(requestHeaders, html, headers) };
}

/**
 * The page compressed in one call when the client accepts it and the page is
 * worth it: Brotli at quality 1 where accepted (what browsers ask over HTTPS;
 * as small as zlib's fastest level and twice as fast), else gzip at zlib's
 * fastest level (as server/http.ts compresses what it streams). The server's
 * compression then leaves it alone (it is encoded), and a whole page costs one
 * pass instead of a stream's writes and flush.
 */
function compressed(requestHeaders: Pick<Headers, "get">, html: Buffer, headers: Headers): Uint8Array<ArrayBuffer> {
  headers.append("Vary", "Accept-Encoding");
  const accepted = requestHeaders.get("Accept-Encoding");
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

/** The page's bytes around each occurrence of its script nonce (the whole page as one part without a nonce). */
export function nonceParts(html: Buffer, nonce?: string): Buffer[] {
  if (!nonce) return [html];
  const needle = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(needle); at !== -1; at = html.indexOf(needle, from)) {
    parts.push(html.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(html.subarray(from));
  return parts;
}

/**
 * The page's weak ETag, from its nonceParts. The script nonce changes with
 * every response, so it is masked: the same page gives the same ETag, and a
 * repeat visit still costs a 304. server/http.ts sends 304s without a
 * Content-Security-Policy, so the browser keeps the cached page's policy, whose
 * nonce matches its scripts.
 */
export function pageEtag(parts: Buffer[]): string {
  const hash = createHash("sha1");
  parts.forEach((part, i) => {
    if (i > 0) hash.update("CSP-NONCE");
    hash.update(part);
  });
  return `W/"${hash.digest("base64url")}"`;
}
