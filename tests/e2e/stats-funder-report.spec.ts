// The funder report (docs/decisions/038-funder-report.md). An editor reaches it
// last in the statistics' navigation, reads its tables (the main one and a
// table per breakdown), narrows the delivery period (a GET form: JS on and
// off), downloads the workbook and reads it back with a spreadsheet library:
// a sheet per table, the main sheet as the screen's table. axe-clean, and it
// fits 375 px in both languages. The transnational hint shows on an
// application's eligibility panel.
import ExcelJS from "exceljs";
import type { Download } from "@playwright/test";
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";
import { checkLayout } from "./wizard-drafts";

async function workbook(download: Download) {
  const bytes = Buffer.concat(await (await download.createReadStream()).toArray());
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

test("an editor reads the funder report, narrows its period and downloads its workbook", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/stats/key");
  await page.getByRole("navigation", { name: "Statistics screens" }).getByRole("link", { name: "Funder report" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/funder-report$/);
  await expect(page.getByRole("heading", { level: 1, name: "Funder report" })).toBeVisible();

  const main = page.getByRole("table").first();
  await expect(main.locator("caption")).toContainText(/\d+ infrastructures? delivered access in the period/);
  // The demo's reported applications: access delivered, so some infrastructure has a row.
  const rows = main.locator("tbody tr");
  expect(await rows.count()).toBeGreaterThan(0);
  for (const title of ["Users by gender", "Users by nationality", "Users by home institution country", "Users by researcher status", "Users by organization type", "User projects by discipline"]) {
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    await expect(page.getByRole("region", { name: title })).toBeVisible();
  }
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page);

  // The workbook: a sheet per table, the main one as the screen shows it.
  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download XLSX" }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^funder-report-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = await workbook(xlsx);
  expect(book.worksheets.map((w) => w.name)).toEqual([
    "Infrastructures", "Users by gender", "Users by nationality", "Users by home institution", "Users by researcher status", "Users by organization type", "Disciplines",
  ]);
  const sheet = book.getWorksheet("Infrastructures")!;
  expect(sheet.rowCount).toBe((await rows.count()) + 1);
  const first = await rows.first().locator("td").allInnerTexts();
  expect(String(sheet.getRow(2).getCell(5).value)).toBe(first[2].replace(/\D/g, ""));
  expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);

  // A period in the far future: no access delivered then; the days keep their label and value.
  await page.getByLabel("Access delivered from").fill("2099-01-01");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/funder-report\?.*date_from=2099-01-01/);
  await expect(main.locator("caption")).toHaveText("0 infrastructures delivered access in the period");
  await expect(page.getByRole("region", { name: "Users by gender" })).toContainText("No access delivered in the period.");
  await expect(page.getByLabel("Access delivered from")).toHaveValue("2099-01-01");
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^funder-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = Buffer.concat(await (await csv.createReadStream()).toArray()).toString("utf8");
  expect(text).toBe("\uFEFFInfrastructure,Short name,Installation,Country,User projects,Transnational user projects,Users,Transnational users,Other users,New users,Units delivered (physical),Units delivered (remote)\r\n");
});

test("the eligibility panel says whether each infrastructure is transnational access, and why", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/application?q=TUNDRACARB");
  await page.getByRole("link", { name: /TUNDRACARB/ }).first().click();
  const eligibility = page.getByRole("region", { name: "Eligibility", exact: true });
  await expect(eligibility.getByRole("heading", { level: 3, name: "Transnational access" })).toBeVisible();
  const hints = eligibility.getByTestId("transnational").locator("dd");
  expect(await hints.count()).toBeGreaterThan(0);
  for (const hint of await hints.allInnerTexts()) expect(hint).toMatch(/^(Transnational: the group leader and \d+ of \d+ members? work outside [A-Z][a-z]|Not transnational: |Cannot tell)/);
  await expectNoA11yViolations(page);
});
