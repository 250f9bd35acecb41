// docs/lifecycle.md#notifications, docs/architecture.md#mail: the header's unread count, the /notifications screen
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
  // The demo's submitted applications each told the editors.
  await expect(link).toHaveAccessibleName(/^Notifications \d+ unread$/);
  const unread = Number(/(\d+)/.exec((await link.textContent()) ?? "")![1]);
  const header = (n: number) => (n ? `Notifications ${n} unread` : "Notifications");
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  // Other browser tests may have submitted applications started from FJORDMELT (same acronym): the one read here is named by its link.
  const first = page.getByRole("listitem").filter({ hasText: SUBMITTED }).first();
  const href = (await first.getByRole("link", { name: SUBMITTED }).getAttribute("href"))!;
  expect(href).toMatch(/^\/admin\/application\/\d+$/);
  const mine = () => page.getByRole("listitem").filter({ has: page.locator(`a[href="${href}"]`) });
  const item = mine();
  await expect(item).toContainText("New");
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page, "pw-notify-notifications");

  await item.getByRole("button", { name: /^Mark as read/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "The notification is marked as read." })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Notifications/ })).toHaveAccessibleName(header(unread - 1));

  await page.getByLabel("Show").selectOption({ label: "Unread" });
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/filter=unread/);
  await expect(mine()).toHaveCount(0);
  await page.getByLabel("Show").selectOption({ label: "Read" });
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/filter=read/);
  const read = mine();
  await expect(read).not.toContainText("New");
  await read.getByRole("button", { name: /^Mark as unread/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "The notification is marked as unread." })).toBeVisible();
  await expect(page).toHaveURL(/filter=read/);
  await expect(page.getByRole("link", { name: /^Notifications/ })).toHaveAccessibleName(header(unread));
});

test("an editor reminds a call's evaluators from the call screen, then reads the e-mails at /admin/mail", async ({ page }) => {
  await signIn(page, "editor", "/admin/call");
  await page.getByRole("link", { name: "Transnational Access Call 2027: polar and marine" }).click();
  await expect(page).toHaveURL(/\/admin\/call\/\d+\/update$/);
  await page.getByRole("button", { name: "Remind evaluators" }).click();
  await expect(page).toHaveURL(/\/admin\/call\/\d+\/update$/);
  await expect(page.getByRole("status").filter({ hasText: /The reminder was sent|No evaluator has an open evaluation/ })).toBeVisible();

  await page.goto("/admin/mail");
  await expect(page.getByRole("heading", { level: 1, name: "E-mails" })).toBeVisible();
  // (other browser tests may have submitted more applications named FJORDMELT)
  const row = page.getByRole("row").filter({ hasText: /New application submitted: FJORDMELT/ }).first();
  await expect(row).toContainText("editor@demo.ta-portal.test");
  // The browser tests' portal delivers to an SMTP sink (start-server.ts): queued until the mail job's next run.
  await expect(row).toContainText(/Queued|Sent/);
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page, "pw-notify-mail");
  await page.getByLabel("State").selectOption({ label: "Failed" });
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/state=failed/);
  await expect(page.getByRole("row").filter({ hasText: /FJORDMELT/ })).toHaveCount(0);

  await page.goto("/admin/mail");
  await page.getByRole("link", { name: /New application submitted: FJORDMELT/ }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: /New application submitted: FJORDMELT/ })).toBeVisible();
  await expect(page.locator("pre")).toContainText(/Application FJORDMELT \(#\d+\) was submitted\./);
  await expect(page.locator("pre")).toContainText(/\/admin\/application\/\d+/);
  await expectNoA11yViolations(page);
});

test("an editor invites an address as viewer, with the form's errors first, and sees it pending in the report", async ({ page }) => {
  const address = `invitee-${test.info().project.name}@example.org`;
  await signIn(page, "editor", "/admin/invitations");
  await expect(page.getByRole("heading", { level: 1, name: "Invitations" })).toBeVisible();
  await page.getByRole("button", { name: "Send the invitations" }).click();
  await expect(page.getByLabel("E-mail addresses")).toHaveAccessibleDescription(/This field is required/);
  await page.getByLabel("E-mail addresses").fill(`${address}\nnot-an-address`);
  await page.getByRole("button", { name: "Send the invitations" }).click();
  await expect(page.getByLabel("E-mail addresses")).toHaveValue(`${address}\nnot-an-address`);
  await expectNoA11yViolations(page);
  await page.getByLabel("E-mail addresses").fill(address);
  await page.getByLabel("Role").selectOption({ label: "Viewer" });
  await page.getByRole("button", { name: "Send the invitations" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The invitations were sent." })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).fill(address);
  await page.getByRole("button", { name: "Show", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: address });
  await expect(row).toContainText("Viewer");
  await expect(row).toContainText("Pending");
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page, "pw-notify-invitations");
});
