// No request brings the portal down (docs/security.md#harness): against the running portal, the posts that crashed or froze it are
// each answered with a 4xx, quickly, and the portal still answers /api/health.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, PORTAL, signIn, test } from "./fixtures";

/** Well above the portal's own answer (milliseconds), well below the freezes seen (tens of seconds). */
const QUICK_MS = 5_000;

test.describe("requests that crashed or froze the portal", () => {
  // Nothing here depends on the browser's JavaScript: once is enough.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "server-side only");

  async function expectAnsweredQuickly(send: () => Promise<{ status(): number }>, allowed: (status: number) => boolean, what: string) {
    const start = Date.now();
    const res = await send();
    const ms = Date.now() - start;
    expect(allowed(res.status()), `${what}: status ${res.status()}`).toBe(true);
    expect(ms, `${what}: answered in ${ms} ms`).toBeLessThan(QUICK_MS);
  }
  const clientError = (s: number) => s >= 400 && s < 500;

  async function expectHealthy(request: APIRequestContext) {
    const res = await request.get("/api/health", { timeout: QUICK_MS });
    expect(res.status()).toBe(200);
  }

  /** A form post from the portal's own pages (same origin), with the page's session. */
  const formPost = (page: Page, url: string, body: string, contentType: string) =>
    page.request.post(url, { data: body, headers: { "content-type": contentType, origin: PORTAL }, maxRedirects: 0, timeout: 30_000 });

  const TRUNCATED_UPLOAD =
    "--B\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nx\r\n" +
    "--B\r\nContent-Disposition: form-data; name=\"acceptance_agreement__upload\"; filename=\"x.txt\"\r\nContent-Type: text/plain\r\n\r\nhello\r\n";

  test("a truncated upload and a huge list index, as admin, are 4xx; the portal lives on", async ({ page, request }) => {
    await signIn(page, "admin");
    await expectAnsweredQuickly(() => formPost(page, "/admin/infrastructure/create", TRUNCATED_UPLOAD, "multipart/form-data; boundary=B"), clientError, "truncated upload to /admin/infrastructure/create");
    await expectHealthy(request);
    await expectAnsweredQuickly(() => formPost(page, "/admin/infrastructure/create", "name=x&periods[99999999].date_from=2027-01-01", "application/x-www-form-urlencoded"), clientError, "periods[99999999] to /admin/infrastructure/create");
    await expectHealthy(request);
  });

  test("a list index of 20000 on the manager's own infrastructure is a 4xx; the portal lives on", async ({ page, request }) => {
    await signIn(page, "infrastructure-manager");
    // Infrastructure 1 (Arctic Research Station Ny-Ålesund) is the demo manager's.
    await expectAnsweredQuickly(() => formPost(page, "/infrastructure/1/update", "name=x&periods[20000].date_from=2027-01-01", "application/x-www-form-urlencoded"), clientError, "periods[20000] to /infrastructure/1/update");
    await expectHealthy(request);
  });

  test("a truncated upload to the API, a 5000-deep JSON and a 20 MB body signed out are 4xx; the portal lives on", async ({ request }) => {
    await expectAnsweredQuickly(
      () => request.post("/api/media/uploads", { data: TRUNCATED_UPLOAD.replace("acceptance_agreement__upload", "file"), headers: { "content-type": "multipart/form-data; boundary=B" }, timeout: 30_000 }),
      (s) => s === 401,
      "signed-out truncated upload to /api/media/uploads",
    );
    const deep = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
    for (const authorization of [undefined, "Bearer not-a-jwt"]) {
      await expectAnsweredQuickly(
        () => request.post("/api/infrastructures", { data: deep, headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) }, timeout: 30_000 }),
        (s) => s === 401,
        `5000-deep JSON to POST /api/infrastructures (${authorization ?? "no token"})`,
      );
    }
    await expectHealthy(request);
    const huge = `{"project-name":"${"x".repeat(20 * 1024 * 1024)}"}`;
    await expectAnsweredQuickly(() => request.put("/api/settings", { data: huge, headers: { "content-type": "application/json" }, timeout: 30_000 }), (s) => s === 401 || s === 413, "20 MB signed-out PUT /api/settings");
    await expectHealthy(request);
  });

  test("a multipart form field without a name is a 4xx; the portal lives on", async ({ request }) => {
    // Found by tests/api/fuzz-forms.test.ts: readForm never answered this one.
    const body = '--B\r\nContent-Disposition: form-data; name=""\r\n\r\nx\r\n--B\r\nContent-Disposition: form-data; name="theme"\r\n\r\ndark\r\n--B--\r\n';
    const start = Date.now();
    const answer = await request
      .post("/preferences/theme", { data: body, headers: { "content-type": "multipart/form-data; boundary=B", origin: PORTAL }, maxRedirects: 0, timeout: QUICK_MS })
      .then((res) => `status ${res.status()}`, (err: Error) => `no answer: ${err.message.split("\n")[0]}`);
    const ms = Date.now() - start;
    await expectHealthy(request);
    expect(answer, `a nameless multipart field to /preferences/theme, after ${ms} ms`).toMatch(/^status 4\d\d$/);
  });
});
