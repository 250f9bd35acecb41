// The application ranking (/admin/stats) and the project statistics
// (/admin/stats/project), docs/ui.md#statistics. An editor opens Statistics
// from the admin menu onto the ranking: per call and across calls, the demo's
// evaluated application ranked first with its mean score; filters by the
// shared GET form (kept in the URL, JS on and off); downloads the ranking;
// goes on to the project statistics and its one-table download. Both screens
// pass axe and fit 375 px in both languages.
import type { Page } from "@playwright/test";
import { acceptCookies, adminMenuLink, expect, expectNoA11yViolations, signIn, test } from "./fixtures";
import { checkLayout } from "./wizard-drafts";

const statsNav = (page: Page) => page.getByRole("navigation", { name: "Statistics screens" });

const download = async (page: Page, name: string) => {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  return { name: file.suggestedFilename(), text: (await (await file.createReadStream()).toArray()).map((b: Buffer) => b.toString("utf8")).join("") };
};

test("an editor reads the application ranking from the admin menu, filters it and downloads it", async ({ page }) => {
  // Four layouts of a long page, two axe runs and three downloads.
  test.slow();
  await acceptCookies(page);
  await signIn(page, "editor", "/");
  await (await adminMenuLink(page, "Statistics")).click();
  await expect(page).toHaveURL(/\/admin\/stats$/);
  await expect(page.getByRole("heading", { level: 1, name: "Application ranking" })).toBeVisible();
  await expect(statsNav(page).getByRole("link").first()).toHaveText("Application ranking");
  await expect(statsNav(page).getByRole("link", { name: "Application ranking" })).toHaveAttribute("aria-current", "page");

  // The demo's application under evaluation leads its call: one submitted evaluation (4, 5, 4, 5), 4.5, or
  // another once a second browser test has submitted one (the suites share the demo database).
  await expect(page.getByRole("heading", { level: 2, name: "Ranking per call" })).toBeVisible();
  const callTable = page.getByRole("table", { name: /^Transnational Access Call 2027: polar and marine: \d+ applications?/ });
  const tundra = callTable.getByRole("row", { name: /TUNDRACARB/ });
  await expect(tundra.locator("td").first()).toHaveText("1");
  const mean = await tundra.locator("td").nth(1).innerText();
  expect(mean).toMatch(/^\d(\.\d{1,2})?$/);
  await expect(callTable.getByRole("columnheader", { name: "Scientific excellence" })).toBeVisible();
  // The call's chart: its best scored applications' mean scores.
  await expect(page.getByRole("img", { name: /^Mean score of the best applications: Transnational Access Call 2027: polar and marine/ })).toContainText("TUNDRACARB");
  const overall = page.getByRole("table", { name: /applications? of every call, best mean score first/ });
  await expect(overall.getByRole("row", { name: /TUNDRACARB/ })).toContainText("Under evaluation");
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page);

  // The shared filter: no application submitted in a far future.
  await page.getByLabel("Submitted from").fill("2099-01-01");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\?.*date_from=2099-01-01/);
  await expect(page.getByRole("status").filter({ hasText: "match the filters" })).toHaveText("0 applications match the filters.");
  await expect(page.getByRole("table")).toHaveCount(0);
  await expectNoA11yViolations(page);
  const empty = await download(page, "Download CSV");
  expect(empty.name).toMatch(/^application-ranking-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(empty.text).toBe("\uFEFFCall,Rank in call,Overall rank,Application,Acronym,Title,Status,Status code,Mean score,Evaluations,Panel recommendation,Panel recommendation code\r\n");

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/admin\/stats$/);
  const csv = await download(page, "Download CSV");
  // The download's row says what the screen said.
  expect(csv.text).toMatch(new RegExp(`\r\nTransnational Access Call 2027: polar and marine,1,1,\\d+,TUNDRACARB,[^\r]*,under-evaluation,${mean.replace(".", "\\.")},\\d+,`));
  const xlsx = await download(page, "Download XLSX");
  expect(xlsx.name).toMatch(/^application-ranking-\d{4}-\d{2}-\d{2}\.xlsx$/);
});

test("an editor reads the project statistics and downloads them as one table", async ({ page }) => {
  test.slow();
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/stats");
  await statsNav(page).getByRole("link", { name: "Projects" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/project$/);
  await expect(page.getByRole("heading", { level: 1, name: "Project statistics" })).toBeVisible();
  for (const name of ["By status", "By call", "By discipline", "By keyword", "By working region", "Submissions per month"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  await expect(page.getByRole("table", { name: "Applications by status" }).getByRole("rowheader", { name: "Under evaluation" })).toBeVisible();
  await expect(page.getByRole("table", { name: /by discipline/ }).getByRole("rowheader", { name: "Earth and related environmental sciences" })).toBeVisible();
  await expect(page.getByRole("table", { name: /by keyword/ }).getByRole("rowheader", { name: "Glaciology" })).toBeVisible();
  await expect(page.getByRole("table", { name: /by working region/ }).getByRole("rowheader", { name: "Arctic" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Applications by status/ })).toContainText("Under evaluation");
  await expect(page.getByRole("img", { name: /^Applications submitted per month/ })).toBeVisible();
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page);

  await page.getByText("Status, call, infrastructure, discipline").click();
  await page.getByRole("group", { name: "Status", exact: true }).getByLabel("Under evaluation", { exact: true }).check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/project\?.*status/);
  await expect(page.getByRole("table", { name: "Applications by status" }).locator("tbody tr")).toHaveCount(1);
  const csv = await download(page, "Download CSV");
  expect(csv.name).toMatch(/^projects-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.text).toContain("\uFEFFDimension,Code,Value,Applications\r\nStatus,under-evaluation,Under evaluation,");
  expect(csv.text).toMatch(/\r\nKeyword,glaciology,Glaciology,\d+\r\n/);
  await expectNoA11yViolations(page);
});

test("the statistics' new screens are refused to an applicant", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "applicant", "/");
  for (const path of ["/admin/stats", "/admin/stats/project"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});
