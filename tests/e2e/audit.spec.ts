// The audit trail's screens (docs/decisions/051-audit-trail.md) without
// JavaScript, where they are plain GET forms, links and details: the admin
// saves their profile, finds that write at /admin/audit by their name, opens
// what it changed; an editor is turned away from the whole trail but reads an
// application's own on its staff screen. Axe and 375 px.
import type { Page } from "@playwright/test";
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "plain forms, links and details: once, without JavaScript");

const noSideScroll = async (page: Page) => {
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
};

test("the admin finds their own profile change in the audit trail, with its old and new value", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "admin", "/profile");
  const phone = `+32 2 555 ${String(Date.now()).slice(-2)} ${String(Date.now()).slice(-4, -2)}`;
  await page.getByLabel("Phone").fill(phone);
  await page.getByRole("button", { name: "Save my profile" }).click();
  await expect(page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: /saved/i }).first()).toBeVisible();

  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit trail" })).toBeVisible();
  await page.getByLabel("Person (name or e-mail)").fill("admin");
  await page.getByLabel("Record type").selectOption({ label: "User" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/person=admin/);
  const first = page.getByRole("table", { name: /changes?$/ }).getByRole("row").nth(1);
  await expect(first.getByText("PUT /api/users/me")).toBeVisible();
  await first.getByText(/record changed$/).click();
  await expect(first.getByText(phone)).toBeVisible();
  await expectNoA11yViolations(page);
  await noSideScroll(page);
});

test("an editor cannot open the whole trail, but reads an application's own on its staff screen", async ({ page }) => {
  await signIn(page, "editor", "/admin/audit");
  await expect(page).toHaveURL("/");
  await page.goto("/admin/application?q=TUNDRACARB");
  await page.getByRole("row").filter({ hasText: "TUNDRACARB" }).getByRole("link").first().click();
  const changes = page.getByRole("region", { name: "Changes to this application" });
  await expect(changes).toBeVisible();
  await expect(changes.getByText(/No change recorded yet\.|PUT \/api\//).first()).toBeVisible();
  await expectNoA11yViolations(page);
  // All of the application's changes, on their own page.
  await page.goto(`${new URL(page.url()).pathname}/changes`);
  await expect(page.getByRole("heading", { level: 1, name: /^Changes to application \d+\.$/ })).toBeVisible();
  await expectNoA11yViolations(page);
  await noSideScroll(page);
});
