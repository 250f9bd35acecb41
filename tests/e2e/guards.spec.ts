import type { Page } from "@playwright/test";
import { adminMenuLink, expect, expectNoA11yViolations, test, signIn } from "./fixtures";

const mainMenu = (page: Page) => page.getByRole("navigation", { name: "Main menu" });

// The panel is named in a setting, not by a role: the API's 403 sends the applicant home the same way.
for (const [username, path] of [["editor", "/admin/users"], ["applicant", "/admin/settings"], ["applicant", "/panel"], ["applicant", "/panel/1"]]) {
  test(`${username} is sent from ${path} to /`, async ({ page }) => {
    await signIn(page, username, path);
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome, / })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Settings" })).toHaveCount(0);
    // An alert says why, instead of a silent change of page.
    await expect(page.getByRole("region", { name: "Notifications", exact: true })).toContainText("Your account has no access to that page.");
    await expectNoA11yViolations(page);
    // Visiting it again while signed in is refused the same way.
    await page.goto(path);
    await expect(page).toHaveURL("/");
  });
}

test("the editor manages the settings from the Admin menu, but not the users", async ({ page }) => {
  await signIn(page, "editor", "/");
  const menu = mainMenu(page);
  await expect(menu.getByRole("link", { name: "Users", exact: true })).toHaveCount(0);
  await (await adminMenuLink(page, "Settings")).click();
  await expect(page).toHaveURL("/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await page.getByRole("button", { name: "Save settings" }).click();
  // The message opens the main content, below the header: it covers nothing (docs/ui.md#alerts).
  const messages = page.getByRole("main").getByRole("region", { name: "Notifications" });
  await expect(messages.getByRole("status")).toContainText("The settings were saved.");
  const headerBottom = (await page.getByRole("banner").boundingBox())!;
  expect((await messages.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height);
  expect(await messages.evaluate((el) => getComputedStyle(el).position)).toBe("static");
});

test("the admin sees the Admin menu", async ({ page }) => {
  await signIn(page, "admin", "/");
  const menu = mainMenu(page);
  await expect(menu.getByText("Admin", { exact: true })).toBeVisible();
  await expect(menu.getByRole("link", { name: "My applications" })).toBeVisible();
  const settings = await adminMenuLink(page, "Settings");
  await expect(settings).toHaveAttribute("href", "/admin/settings");
  await settings.click();
  await expect(page).toHaveURL("/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
});

test("an applicant sees no Admin menu", async ({ page }) => {
  await signIn(page, "applicant", "/");
  const menu = mainMenu(page);
  await expect(menu.getByRole("link", { name: "Open calls" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "My applications" })).toHaveAttribute("href", "/application");
  await expect(menu.getByText("Admin", { exact: true })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Settings", exact: true })).toHaveCount(0);
});
