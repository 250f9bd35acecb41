// docs/ui.md#lists and #filters: at 375 px a list's rows are cards (label:
// value lines, the next action a full-width link) and the page never scrolls
// sideways; the staff list's filters are checkbox groups in a disclosure, the
// active ones shown as removable chips beside the count of results, all
// without JavaScript. Axe-clean.
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("at 375 px My applications is a card per row whose next action spans the card", async ({ page }) => {
  // Layout only: the same with JavaScript on and off.
  test.skip(test.info().project.name === "js-off", "CSS alone");
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, "applicant", "/application");
  const table = page.getByRole("table", { name: /application/ });
  const row = table.locator("tbody tr").first();
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
  // Each cell carries its column's name, drawn before its value.
  const status = row.locator("td").nth(1);
  await expect(status).toHaveAttribute("data-label", "Status");
  expect(await status.evaluate((td) => getComputedStyle(td, "::before").content)).toBe('"Status"');
  // The column headers are there for screen readers only.
  expect(await table.locator("thead").evaluate((h) => h.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
  const action = row.locator("td[data-action] a").first();
  await expect(action).toBeVisible();
  const [card, link] = [await row.boundingBox(), await action.boundingBox()];
  expect(link!.width).toBeGreaterThan(card!.width - 40);
  expect(link!.x + link!.width).toBeLessThanOrEqual(375);
  await expectNoA11yViolations(page);

  // Wide, the same markup is a table again.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await table.locator("thead").evaluate((h) => h.getBoundingClientRect().height)).toBeGreaterThan(10);
  expect(await status.evaluate((td) => getComputedStyle(td).display)).toBe("table-cell");
});

test("the staff list's filters are checkboxes in a panel, shown as chips with the count, each removable", async ({ page }) => {
  await signIn(page, "editor", "/admin/application");
  const panel = page.locator("details").filter({ has: page.getByText("Status, call, infrastructure, discipline") });
  // Closed while none of its filters is active.
  await expect(panel).not.toHaveAttribute("open");
  await panel.locator("summary").click();
  const status = page.getByRole("group", { name: "Status", exact: true });
  await status.getByLabel("Submitted", { exact: true }).check();
  await status.getByLabel("Under evaluation", { exact: true }).check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/status%5B%5D=submit&status%5B%5D=under-evaluation/);
  // Open again, its ticks kept; the count and a chip per value.
  await expect(panel).toHaveAttribute("open");
  await expect(panel.locator("summary")).toContainText("(2 chosen)");
  await expect(status.getByLabel("Submitted", { exact: true })).toBeChecked();
  await expect(page.getByRole("status").filter({ hasText: /^\d[\d,]* applications?$/ })).toBeVisible();
  const chips = page.getByRole("list", { name: "Active filters" });
  await expect(chips.getByRole("link")).toHaveText(["Remove the filter Status: Submitted×", "Remove the filter Status: Under evaluation×"]);
  await expectNoA11yViolations(page);

  await chips.getByRole("link", { name: "Remove the filter Status: Submitted" }).click();
  await expect(page).not.toHaveURL(/status%5B%5D=submit/);
  await expect(page).toHaveURL(/status%5B%5D=under-evaluation/);
  await expect(chips.getByRole("link")).toHaveCount(1);
  await expect(status.getByLabel("Submitted", { exact: true })).not.toBeChecked();
  await expect(status.getByLabel("Under evaluation", { exact: true })).toBeChecked();
});
