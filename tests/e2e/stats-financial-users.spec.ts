// The statistics of costs and of users (docs/ui.md#statistics): an editor
// reaches them from the statistics' navigation, reads their tables (amounts in
// euros, countries by name), applies a filter (a GET form: kept in the URL, JS
// on and off), downloads the table, and each screen passes axe and fits 375 px in
// both languages.
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";
import { checkLayout } from "./wizard-drafts";

test("an editor reads the costs, filters them and downloads them", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/stats/key");
  await page.getByRole("navigation", { name: "Statistics screens" }).getByRole("link", { name: "Costs" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/project-financial$/);
  await expect(page.getByRole("heading", { level: 1, name: "Travel and logistic costs" })).toBeVisible();

  const tables = page.getByRole("table");
  await expect(tables).toHaveCount(4);
  const total = tables.nth(0);
  await expect(total.locator("caption")).toContainText(/Costs of \d+ applications?/);
  for (const [n, caption] of [[1, "By cost label"], [2, "By infrastructure"], [3, "By call"]] as const) await expect(tables.nth(n).locator("caption")).toHaveText(caption);
  await expect(total.getByRole("columnheader", { name: "Requested per member" })).toBeVisible();
  // Amounts in euros, as the reader's language writes them.
  await expect(total.getByRole("row", { name: /All applications/ }).locator("td").nth(2)).toHaveText(/^€[\d,]+\.\d{2}$/);
  await expect(tables.nth(2).getByRole("rowheader", { name: /Arctic Research Station/ })).toBeVisible();
  await expect(page.getByText(/No decision fixes a cost per item/)).toBeVisible();
  // Requested against granted, per infrastructure and per call: each bar the amount requested, its first part granted.
  const byInfrastructure = page.getByRole("img", { name: /^Costs requested and granted, per infrastructure The travel and logistic costs requested for/ });
  await expect(byInfrastructure).toBeVisible();
  await expect(byInfrastructure.locator("text").filter({ hasText: /^€[\d.]+k?$/ }).first()).toBeAttached();
  await expect(page.getByRole("img", { name: /^Costs requested and granted, per call/ })).toBeVisible();
  for (const series of ["Granted", "Requested, not granted"]) await expect(page.getByRole("listitem").filter({ hasText: new RegExp(`^${series}$`) })).toHaveCount(2);
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page, "stats-costs");

  await page.getByLabel("Submitted from").fill("2099-01-01");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/project-financial\?.*date_from=2099-01-01/);
  await expect(total.locator("caption")).toHaveText("Costs of 0 applications");
  await expect(total.getByRole("row", { name: /All applications/ }).locator("td").nth(2)).toHaveText("€0.00");
  await expect(tables.nth(1).getByRole("cell", { name: "No costs" })).toBeVisible();
  await expect(page.locator("figure [role=img]")).toHaveCount(0);
  await expectNoA11yViolations(page);
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^costs-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await (await csv.createReadStream()).toArray()).map((b: Buffer) => b.toString("utf8")).join("");
  expect(text).toMatch(/^\uFEFFGrouping,Name,Applications,Members,Requested \(EUR\),.*\r\nTotal,All applications,0,0,0,,,0,0,0,,,0\r\n$/s);
});

test("an editor reads who the programme reached, filters it and downloads it", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/stats/key");
  await page.getByRole("navigation", { name: "Statistics screens" }).getByRole("link", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/users$/);
  await expect(page.getByRole("heading", { level: 1, name: "Users reached" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /members? reached/ })).toContainText(/^\d+ members? reached/);

  const tables = page.getByRole("table");
  await expect(tables).toHaveCount(9);
  await expect(page.getByRole("img", { name: /^Members by country of work, the ten most/ })).toBeVisible();
  for (const caption of ["By gender", "By nationality", "By country of residence", "By country of work", "By researcher status", "By organization type", "Early-career researchers", "By age", "New and returning users"]) {
    await expect(page.locator("caption", { hasText: caption })).toHaveCount(1);
  }
  // Countries by name with their code; the age bands all listed.
  const work = page.getByRole("table", { name: "By country of work" });
  await expect(work.getByRole("rowheader").first()).toHaveText(/^[A-Z][^()]+ \([A-Z]{2}\)$|^Not given$/);
  const ages = page.getByRole("table", { name: "By age" });
  for (const band of ["Under 25", "25 to 34", "35 to 44", "45 to 54", "55 to 64", "65 and over"]) await expect(ages.getByRole("rowheader", { name: band })).toBeVisible();
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page, "stats-users");

  await page.getByLabel("Submitted from").fill("2099-01-01");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/users\?.*date_from=2099-01-01/);
  await expect(page.getByText("0 members reached, each counted once")).toBeVisible();
  await expect(page.getByRole("table", { name: "By gender" }).getByRole("cell", { name: "No members" })).toBeVisible();
  await expect(page.getByRole("table", { name: "New and returning users" }).getByRole("row", { name: /New \(first application\)/ }).locator("td").first()).toHaveText("0");
  await expectNoA11yViolations(page);
  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download XLSX" }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.xlsx$/);
});

test("the costs and users statistics are refused to an applicant", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "applicant", "/");
  for (const path of ["/admin/stats/project-financial", "/admin/stats/users"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});
