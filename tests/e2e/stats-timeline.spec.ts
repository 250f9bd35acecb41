// The access calendar (docs/ui.md#charts). An editor reaches it from the
// statistics' navigation, reads the granted accesses on the timeline and in
// its table, changes the accesses status (a GET form: JS on and off) and
// downloads every access; the per-infrastructure screen draws its chart too.
// Both pass axe and fit 375 px in both languages and themes.
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";
import { checkLayout } from "./wizard-drafts";

test("an editor reads the access calendar, changes the accesses status and downloads the accesses", async ({ page }) => {
  // The layout check (two languages, two widths) and a download make a long test on a loaded machine.
  test.slow();
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/stats/key");
  await page.getByRole("navigation", { name: "Statistics screens" }).getByRole("link", { name: "Access calendar" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/timeline$/);
  await expect(page.getByRole("heading", { level: 1, name: "Access calendar" })).toBeVisible();

  // The demo's granted applications have proposed accesses: drawn, and in the table.
  const table = page.getByRole("table");
  await expect(table.locator("caption")).toContainText(/^\d+ granted access/);
  const rows = await table.locator("tbody tr").count();
  expect(rows).toBeGreaterThan(0);
  const chart = page.getByRole("img", { name: /Granted accesses over time \(Proposed\)/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleName(new RegExp(`${rows} access`));
  await expect(page.getByRole("list").filter({ hasText: "Physical" }).filter({ hasText: "Remote" })).toBeVisible();
  await expect(page.getByLabel("Accesses", { exact: true })).toHaveValue("proposed");
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page, "charts-timeline");

  // The confirmed accesses: the status stays in the URL and the form, and every row says it.
  await page.getByLabel("Accesses", { exact: true }).selectOption("sm_reported");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/accesses_status=sm_reported/);
  await expect(page.getByLabel("Accesses", { exact: true })).toHaveValue("sm_reported");
  const statuses = await table.locator("tbody tr td:last-child").allInnerTexts();
  expect(statuses.every((s) => s === "Reported by the manager")).toBe(true);
  await expectNoA11yViolations(page);

  // The download carries the filter.
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^access-calendar-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await (await csv.createReadStream()).toArray()).map((b: Buffer) => b.toString("utf8")).join("");
  expect(text.startsWith("\uFEFFApplication,Acronym,Infrastructure,Member,Type,Type code,From,To,Units,Status,Status code\r\n")).toBe(true);
  expect(text.split("\r\n").filter(Boolean)).toHaveLength(statuses.length + 1);
  expect(text).not.toContain(",proposed\r\n");

  // Nothing matches: no chart, an empty table.
  await page.getByLabel("Submitted from").fill("2099-01-01");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(table.locator("caption")).toHaveText("0 granted accesses");
  await expect(page.getByRole("img", { name: /Granted accesses/ })).toHaveCount(0);
});

test("the statistics per infrastructure draw the units delivered, physical and remote", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/stats/ri");
  const chart = page.getByRole("img", { name: /^Units delivered, physical and remote/ });
  await expect(chart).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Delivered, physical" })).toBeVisible();
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page, "charts-ri");
  // On paper: the chart and the table, without the portal's menu, the filters and the buttons.
  await page.emulateMedia({ media: "print" });
  await expect(chart).toBeVisible();
  await expect(page.getByRole("table")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Apply filters" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Download CSV" })).toBeHidden();
});
