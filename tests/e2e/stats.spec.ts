// The statistics' key indicators (docs/data.md#list-filters, ADR 037). An editor
// opens Statistics from the admin menu, reads the indicators' table, applies a
// filter (a GET form: kept in the URL, JS on and off), downloads the table,
// and the screen passes axe and fits 375 px in both languages.
import type { Page } from "@playwright/test";
import { acceptCookies, adminMenuLink, expect, expectNoA11yViolations, signIn, test } from "./fixtures";
import { checkLayout } from "./wizard-drafts";

const mainMenu = (page: Page) => page.getByRole("navigation", { name: "Main menu" });

test("an editor reads the key indicators from the admin menu and filters them", async ({ page }) => {
  // Two screens' layouts in four sizes and themes, four axe runs, two downloads.
  test.slow();
  await acceptCookies(page);
  await signIn(page, "editor", "/");
  await (await adminMenuLink(page, "Statistics")).click();
  // The menu opens the ranking, the first of the statistics' screens; the key indicators are one link away.
  await expect(page).toHaveURL(/\/admin\/stats$/);
  await page.getByRole("navigation", { name: "Statistics screens" }).getByRole("link", { name: "Key indicators" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/key$/);
  await expect(page.getByRole("heading", { level: 1, name: "Key indicators" })).toBeVisible();

  const table = page.getByRole("table");
  await expect(table.locator("caption")).toContainText(/Key indicators of \d+ applications?/);
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(9);
  for (const name of ["Calls", "Applications", "Success rate", "Applicants", "Members", "Countries reached", "Units delivered", "Median time to decision", "Median time to grant"]) {
    await expect(table.getByRole("rowheader", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  const applications = Number((await rows.nth(1).locator("td").innerText()).replace(/\D/g, ""));
  expect(applications).toBeGreaterThan(0);
  // No status chosen means the statistics' default statuses, and the screen says so.
  await expect(page.getByText(/With no status chosen: Under evaluation/i)).toBeVisible();
  await expectNoA11yViolations(page);
  // Nothing scrolls sideways at 1280 or 375 px, in English (light) and French (dark).
  if (test.info().project.name === "js-on") await checkLayout(page);

  // A filter: submitted in a far future, so nothing matches; it stays in the URL and in the form.
  await page.getByLabel("Submitted from").fill("2099-01-01");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/date_from=2099-01-01/);
  await expect(table.locator("caption")).toHaveText("Key indicators of 0 applications");
  await expect(table.getByRole("row", { name: /Success rate/ })).toContainText("No data");
  await expect(table.getByRole("row", { name: /Units delivered/ }).locator("td")).toHaveText("0");
  await expect(page.getByLabel("Submitted from")).toHaveValue("2099-01-01");
  await expectNoA11yViolations(page);

  // The download carries the filter.
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^key-indicators-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await (await csv.createReadStream()).toArray()).map((b: Buffer) => b.toString("utf8")).join("");
  expect(text).toContain("\uFEFFIndicator,Value\r\nCalls,0\r\nApplications,0\r\n");

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/key$/);
  await expect(table.locator("caption")).toContainText(String(applications));

  // Per infrastructure: reached from the statistics' own navigation, the filters kept.
  await page.getByRole("navigation", { name: "Statistics screens" }).getByRole("link", { name: "Infrastructures" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/ri$/);
  await expect(page.getByRole("heading", { level: 1, name: "Statistics per infrastructure" })).toBeVisible();
  const perInfrastructure = page.getByRole("table");
  await expect(perInfrastructure.locator("caption")).toContainText(/\d+ infrastructures? asked for/);
  await expect(perInfrastructure.getByRole("rowheader", { name: /Arctic Research Station/ })).toBeVisible();
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page);
  await page.getByLabel("Submitted from").fill("2099-01-01");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/ri\?.*date_from=2099-01-01/);
  await expect(perInfrastructure.locator("caption")).toHaveText("0 infrastructures asked for");
  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download XLSX" }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^infrastructures-\d{4}-\d{2}-\d{2}\.xlsx$/);
});

test("the statistics are refused to an applicant", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "applicant", "/");
  await expect(mainMenu(page).getByRole("link", { name: "Statistics" })).toHaveCount(0);
  await page.goto("/admin/stats/key");
  await expect(page).toHaveURL(/\/$/);
});
