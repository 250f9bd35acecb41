// The portal's own HTTP server (server/http.ts, ADR 013): security headers on
// pages and API, refusals before Remix reads a request, and a script nonce that
// keeps hydration and 304s working.
import { expect, test, PORTAL, IDP } from "./fixtures";

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

test("a page carries the security headers, and its scripts the response's nonce", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const headers = response.headers();
  const csp = headers["content-security-policy"];
  expect(csp).toContain("script-src 'self' 'nonce-");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  for (const directive of ["frame-ancestors 'none'", "base-uri 'self'", "object-src 'none'", `form-action 'self' ${IDP}`]) {
    expect(csp).toContain(directive);
  }
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(headers["x-powered-by"]).toBeUndefined();
  // The portal under test is http: no HSTS.
  expect(headers["strict-transport-security"]).toBeUndefined();

  const nonce = nonceOf(csp)!;
  const scripts = [...(await response.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  // A fresh nonce for every response, also when the signed-out page comes from the public page cache (ADR 031).
  const again = await request.get("/");
  const second = nonceOf(again.headers()["content-security-policy"])!;
  expect(second).not.toBe(nonce);
  const scriptsAgain = [...(await again.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scriptsAgain.length).toBe(scripts.length);
  for (const tag of scriptsAgain) expect(tag).toContain(`nonce="${second}"`);
  expect(again.headers()["etag"]).toBe(headers["etag"]);
  expect(again.headers()["x-request-id"]).not.toBe(headers["x-request-id"]);
});

test("the API answers with the same security headers", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-request-id"]).toBeTruthy();
});

test("static assets are cached: fingerprinted build files for a year", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = /href="(\/build\/[^"]+\.css)"/.exec(html)?.[1];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toMatch(/max-age=31536000.*immutable/);
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
});

test("a form posted from another site is a 403 before the portal reads it", async ({ request }) => {
  const senders: Record<string, string>[] = [{ Origin: "http://evil.example" }, { Origin: IDP }, { "Sec-Fetch-Site": "cross-site" }];
  for (const headers of senders) {
    const response = await request.post("/preferences/theme", { form: { theme: "dark", returnTo: "/" }, headers, maxRedirects: 0 });
    expect(response.status(), JSON.stringify(headers)).toBe(403);
    expect(response.headers()["set-cookie"]).toBeUndefined();
  }
  // The portal's own origin still works.
  const own = await request.post("/preferences/theme", { form: { theme: "dark", returnTo: "/" }, headers: { Origin: PORTAL }, maxRedirects: 0 });
  expect(own.status()).toBe(302);
});

test("a URL with NUL or a broken percent-encoding is a 400", async ({ request }) => {
  for (const path of ["/page/%00", "/document-library?tag=%00", "/page/%E0%A4%A", "/call?x=%"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(400);
    expect(response.headers()["x-frame-options"]).toBe("DENY");
  }
});

test("a form body over 4 MB is a 413 before it is read", async ({ request }) => {
  const response = await request.post("/preferences/theme", {
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: PORTAL },
    data: `theme=dark&pad=${"x".repeat(4 * 1024 * 1024 + 10)}`,
    maxRedirects: 0,
  });
  expect(response.status()).toBe(413);
});

test("a signed-out page's repeat GET is a 304 that keeps the cached page's policy", async ({ request }) => {
  const first = await request.get("/call");
  // Rendered whole, in standards mode, and compressed: Brotli for a client that takes it (as browsers over HTTPS), else gzip.
  expect(await first.text()).toMatch(/^<!DOCTYPE html><html lang="en"/);
  expect(first.headers()["content-encoding"]).toBe("br");
  const gzipped = await request.get("/call", { headers: { "Accept-Encoding": "gzip" } });
  expect(gzipped.headers()["content-encoding"]).toBe("gzip");
  expect(await gzipped.text()).toMatch(/^<!DOCTYPE html>/);
  const etag = first.headers()["etag"];
  expect(etag).toBeTruthy();
  const second = await request.get("/call", { headers: { "If-None-Match": etag } });
  expect(second.status()).toBe(304);
  // A 304's headers replace the cached ones: a new nonce would block the cached page's scripts.
  expect(second.headers()["content-security-policy"]).toBeUndefined();
  expect(second.headers()["x-frame-options"]).toBe("DENY");
});

test("pages hydrate under the policy, also when revalidated from the cache", async ({ page }) => {
  test.skip(test.info().project.use.javaScriptEnabled === false, "hydration needs JavaScript");
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  await page.goto("/call");
  await page.waitForFunction(() => "__remixRouter" in window);
  // A client-side navigation: only a hydrated page does it without loading a document.
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }).click();
  await expect(page).toHaveURL(/\/page\/privacy-policy$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  // A reload revalidates the page's cached copy (a 304 without a new policy) and hydrates again.
  await page.reload();
  await page.waitForFunction(() => "__remixRouter" in window);
  expect(violations).toEqual([]);
});
