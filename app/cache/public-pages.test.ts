import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { nonceParts, pageEtag } from "~/http/page-body.server";
import { forgetPublicPages, keepPublicPage, keptPublicPage, PAGE_TTL_MS, PUBLIC_PAGE_COOKIES, publicPageKey, wantsFreshPage } from "./public-pages.server";
import { languageCookie } from "../i18n/i18next.server";
import { consentCookie, themeCookie } from "../preferences.server";

const headers = (values: Record<string, string>) => (name: string) => values[name];
const page = (nonce: string) => Buffer.from(`<!DOCTYPE html><html><script nonce="${nonce}">a()</script><p>Open calls</p><script nonce="${nonce}">b()</script></html>`);

describe("the public page cache's key", () => {
  it("names the URL, the cookies, the languages and the host", () => {
    const base = { host: "portal.test", cookie: "cookie_consent=accepted; lng=fr", "accept-language": "fr-BE,fr;q=0.9" };
    const key = publicPageKey("GET", "/call?page=2", headers(base));
    expect(key).toBeTruthy();
    for (const other of [
      publicPageKey("GET", "/call?page=3", headers(base)),
      publicPageKey("GET", "/call?page=2", headers({ ...base, cookie: "cookie_consent=accepted; lng=en" })),
      publicPageKey("GET", "/call?page=2", headers({ ...base, cookie: "cookie_consent=accepted; lng=fr; theme=dark" })),
      publicPageKey("GET", "/call?page=2", headers({ ...base, "accept-language": "en" })),
      publicPageKey("GET", "/call?page=2", headers({ ...base, host: "other.test" })),
    ]) {
      expect(other).not.toBe(key);
    }
  });

  it("is null for anything but a GET and for any cookie but the language, theme and consent", () => {
    expect(publicPageKey("POST", "/call", headers({}))).toBeNull();
    expect(publicPageKey("HEAD", "/call", headers({}))).toBeNull();
    for (const cookie of ["__session=abc", "lng=fr; __session=abc", "__alerts=x", "kept_form=1", "return_to=/x", "my__session=abc", "_ga=GA1.2", "lng=fr; tracking", "theme=dark;analytics=1"]) {
      expect(publicPageKey("GET", "/call", headers({ cookie })), cookie).toBeNull();
    }
    expect(publicPageKey("GET", "/call", headers({ cookie: "lng=fr; theme=dark; cookie_consent=accepted" }))).not.toBeNull();
    expect(publicPageKey("GET", "/call", headers({ cookie: " ; lng=fr;" }))).not.toBeNull();
  });

  it("allows exactly the cookies the portal sets for language, theme and consent", () => {
    expect([...PUBLIC_PAGE_COOKIES].sort()).toEqual([languageCookie.name, themeCookie.name, consentCookie.name].sort());
  });

  it("is the same whatever the order of the allowed cookies", () => {
    const key = (cookie: string) => publicPageKey("GET", "/call", headers({ host: "portal.test", cookie }));
    expect(key("theme=dark; lng=fr")).toBe(key("lng=fr; theme=dark"));
    expect(key("lng=fr")).not.toBe(key("lng=en"));
  });

  it("is looked up unless the request asks for a fresh page (a hard reload)", () => {
    expect(wantsFreshPage(headers({}))).toBe(false);
    expect(wantsFreshPage(headers({ "cache-control": "max-age=0" }))).toBe(false);
    expect(wantsFreshPage(headers({ "cache-control": "no-cache" }))).toBe(true);
    expect(wantsFreshPage(headers({ pragma: "no-cache" }))).toBe(true);
  });

  it("is null when PUBLIC_PAGE_CACHE is off", () => {
    vi.stubEnv("PUBLIC_PAGE_CACHE", "off");
    expect(publicPageKey("GET", "/call", headers({}))).toBeNull();
    vi.unstubAllEnvs();
  });
});

describe("a page's ETag", () => {
  it("is the same whatever its nonce, and changes with its content", () => {
    expect(pageEtag(nonceParts(page("first=="), "first=="))).toBe(pageEtag(nonceParts(page("second/="), "second/=")));
    expect(pageEtag(nonceParts(page("n"), "n"))).not.toBe(pageEtag(nonceParts(Buffer.from(page("n").toString().replace("Open", "Closed")), "n")));
    expect(nonceParts(page("n"), undefined)).toHaveLength(1);
  });
});

describe("a kept page", () => {
  let version = 0;
  const current = () => version;
  beforeEach(() => {
    forgetPublicPages();
    vi.useFakeTimers({ toFake: ["Date"] });
  });
  afterEach(() => vi.useRealTimers());

  it("comes back with the new response's nonce everywhere the old one was", () => {
    keepPublicPage("k", nonceParts(page("OLD+nonce=="), "OLD+nonce=="), new Headers({ "Content-Type": "text/html; charset=utf-8", "X-Route": "call" }), 'W/"e"', current);
    const kept = keptPublicPage("k", "NEW/nonce==")!;
    expect(kept.html.toString()).toBe(page("NEW/nonce==").toString());
    expect(kept.etag).toBe('W/"e"');
    expect(kept.headers.get("x-route")).toBe("call");
    expect(keptPublicPage("other", "n")).toBeUndefined();
  });

  it("is not used after a write or after its lifetime", () => {
    keepPublicPage("k", nonceParts(page("n"), "n"), new Headers(), 'W/"e"', current);
    version++;
    expect(keptPublicPage("k", "m")).toBeUndefined();
    keepPublicPage("k", nonceParts(page("n"), "n"), new Headers(), 'W/"e"', current);
    vi.setSystemTime(Date.now() + PAGE_TTL_MS - 1);
    expect(keptPublicPage("k", "m")).toBeDefined();
    vi.setSystemTime(Date.now() + 2);
    expect(keptPublicPage("k", "m")).toBeUndefined();
  });

  it("is one of at most 16 MB of pages: beyond, the store starts again", () => {
    const big = Buffer.alloc(400 * 1024, "a");
    for (let i = 0; i < 50; i++) keepPublicPage(`k${i}`, [big], new Headers(), 'W/"e"', current);
    expect(keptPublicPage("k49", "m")).toBeDefined();
    expect(keptPublicPage("k0", "m")).toBeUndefined();
  });

  it("is never one that sets a cookie, nor a very large one", () => {
    keepPublicPage("k", nonceParts(page("n"), "n"), new Headers({ "Set-Cookie": "__alerts=; Max-Age=0" }), 'W/"e"', current);
    expect(keptPublicPage("k", "m")).toBeUndefined();
    keepPublicPage("k", [Buffer.alloc(600 * 1024, "a")], new Headers(), 'W/"e"', current);
    expect(keptPublicPage("k", "m")).toBeUndefined();
  });
});
