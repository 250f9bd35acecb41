// The statistics' data management plans and invitations (docs/ui.md#statistics).
// An editor reaches both from the statistics navigation, reads the tables
// the demo's finished calls fill, filters (a GET form: kept in the URL, JS on
// and off), downloads every row, and each screen passes axe and fits 375 px
// in both languages.
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";
import { checkLayout } from "./wizard-drafts";

const PAST = "ICECORE-2023"; // a reported application of the demo's 2023 call, with both plans
const NO_DRAFT = "DEEPVENT-2023"; // reported, its draft plan missing

const download = async (page: import("@playwright/test").Page, name: string | RegExp) => {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).first().click()]);
  return { name: file.suggestedFilename(), text: (await (await file.createReadStream()).toArray()).map((b: Buffer) => b.toString("utf8")).join("") };
};

test("an editor reads the data management plans of the filtered applications and downloads them", async ({ page }) => {
  test.slow();
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/stats/key");
  await page.getByRole("navigation", { name: "Statistics screens" }).getByRole("link", { name: "Data management plans" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/dmp$/);
  await expect(page.getByRole("heading", { level: 1, name: "Data management plans" })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.locator("caption")).toHaveText(/^\d+ applications: \d+ with a draft plan, \d+ with a final plan, \d+ with both, \d+ with neither$/);
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page, "stats-dmp");

  // The search keeps one application: its two plans are links to the files.
  await page.getByLabel("Search", { exact: true }).fill(PAST);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${PAST}`));
  await expect(table.locator("caption")).toHaveText("1 application: 1 with a draft plan, 1 with a final plan, 1 with both, 0 with neither");
  const row = table.getByRole("row", { name: new RegExp(PAST) });
  await expect(row.getByRole("link", { name: PAST, exact: true })).toHaveAttribute("href", /^\/admin\/application\/\d+$/);
  const plan = await download(page, `${PAST}-data-management-plan-final.pdf`);
  expect(plan.name).toBe(`${PAST}-data-management-plan-final.pdf`);
  expect(plan.text.startsWith("%PDF")).toBe(true);

  await page.getByLabel("Search", { exact: true }).fill(NO_DRAFT);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(table.getByRole("row", { name: new RegExp(NO_DRAFT) }).getByRole("cell").nth(2)).toHaveText("Missing");
  await expectNoA11yViolations(page);

  // The download: every matching row, without links.
  const csv = await download(page, "Download CSV");
  expect(csv.name).toMatch(/^data-management-plans-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.text).toContain("\uFEFFNumber,Acronym,Title,Call,Status,Status code,Draft plan,Draft plan file,Final plan,Final plan file\r\n");
  expect(csv.text).toContain(`,${NO_DRAFT},`);
  expect(csv.text).toContain(",reported,missing,,present,");
  expect(csv.text).not.toContain(PAST);
});

test("an editor reads the invitations from the statistics, searches them and downloads every row", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/stats/dmp?q=x");
  await page.getByRole("navigation", { name: "Statistics screens" }).getByRole("link", { name: "Invitations" }).click();
  // The statistics' filter travels along; the search is the one that applies.
  await expect(page).toHaveURL(/\/admin\/stats\/invitation\?q=x$/);
  await expect(page.getByRole("heading", { level: 1, name: "Invitations" })).toBeVisible();
  await expect(page.getByText(/do not: most invitations give a role/)).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  const table = page.getByRole("table");
  await expect(table.locator("caption")).toHaveText(/^\d+ invitations?$/);
  await expect(table.getByRole("row", { name: /hanna\.berg@past/ })).toContainText("Pending");
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page, "stats-invitation");

  // The days are the sending's: the panel's two invitations of January 2023.
  await page.getByLabel("Invited from").fill("2023-01-01");
  await page.getByLabel("Invited to").fill("2023-12-31");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/date_from=2023-01-01&date_to=2023-12-31/);
  await expect(table.locator("caption")).toHaveText("2 invitations");
  await expect(table.getByRole("row").filter({ hasText: "Accepted" })).toHaveCount(2);
  await expectNoA11yViolations(page);
  const xlsx = await download(page, "Download XLSX");
  expect(xlsx.name).toMatch(/^invitations-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const csv = await download(page, "Download CSV");
  expect(csv.text.split("\r\n").filter(Boolean)).toHaveLength(3);
  expect(csv.text).toContain("ruth.panel@past.demo.ta-portal.test,evaluator,,,accepted,2023-01-2");
});
