// The application as a PDF (docs/ui.md#application-pdf) through the browser's own session
// (cookies, no token in a URL), JS on and off: the "Download the application
// (PDF)" link on the applicant's review page, the staff screen and the
// reviewers' screens of the demo's TUNDRACARB (under evaluation, its
// evaluators and watchdog assigned, at the demo manager's station), the
// download's text read back; another applicant gets the 404 screen. Only
// reads: the demo applications are left as the seed made them.
import type { Download, Page } from "@playwright/test";
import fs from "node:fs";
import { extractText, getDocumentProxy } from "unpdf";
import { acceptCookies, expect, expectNoA11yViolations, signIn, signOut, test } from "./fixtures";

const ACRONYM = "TUNDRACARB";
const LINK = "Download the application (PDF)";

test.beforeEach(async ({ page }) => {
  test.slow();
  await acceptCookies(page);
});

async function pdfText(download: Download): Promise<string> {
  expect(download.suggestedFilename()).toBe(`${ACRONYM}.pdf`);
  const bytes = fs.readFileSync((await download.path())!);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** Clicks the screen's PDF link and answers the downloaded document's text. */
async function downloadFrom(page: Page): Promise<string> {
  await expect(page.getByRole("heading", { level: 1 })).toContainText(ACRONYM);
  await expectNoA11yViolations(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: LINK }).click()]);
  return pdfText(download);
}

test("the applicant downloads their application from its review page, in English and in French; another applicant gets the 404 screen", async ({ page }) => {
  // Only those under evaluation, as the demo's TUNDRACARB is: other browser tests add pages of the applicant's applications before this one runs.
  await signIn(page, "applicant", "/application");
  await page.goto("/application?status%5B%5D=under-evaluation");
  await page.getByRole("link", { name: `View (${ACRONYM})`, exact: true }).click();
  const text = await downloadFrom(page);
  expect(text).toContain(`Application ${ACRONYM}`);
  expect(text).toContain("Under evaluation");
  expect(text).toContain("Carbon release from thawing tundra soils around Ny-Ålesund");
  expect(text).toMatch(/Page 1 of \d+/);
  const id = /\/application\/(\d+)\//.exec(page.url())![1];
  const fr = await page.request.get(`/application/${id}/pdf?lang=fr`);
  expect(fr.headers()["cache-control"]).toBe("private, no-store");
  const { text: french } = await extractText(await getDocumentProxy(new Uint8Array(await fr.body())), { mergePages: true });
  expect(french).toContain(`Candidature ${ACRONYM}`);
  await signOut(page);

  await signIn(page, "applicant2", "/");
  await page.goto(`/application/${id}/pdf`);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  expect((await page.request.get(`/application/${id}/pdf`, { headers: { accept: "application/pdf" } })).status()).toBe(404);
});

test("the editor downloads it from the staff screen", async ({ page }) => {
  await signIn(page, "editor", `/admin/application?q=${ACRONYM}`);
  await page.getByRole("link", { name: new RegExp(ACRONYM) }).first().click();
  expect(await downloadFrom(page)).toContain(`Application ${ACRONYM}`);
});

test("its evaluator, its watchdog and its infrastructure's manager download it from their screens", async ({ page }) => {
  await signIn(page, "evaluator", "/my-evaluations");
  // The row's next action, whatever it is now, opens the evaluation's screen (docs/ui.md#lists).
  await page.getByRole("row").filter({ hasText: ACRONYM }).getByRole("link", { name: new RegExp(`\\(${ACRONYM}\\)$`) }).first().click();
  expect(await downloadFrom(page)).toContain(`Application ${ACRONYM}`);
  await signOut(page);

  await signIn(page, "watchdog", "/my-evaluations-reviews");
  await page.getByRole("row").filter({ hasText: ACRONYM }).getByRole("link", { name: new RegExp(`\\(${ACRONYM}\\)$`) }).first().click();
  expect(await downloadFrom(page)).toContain(`Application ${ACRONYM}`);
  const id = /\/my-evaluations-reviews\/(\d+)$/.exec(page.url())![1];
  await signOut(page);

  await signIn(page, "infrastructure-manager", `/application-at-my-ri/${id}`);
  expect(await downloadFrom(page)).toContain(`Application ${ACRONYM}`);
});
