// Issue 10 §11–12: the header's unread count, the /notifications screen
// (filter read or unread, mark read and unread, each a real form), and the
// admin's outbox at /admin/mail; JS on and off, axe, both languages and themes.
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";
import { checkLayout } from "./wizard-drafts";

const SUBMITTED = /Application FJORDMELT \(#\d+\) was submitted\./;

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("an editor reads the submission notification from the header, marks it read and unread, and filters", async ({ page }) => {
  await signIn(page, "editor", "/");
  const link = page.getByRole("link", { name: /^Notifications/ });
  await expect(link).toHaveAccessibleName("Notifications 1 unread");
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: SUBMITTED });
  await expect(item).toContainText("New");
  await expect(item.getByRole("link", { name: SUBMITTED })).toHaveAttribute("href", /^\/admin\/application\/\d+$/);
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page, "pw-notify-notifications");

  await item.getByRole("button", { name: /^Mark as read/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "The notification is marked as read." })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Notifications/ })).toHaveAccessibleName("Notifications");
  await expect(page.getByText("0 unread notifications.")).toBeVisible();

  await page.getByLabel("Show").selectOption({ label: "Unread" });
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/filter=unread/);
  await expect(page.getByRole("listitem").filter({ hasText: SUBMITTED })).toHaveCount(0);
  await page.getByLabel("Show").selectOption({ label: "Read" });
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/filter=read/);
  const read = page.getByRole("listitem").filter({ hasText: SUBMITTED });
  await expect(read).not.toContainText("New");
  await read.getByRole("button", { name: /^Mark as unread/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "The notification is marked as unread." })).toBeVisible();
  await expect(page).toHaveURL(/filter=read/);
  await expect(page.getByRole("link", { name: /^Notifications/ })).toHaveAccessibleName("Notifications 1 unread");
});
