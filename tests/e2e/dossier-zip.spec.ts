// The dossier zips (docs/ui.md, ADR 041) through the browser's own session, JS on and
// off: "Download everything (zip)" on the applicant's review page and on the
// evaluator's screen of the demo's TUNDRACARB (under evaluation), each zip read
// back (the PDF first, then the files the reader may read: the evaluator gets
// no agreement nor report); another applicant gets the 404 screen; the editor's
// "Download the dossiers (zip)" on the staff list carries the filters, and a
// refusal comes back to the list with its reason. Only reads.
import type { Download, Page } from "@playwright/test";
import fs from "node:fs";
import { acceptCookies, expect, expectNoA11yViolations, signIn, signOut, test } from "./fixtures";
import { unzip } from "../api/spreadsheet-readers";

const ACRONYM = "TUNDRACARB";
const LINK = "Download everything (zip)";

test.beforeEach(async ({ page }) => {
  test.slow();
  await acceptCookies(page);
});

const entries = async (download: Download) => Object.keys(unzip(fs.readFileSync((await download.path())!)));

/** Clicks the screen's zip link and answers the downloaded zip's entries. */
async function zipFrom(page: Page): Promise<string[]> {
  await expect(page.getByRole("heading", { level: 1 })).toContainText(ACRONYM);
  await expectNoA11yViolations(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: LINK }).click()]);
  expect(download.suggestedFilename()).toBe(`${ACRONYM}.zip`);
  return entries(download);
}

test("the applicant and the evaluator download the dossier from their screens; another applicant gets the 404 screen", async ({ page }) => {
  // Only those under evaluation, as the demo's TUNDRACARB is: other browser tests add pages of the applicant's applications before this one runs.
  await signIn(page, "applicant", "/application");
  await page.goto("/application?status%5B%5D=under-evaluation");
  await page.getByRole("link", { name: `View (${ACRONYM})`, exact: true }).click();
  const own = await zipFrom(page);
  expect(own[0]).toBe(`${ACRONYM}/${ACRONYM}.pdf`);
  expect(own.every((name) => name.startsWith(`${ACRONYM}/`))).toBe(true);
  const id = /\/application\/(\d+)\//.exec(page.url())![1];
  await signOut(page);

  await signIn(page, "evaluator", "/my-evaluations");
  await page.getByRole("row").filter({ hasText: ACRONYM }).getByRole("link", { name: new RegExp(`\\(${ACRONYM}\\)$`) }).first().click();
  const evaluator = await zipFrom(page);
  expect(evaluator[0]).toBe(`${ACRONYM}/${ACRONYM}.pdf`);
  expect(evaluator.filter((name) => /\/(agreements|report)\//.test(name))).toEqual([]);
  await signOut(page);

  await signIn(page, "applicant2", "/");
  await page.goto(`/application/${id}/dossier`);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  expect((await page.request.get(`/application/${id}/dossier`, { headers: { accept: "application/zip" } })).status()).toBe(404);
});

test("the editor downloads the dossiers of the filtered staff list; with nothing to download the list says why", async ({ page }) => {
  await signIn(page, "editor", `/admin/application?q=${ACRONYM}`);
  await expect(page.getByText("Each matching application's PDF and files, at most 200 applications.")).toBeVisible();
  await expectNoA11yViolations(page);
  const link = page.getByRole("link", { name: "Download the dossiers (zip)" });
  await expect(link).toHaveAttribute("href", `/admin/application/dossiers?q=${ACRONYM}&sort_by=id&order=desc`);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^dossiers-\d{4}-\d{2}-\d{2}\.zip$/);
  const folders = [...new Set((await entries(download)).map((name) => name.split("/")[0]))];
  expect(folders.length).toBeGreaterThan(0);
  expect(folders.every((folder) => new RegExp(`^\\d+-${ACRONYM}`).test(folder))).toBe(true);

  await page.goto("/admin/application?q=no%20application%20has%20this%20name");
  await page.getByRole("link", { name: "Download the dossiers (zip)" }).click();
  await expect(page).toHaveURL(/\/admin\/application\?q=no\+application\+has\+this\+name/);
  await expect(page.getByText("No application matches these filters: there is no dossier to download.")).toBeVisible();
  await expectNoA11yViolations(page);
});
