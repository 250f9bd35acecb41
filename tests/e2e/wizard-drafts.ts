// Shared by the wizard's browser tests: a new draft of the applicant's taken
// through its first steps by their forms, and the layout check every step gets
// (nothing scrolls sideways at 1280 and 375 px, English/light and French/dark).
import type { Locator, Page } from "@playwright/test";
import { expect, signIn } from "./fixtures";

export const OPEN_CALL = "Transnational Access Call 2027: polar and marine";
export const summary = (page: Page) => page.getByRole("alert").filter({ hasText: "Unable to save" });
export const saveAndContinue = (page: Page) => page.getByRole("button", { name: "Save and continue" }).click();
export const saveDraft = (page: Page) => page.getByRole("button", { name: "Save draft" }).click();

/** Signs the applicant in and starts a draft on the open call from /call: answers on Before you start, step 1. */
export async function startDraft(page: Page) {
  await signIn(page, "applicant", "/call");
  await page.getByRole("article").filter({ has: page.getByRole("heading", { name: OPEN_CALL }) }).getByRole("link", { name: "Apply" }).click();
  await page.getByRole("button", { name: "Start the application" }).click();
  await expect(page).toHaveURL(/\/update\/intro$/);
}

/** A new draft with Before you start and Terms done: answers on Project. */
export async function draftAtProject(page: Page) {
  await startDraft(page);
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/update\/terms$/);
  await page.getByLabel("I have read and accept the terms of service").check();
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/update\/project$/);
}

/** Signs the applicant in, starts a draft on the open call and fills Before you start, Terms and Project: answers on User group. */
export async function draftAtUserGroup(page: Page, acronym: string) {
  await draftAtProject(page);
  await page.getByLabel("Project acronym").fill(acronym);
  await page.getByLabel("Project title").fill("What the ice wrote down");
  await page.getByLabel("Project summary").fill("We read the ice core layer by layer.");
  await page.getByLabel("Discipline").selectOption({ index: 1 });
  await page.getByLabel("Keyword 1").fill("glaciology");
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/update\/user-group$/);
}

/** Fills a member's fields on User group (`row`: its "Member N" fieldset); name and surname only when given. */
export async function fillMember(row: Locator, values: { name?: string; surname?: string; email?: string }) {
  if (values.name) await row.getByLabel("Name", { exact: true }).fill(values.name);
  if (values.surname) await row.getByLabel("Surname").fill(values.surname);
  if (values.email) await row.getByLabel("E-mail").fill(values.email);
  for (const label of ["Nationality", "Country of residence", "Country of work"]) await row.getByLabel(label).selectOption("BE");
  for (const label of ["Gender", "Researcher status", "Type of organisation"]) await row.getByLabel(label).selectOption({ index: 1 });
  await row.getByLabel("Place of residence").fill("Brussels");
  await row.getByLabel("Year of birth").fill("1988");
  await row.getByLabel("Intent of research").fill("Field measurements");
  await row.getByLabel("Workplace").fill("Université libre de Bruxelles");
  await row.getByLabel("City of the organisation").fill("Brussels");
}

/** Sets the reader's language and theme through their forms (as the Display menu does). */
async function preferences(page: Page, lng: string, theme: string) {
  for (const [path, form] of [["/preferences/language", { lng, returnTo: "/" }], ["/preferences/theme", { theme, returnTo: "/" }]] as const) {
    expect((await page.request.post(path, { form, maxRedirects: 0, headers: { Origin: new URL(page.url()).origin } })).status()).toBe(302);
  }
}

/**
 * The page at 375 px, in English/light then French/dark: nothing scrolls
 * sideways (a phone is where it would: at 1280 px tables and charts scroll in
 * their own region, and every screen's 1280 px layout is read by the rest of
 * its test). With E2E_SHOTS=1 in the environment, also at 1280 px, each saved
 * as /tmp/{shots}-{lng}-{theme}-{width}.png for a person to look at (a full-page
 * picture costs more than the check itself).
 * Leaves the page in English/light at 1280 px.
 */
export async function checkLayout(page: Page, name?: string) {
  const shots = process.env.E2E_SHOTS ? name : undefined;
  for (const [lng, theme] of [["en", "light"], ["fr", "dark"]] as const) {
    await preferences(page, lng, theme);
    for (const width of shots ? [1280, 375] : [375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${lng} ${width} px`).toBeLessThanOrEqual(0);
      if (shots) await page.screenshot({ path: `/tmp/${shots}-${lng}-${theme}-${width}.png`, fullPage: true });
    }
  }
  await preferences(page, "en", "light");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
}
