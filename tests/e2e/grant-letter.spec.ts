// The grant letter (docs/lifecycle.md#grant) through the browser's own session (cookies,
// no token in a URL), JS on and off: the demo applicant downloads the letter
// of their granted SNOWPACK (the PDF's text read back) and in French; another
// applicant following the same link gets the 404 screen; the editor opens the
// preview of POLARNIGHT, ready to grant, from its staff screen. Only reads:
// the demo applications are left as the seed made them.
import type { APIResponse, Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { acceptCookies, expect, expectNoA11yViolations, signIn, signOut, test } from "./fixtures";

const STATION = "Arctic Research Station Ny-Ålesund";

test.beforeEach(async ({ page }) => {
  test.slow();
  await acceptCookies(page);
});

async function pdfText(res: APIResponse): Promise<string> {
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.body())), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** The id of the signed-in applicant's granted application `acronym` (not a copy), from My applications. */
async function grantedApplicationId(page: Page, acronym: string): Promise<number> {
  await page.goto("/application?status%5B%5D=granted");
  const href = await page.getByRole("link", { name: `View (${acronym})`, exact: true }).getAttribute("href");
  return Number(/\/application\/(\d+)\//.exec(href ?? "")![1]);
}

test("the applicant downloads the letter of their granted application; another applicant gets the 404 screen", async ({ page }) => {
  await signIn(page, "applicant", "/application");
  const id = await grantedApplicationId(page, "SNOWPACK");

  const res = await page.request.get(`/application/${id}/grant-letter`, { headers: { accept: "application/pdf" } });
  expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename="grant-letter-SNOWPACK\.pdf"/);
  expect(res.headers()["cache-control"]).toBe("private, no-store");
  const text = await pdfText(res);
  expect(text).toContain("Grant of transnational access: SNOWPACK");
  expect(text).toMatch(new RegExp(`${STATION}: \\d+ units for 3 participants, budget €[\\d,]+\\.\\d\\d`));
  expect(text).not.toContain("PREVIEW");
  expect(await pdfText(await page.request.get(`/application/${id}/grant-letter?lang=fr`))).toMatch(
    /was granted on \d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/,
  );
  await signOut(page);

  await signIn(page, "applicant2", "/");
  await page.goto(`/application/${id}/grant-letter`);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expectNoA11yViolations(page);
  // A script or an image asking for it gets a bare 404.
  expect((await page.request.get(`/application/${id}/grant-letter`, { headers: { accept: "application/pdf" } })).status()).toBe(404);
});

test("the editor previews the letter of an application ready to grant from its staff screen", async ({ page }) => {
  await signIn(page, "editor", "/admin/application?q=POLARNIGHT");
  await page.getByRole("link", { name: /POLARNIGHT(?!-)/ }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("POLARNIGHT");
  const link = page.getByRole("link", { name: "Preview the grant letter (PDF)" });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/application\/\d+\/grant-letter\?preview=1$/);
  const res = await page.request.get(href!);
  expect(res.headers()["content-disposition"]).toMatch(/^inline; filename="grant-letter-POLARNIGHT-preview\.pdf"/);
  const text = await pdfText(res);
  expect(text).toContain("PREVIEW: this application is not granted yet.");
  expect(text).toContain("Grant of transnational access: POLARNIGHT");
  // Without ?preview=1 there is no letter yet.
  expect((await page.request.get(href!.replace("?preview=1", ""), { headers: { accept: "application/pdf" } })).status()).toBe(404);
});
