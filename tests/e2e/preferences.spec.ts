import type { Page } from "@playwright/test";
import { expect, test, expectNoA11yViolations } from "./fixtures";

const header = (page: Page) => page.getByRole("banner");
const banner = (page: Page) => page.getByRole("region", { name: "Cookies", exact: true });

test("the theme switches to dark, persists, and switches back", async ({ page }) => {
  await page.goto("/call");
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", "dark");
  await header(page).getByRole("button", { name: "Dark theme" }).click();
  await expect(page).toHaveURL("/call");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expectNoA11yViolations(page);

  await header(page).getByRole("button", { name: "Light theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await expect(header(page).getByRole("button", { name: "Dark theme" })).toBeVisible();
});

test("the language switches to French and back", async ({ page }) => {
  await page.goto("/call");
  await header(page).getByLabel("Language").selectOption({ label: "Français" });
  await header(page).getByRole("button", { name: "Change language" }).click();
  await expect(page).toHaveURL("/call");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1, name: "Appels ouverts" })).toBeVisible();
  await expect(page).toHaveTitle(/^Appels ouverts · \S/);
  await expect(page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Appels ouverts" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Se connecter" })).toBeVisible();
  // The choice is remembered on the next page.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Appels ouverts" })).toBeVisible();

  await header(page).getByLabel("Langue").selectOption({ label: "English" });
  await header(page).getByRole("button", { name: "Changer de langue" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Open calls" })).toBeVisible();
});

test("accepting cookies hides the banner on every page; revoking brings it back", async ({ page }) => {
  await page.goto("/call");
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole("button", { name: "Accept cookies" }).click();
  await expect(page).toHaveURL("/call");
  await expect(banner(page)).toHaveCount(0);
  await page.goto("/");
  await expect(banner(page)).toHaveCount(0);

  await page.goto("/cookies");
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Cookie management" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("You have accepted the cookies.");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Revoke consent" }).click();
  await expect(page).toHaveURL("/cookies");
  await expect(page.getByRole("main").getByRole("status")).toHaveText("You have not given your consent yet.");
  await expect(banner(page)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto("/call");
  await expect(banner(page).getByRole("button", { name: "Accept cookies" })).toBeVisible();
});
