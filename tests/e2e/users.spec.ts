import type { Page } from "@playwright/test";
import { expect, test, acceptCookies, expectNoA11yViolations, signIn } from "./fixtures";

const rowOf = (page: Page, email: string) => page.getByRole("row").filter({ hasText: email });

/** Searches the users list with the GET filter form (works without JavaScript). */
async function search(page: Page, q: string) {
  await page.getByLabel("Name or e-mail").fill(q);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(q).replace(/\./g, "\\.")}`));
}

async function saveRoles(page: Page, email: string) {
  await rowOf(page, email).getByRole("button", { name: "Save roles" }).click();
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("an admin finds the viewer, gives the evaluator role and sees it saved", async ({ page }) => {
  const email = "viewer@demo.ta-portal.test";
  await signIn(page, "admin", "/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await expectNoA11yViolations(page);

  await search(page, "viewer");
  await expect(page.getByRole("row")).toHaveCount(2); // the header and Vera Viewer
  const row = rowOf(page, email);
  await expect(row.getByRole("rowheader")).toHaveText("Vera Viewer");
  const evaluator = row.getByRole("checkbox", { name: "Evaluator" });
  const notifications = page.getByRole("region", { name: "Notifications" });
  // A run that failed half-way may have left the role: start from without it.
  if (await evaluator.isChecked()) {
    await evaluator.uncheck();
    await saveRoles(page, email);
    await expect(notifications).toContainText("The roles were saved.");
  }
  await expect(row.getByRole("cell").nth(1)).toHaveText("Applicant, Viewer");
  await expect(row.getByRole("checkbox", { name: "Applicant" })).toBeDisabled();
  await expect(row.getByRole("checkbox", { name: "Applicant" })).toBeChecked();

  await evaluator.check();
  await saveRoles(page, email);
  await expect(notifications.getByRole("status").filter({ hasText: "Success" })).toContainText("The roles were saved.");
  // Post/Redirect/Get back to the same filtered list.
  await expect(page).toHaveURL(/\/admin\/users\?q=viewer(&|$)/);
  await expect(rowOf(page, email).getByRole("cell").nth(1)).toHaveText("Applicant, Evaluator, Viewer");
  await page.reload();
  await expect(rowOf(page, email).getByRole("checkbox", { name: "Evaluator" })).toBeChecked();

  // Put the viewer back as they were, for the other project's run.
  await rowOf(page, email).getByRole("checkbox", { name: "Evaluator" }).uncheck();
  await saveRoles(page, email);
  await expect(rowOf(page, email).getByRole("cell").nth(1)).toHaveText("Applicant, Viewer");
});

test("an admin removing their own admin role gets an error summary, and the choices are kept", async ({ page }, testInfo) => {
  const email = "admin@demo.ta-portal.test";
  await signIn(page, "admin", "/admin/users");
  await search(page, "admin@demo");
  const row = rowOf(page, email);
  await row.getByRole("checkbox", { name: "Administrator", exact: true }).uncheck();
  await row.getByRole("checkbox", { name: "Watchdog" }).check();
  const posted = testInfo.project.name === "js-off" ? page.waitForResponse((r) => r.request().method() === "POST") : null;
  await saveRoles(page, email);
  if (posted) expect((await posted).status()).toBe(400);

  const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Unable to save" }) });
  await expect(summary).toContainText("Validation failed, check all required fields");
  const link = summary.getByRole("link", { name: "Roles of Adam Admin: You cannot remove your own administrator role" });
  const group = rowOf(page, email).getByRole("group", { name: "Roles of Adam Admin" });
  await expect(link).toHaveAttribute("href", `#${await group.getAttribute("id")}`);
  const admin = rowOf(page, email).getByRole("checkbox", { name: "Administrator", exact: true });
  await expect(admin).toHaveAttribute("aria-invalid", "true");
  await expect(admin).toHaveAccessibleDescription(/You cannot remove your own administrator role/);
  // What was chosen stays chosen; nothing was saved.
  await expect(admin).not.toBeChecked();
  await expect(rowOf(page, email).getByRole("checkbox", { name: "Watchdog" })).toBeChecked();
  await expect(rowOf(page, email).getByRole("cell").nth(1)).toHaveText("Applicant, Administrator");
  await expectNoA11yViolations(page);
});

test("the list sorts by e-mail and filters by role", async ({ page }) => {
  await signIn(page, "admin", "/admin/users");
  await page.getByLabel("Role").selectOption({ label: "Infrastructure manager" });
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/role=infrastructure-manager/);
  await expect(rowOf(page, "infrastructure-manager@demo.ta-portal.test")).toBeVisible();
  await expect(rowOf(page, "viewer@demo.ta-portal.test")).toHaveCount(0);

  await page.goto("/admin/users");
  await page.getByRole("link", { name: "E-mail" }).click();
  await expect(page.getByRole("columnheader", { name: /E-mail/ })).toHaveAttribute("aria-sort", "ascending");
  const emails = await page.getByRole("row").locator("td:first-of-type").allTextContents();
  expect(emails).toEqual([...emails].sort());
});

test("an editor is sent away from the users screen", async ({ page }) => {
  await signIn(page, "editor", "/");
  await page.goto("/admin/users");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toHaveCount(0);
});
