import type { Page } from "@playwright/test";
import { expect, test, acceptCookies, expectNoA11yViolations, signIn } from "./fixtures";

const VIEWER = "viewer@demo.ta-portal.test";
const rowOf = (page: Page, email: string) => page.getByRole("row").filter({ hasText: email });
const rolesGroup = (page: Page, name: string) => page.getByRole("group", { name: `Roles of ${name}` });
const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });

/** Searches the users list with the GET filter form (works without JavaScript). */
async function search(page: Page, q: string) {
  await page.getByLabel("Name or e-mail").fill(q);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(q).replace(/\./g, "\\.")}`));
}

/** Opens a user's screen from the list, by the link on their name. */
async function openUser(page: Page, q: string, name: string) {
  await page.goto("/admin/users");
  await search(page, q);
  await page.getByRole("table").getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/** Posts the role form and waits for the screen it comes back to. */
async function saveRoles(page: Page) {
  await page.getByRole("button", { name: "Save roles" }).click();
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("the list shows each user's roles as text, and a name opens the user's screen", async ({ page }) => {
  await signIn(page, "admin", "/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  // No role editor on the list any more: roles are text.
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  await expectNoA11yViolations(page);

  await search(page, "viewer");
  await expect(page.getByRole("row")).toHaveCount(2); // the header and Vera Viewer
  const row = rowOf(page, VIEWER);
  await expect(row.getByRole("rowheader")).toHaveText("Vera Viewer", { useInnerText: true });
  await expect(row.getByRole("cell").nth(1)).toHaveText(/^Applicant, (Evaluator, )?Viewer$/);

  await row.getByRole("link", { name: "Vera Viewer" }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Vera Viewer" })).toBeVisible();
  const profile = page.getByRole("region", { name: "Profile" });
  await expect(profile.getByRole("definition").nth(3)).toHaveText(VIEWER); // E-mail
  await expect(profile).toContainText("Demo Research Institute");
  await expect(profile).toContainText("Belgium (BE)");
  await expect(profile).toContainText("Not given");
  const group = rolesGroup(page, "Vera Viewer");
  await expect(group.getByRole("checkbox")).toHaveCount(8);
  await expect(group.getByRole("checkbox", { name: "Applicant" })).toBeChecked();
  await expect(group.getByRole("checkbox", { name: "Applicant" })).toBeDisabled();
  await expect(group.getByRole("checkbox", { name: "Viewer" })).toBeChecked();
  await expectNoA11yViolations(page);

  await page.getByRole("link", { name: "Back to users" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
});

test("an admin gives the viewer the evaluator role on their screen and sees it saved", async ({ page }) => {
  await signIn(page, "admin", "/admin/users");
  await openUser(page, "viewer", "Vera Viewer");
  const screen = page.url();
  const evaluator = rolesGroup(page, "Vera Viewer").getByRole("checkbox", { name: "Evaluator" });
  // A run that failed half-way may have left the role: start from without it.
  if (await evaluator.isChecked()) {
    await evaluator.uncheck();
    await saveRoles(page);
    await expect(notifications(page)).toContainText("The roles were saved.");
  }
  await expect(page.getByText("Current roles: Applicant, Viewer")).toBeVisible();

  await evaluator.check();
  await saveRoles(page);
  await expect(notifications(page).getByRole("status").filter({ hasText: "Success" })).toContainText("The roles were saved.");
  // Post/Redirect/Get back to the same screen, which shows what was stored.
  await expect(page).toHaveURL(screen);
  await expect(page.getByText("Current roles: Applicant, Evaluator, Viewer")).toBeVisible();
  await page.reload();
  await expect(rolesGroup(page, "Vera Viewer").getByRole("checkbox", { name: "Evaluator" })).toBeChecked();
  await page.goto("/admin/users?q=viewer");
  await expect(rowOf(page, VIEWER).getByRole("cell").nth(1)).toHaveText("Applicant, Evaluator, Viewer");

  // Put the viewer back as they were, for the other project's run.
  await page.goto(screen);
  await rolesGroup(page, "Vera Viewer").getByRole("checkbox", { name: "Evaluator" }).uncheck();
  await saveRoles(page);
  await expect(page.getByText("Current roles: Applicant, Viewer")).toBeVisible();
});

test("an admin removing their own admin role gets an error summary, and the choices are kept", async ({ page }, testInfo) => {
  await signIn(page, "admin", "/admin/users");
  await openUser(page, "admin@demo", "Adam Admin");
  const group = rolesGroup(page, "Adam Admin");
  await group.getByRole("checkbox", { name: "Administrator", exact: true }).uncheck();
  await group.getByRole("checkbox", { name: "Watchdog" }).check();
  // Without JavaScript the server refuses it (400); with, the browser does before posting.
  const posted = testInfo.project.name === "js-off" ? page.waitForResponse((r) => r.request().method() === "POST") : null;
  await saveRoles(page);
  if (posted) expect((await posted).status()).toBe(400);

  const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Unable to save" }) });
  await expect(summary).toContainText("Validation failed, check all required fields");
  const link = summary.getByRole("link", { name: "Roles of Adam Admin: You cannot remove your own administrator role" });
  await expect(link).toHaveAttribute("href", `#${await group.getAttribute("id")}`);
  const admin = group.getByRole("checkbox", { name: "Administrator", exact: true });
  await expect(admin).toHaveAttribute("aria-invalid", "true");
  await expect(admin).toHaveAccessibleDescription(/You cannot remove your own administrator role/);
  // What was chosen stays chosen; nothing was saved.
  await expect(admin).not.toBeChecked();
  await expect(group.getByRole("checkbox", { name: "Watchdog" })).toBeChecked();
  await expect(page.getByText("Current roles: Applicant, Administrator")).toBeVisible();
  await expectNoA11yViolations(page);
});

test("an unknown user is the not-found screen", async ({ page }) => {
  await signIn(page, "admin", "/admin/users");
  for (const id of ["2147483647", "abc"]) {
    const res = await page.goto(`/admin/users/${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  }
});

test("the list sorts by e-mail and filters by role", async ({ page }) => {
  await signIn(page, "admin", "/admin/users");
  await page.getByLabel("Role").selectOption({ label: "Infrastructure manager" });
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/role=infrastructure-manager/);
  await expect(rowOf(page, "infrastructure-manager@demo.ta-portal.test")).toBeVisible();
  await expect(rowOf(page, VIEWER)).toHaveCount(0);

  await page.goto("/admin/users");
  await page.getByRole("link", { name: "E-mail", exact: true }).click();
  await expect(page.getByRole("columnheader", { name: /E-mail/ })).toHaveAttribute("aria-sort", "ascending");
  const emails = await page.getByRole("row").locator("td:first-of-type").allTextContents();
  expect(emails).toEqual([...emails].sort());
});

test("an editor is sent away from the users screens", async ({ page }) => {
  await signIn(page, "editor", "/");
  for (const path of ["/admin/users", "/admin/users/1"]) {
    await page.goto(path);
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toHaveCount(0);
  }
});
