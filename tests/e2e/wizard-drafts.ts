// Shared by the wizard's browser tests: a new draft of the applicant's taken
// through its first steps by their forms, and the layout check every step gets
// (nothing scrolls sideways at 1280 and 375 px, English/light and French/dark).
import type { Page } from "@playwright/test";
import { expect, signIn } from "./fixtures";

export const OPEN_CALL = "Transnational Access Call 2027: polar and marine";
export const summary = (page: Page) => page.getByRole("alert").filter({ hasText: "Unable to save" });
export const saveAndContinue = (page: Page) => page.getByRole("button", { name: "Save and continue" }).click();
export const saveDraft = (page: Page) => page.getByRole("button", { name: "Save draft" }).click();

/** Signs the applicant in, starts a draft on the open call and fills Terms, Before you start and Project: answers on User group. */
export async function draftAtUserGroup(page: Page, acronym: string) {
  await signIn(page, "applicant", "/call");
  await page.getByRole("article").filter({ has: page.getByRole("heading", { name: OPEN_CALL }) }).getByRole("link", { name: "Apply" }).click();
  await page.getByRole("button", { name: "Start the application" }).click();
  await page.getByLabel("I have read and accept the terms of service").check();
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/update\/intro$/);
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/update\/project$/);
  await page.getByLabel("Project acronym").fill(acronym);
  await page.getByLabel("Project title").fill("What the ice wrote down");
  await page.getByLabel("Project summary").fill("We read the ice core layer by layer.");
  await page.getByLabel("Discipline").selectOption({ index: 1 });
  await page.getByLabel("Keyword 1").fill("glaciology");
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/update\/user-group$/);
}

/** Sets the reader's language and theme through their forms (as the Display menu does). */
async function preferences(page: Page, lng: string, theme: string) {
  for (const [path, form] of [["/preferences/language", { lng, returnTo: "/" }], ["/preferences/theme", { theme, returnTo: "/" }]] as const) {
    expect((await page.request.post(path, { form, maxRedirects: 0, headers: { Origin: new URL(page.url()).origin } })).status()).toBe(302);
  }
}

/**
 * The page at 1280 and 375 px, in English/light then French/dark: nothing
 * scrolls sideways; with `shots`, each is saved as /tmp/{shots}-{lng}-{theme}-{width}.png.
 * Leaves the page in English/light at 1280 px.
 */
export async function checkLayout(page: Page, shots?: string) {
  for (const [lng, theme] of [["en", "light"], ["fr", "dark"]] as const) {
    await preferences(page, lng, theme);
    for (const width of [1280, 375]) {
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
