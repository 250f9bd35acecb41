// Signed-out pages kept for a moment (ADR 031). A public page (/, /call, a
// content page) is the same for every signed-out visitor who sends the same
// URL, cookies and languages: entry.server.tsx keeps what it rendered, and the
// HTTP server (server/http.ts) sends it again to the next such request without
// Remix, with the request's own script nonce put back in and compressed as the
// request asks. A kept page is used until the next write to the database
// anywhere in this instance (data-version.server.ts: saves of settings, pages
// and calls are writes), for at most CACHE_TTL_MS (app/cache/lifetime.ts).
//
// The store lives on globalThis: the server and the Remix build each load their
// own copy of this module, and must share it.

import { CACHE_TTL_MS } from "./lifetime";

export const PAGE_TTL_MS = CACHE_TTL_MS;
/** Pages kept at most, and their bytes at most, per web process; beyond either, the store starts again. */
const MAX_PAGES = 200;
const MAX_TOTAL_BYTES = 16 * 1024 * 1024;
/** A larger page is not kept. */
const MAX_PAGE_BYTES = 512 * 1024;

/**
 * The only cookies that may change a public page: the language, the theme and
 * the cookie consent (app/i18n/i18next.server.ts, app/preferences.server.ts).
 * A request carrying any other cookie (a session, a flash message, a kept
 * form, a sign-in's way back, or one the portal does not know) is never served
 * from, nor kept in, the cache: the page may be someone's own.
 */
export const PUBLIC_PAGE_COOKIES: readonly string[] = ["lng", "theme", "cookie_consent"];

interface KeptPage {
  /** The page's bytes around each occurrence of the nonce it was rendered with. */
  parts: Buffer[];
  bytes: number;
  /** Its headers as Remix made them (Content-Type, the routes' own), before ETag and compression. */
  headers: [string, string][];
  etag: string;
  at: number;
  seen: number;
  /** The data version of the build that rendered it. */
  version: () => number;
}

const STORE = Symbol.for("ta-portal.public-page-cache");
const store = ((globalThis as Record<symbol, unknown>)[STORE] ??= new Map<string, KeptPage>()) as Map<string, KeptPage>;

type HeaderGetter = (name: string) => string | null | undefined;

/** The cache key of a request, or null when its page must not come from the cache (not a GET, personal cookies, PUBLIC_PAGE_CACHE=off). */
export function publicPageKey(method: string, pathAndQuery: string, header: HeaderGetter): string | null {
  if (method !== "GET" || process.env.PUBLIC_PAGE_CACHE === "off") return null;
  const cookies = publicCookies(header("cookie") ?? "");
  if (cookies === null) return null;
  return [header("host") ?? "", pathAndQuery, cookies, header("accept-language") ?? ""].join("\n");
}

/** The allowed cookies of a Cookie header in one order (`a=1; b=2`), or null when it carries any other. */
function publicCookies(header: string): string | null {
  const pairs: string[] = [];
  for (const piece of header.split(";")) {
    const pair = piece.trim();
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const name = (eq < 0 ? pair : pair.slice(0, eq)).trim();
    if (!PUBLIC_PAGE_COOKIES.includes(name)) return null;
    pairs.push(pair);
  }
  return pairs.sort().join("; ");
}

/**
 * Whether the request asks for a page rendered afresh (`Cache-Control: no-cache`,
 * or the older `Pragma: no-cache`, as a browser's hard reload sends): it is not
 * served from the cache, and what it renders is kept for the next ones.
 */
export function wantsFreshPage(header: HeaderGetter): boolean {
  return /\bno-cache\b/i.test(header("cache-control") ?? "") || /\bno-cache\b/i.test(header("pragma") ?? "");
}

/** Keeps a rendered signed-out page (200, no Set-Cookie) under `key`, as its nonceParts. */
export function keepPublicPage(key: string, parts: Buffer[], headers: Headers, etag: string, version: () => number): void {
  const size = parts.reduce((n, p) => n + p.length, 0);
  if (size > MAX_PAGE_BYTES || headers.has("Set-Cookie")) return;
  const bytes = [...store.values()].reduce((n, p) => n + p.bytes, 0);
  if ((store.size >= MAX_PAGES && !store.has(key)) || bytes + size > MAX_TOTAL_BYTES) store.clear();
  store.set(key, { parts, bytes: size, headers: [...headers], etag, at: Date.now(), seen: version(), version });
}

/** The page kept under `key`, with `nonce` in place of the one it was rendered with; undefined when none is kept or it is stale. */
export function keptPublicPage(key: string, nonce: string): { html: Buffer; headers: Headers; etag: string } | undefined {
  const page = store.get(key);
  if (!page) return undefined;
  if (Date.now() - page.at >= PAGE_TTL_MS || page.version() !== page.seen) {
    store.delete(key);
    return undefined;
  }
  const pieces: Buffer[] = [];
  const needle = Buffer.from(nonce);
  page.parts.forEach((part, i) => {
    if (i > 0) pieces.push(needle);
    pieces.push(part);
  });
  return { html: pieces.length === 1 ? pieces[0] : Buffer.concat(pieces), headers: new Headers(page.headers), etag: page.etag };
}

/** Forgets every kept page (tests). */
export function forgetPublicPages(): void {
  store.clear();
}
