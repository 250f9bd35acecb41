// The evolutions and the evaluation statistics (docs/data.md#evolutions,
// docs/data.md#evaluation-statistics). An editor reaches both from the
// statistics' own navigation, reads the tables, changes the rows (per year)
// and the accesses counted through the GET form (kept in the URL, JS on and
// off), downloads a table, and each screen passes axe and fits 375 px
// in both languages.
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";
import { checkLayout } from "./wizard-drafts";

test("an editor reads the evolutions per call and per year, with the accesses of their choice", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/stats/key");
  await page.getByRole("navigation", { name: "Statistics screens" }).getByRole("link", { name: "Evolutions" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/proposal$/);
  await expect(page.getByRole("heading", { level: 1, name: "Evolutions over time" })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.locator("caption")).toContainText(/Evolution over \d+ calls?/);
  await expect(table.getByRole("columnheader")).toHaveText(["Call", "Submitted", "Eligible", "Granted", "Reported", "Accesses requested", "Units requested"]);
  const calls = await table.locator("tbody tr").count();
  expect(calls).toBeGreaterThan(0);
  // Every call's row: submitted ≥ eligible ≥ granted ≥ reported.
  for (let i = 0; i < calls; i++) {
    const [submitted, eligible, granted, reported] = (await table.locator("tbody tr").nth(i).locator("td").allInnerTexts()).map((s) => Number(s.replace(/\D/g, "")));
    expect(submitted).toBeGreaterThanOrEqual(eligible);
    expect(eligible).toBeGreaterThanOrEqual(granted);
    expect(granted).toBeGreaterThanOrEqual(reported);
  }
  // So the chart splits each call's submitted applications by the furthest stage reached.
  await expect(page.getByRole("img", { name: /^How far each call's applications went/ })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Not found eligible" })).toBeVisible();
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page, "stats-proposal");

  // Per year, with the accesses the infrastructures confirmed: the choice stays in the URL and in the form.
  await page.getByLabel("One row per").selectOption("year");
  await page.getByLabel("Accesses counted").selectOption("sm_reported");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/by=year/);
  await expect(page).toHaveURL(/accesses_status=sm_reported/);
  await expect(table.locator("caption")).toContainText(/Evolution over \d+ years?/);
  await expect(table.getByRole("columnheader")).toHaveText(["Year", "Submitted", "Eligible", "Granted", "Reported", "Accesses confirmed", "Units confirmed"]);
  await expect(table.getByRole("rowheader").first()).toHaveText(/^\d{4}$/);
  await expect(page.getByRole("img", { name: /^How far each year's applications went/ })).toBeVisible();
  await expect(page.getByLabel("Accesses counted")).toHaveValue("sm_reported");
  await expectNoA11yViolations(page);

  // The download carries the choice.
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^evolutions-per-year-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await (await csv.createReadStream()).toArray()).map((b: Buffer) => b.toString("utf8")).join("");
  expect(text).toMatch(/^\uFEFFYear,Submitted,Eligible,Granted,Reported,Accesses confirmed by the infrastructures,Units confirmed by the infrastructures\r\n\d{4},/);

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/proposal$/);
  await expect(page.getByLabel("One row per")).toHaveValue("call");
});

test("an editor reads the evaluators' workload, the score distributions and the agreement", async ({ page }) => {
  // Three tables, and the layout checked in two languages at two widths.
  test.slow();
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/stats/proposal");
  await page.getByRole("navigation", { name: "Statistics screens" }).getByRole("link", { name: "Evaluations" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/evaluations$/);
  await expect(page.getByRole("heading", { level: 1, name: "Evaluations" })).toBeVisible();
  const workload = page.getByRole("table", { name: /Workload of \d+ evaluators?/ });
  await expect(workload.getByRole("columnheader")).toHaveText(["Evaluator", "Assigned", "Accepted", "Conflicts of interest", "Submitted", "Late"]);
  expect(await workload.locator("tbody tr").count()).toBeGreaterThan(0);
  const scores = page.getByRole("table", { name: /Submitted scores on \d+ criteri/ });
  await expect(scores.getByRole("columnheader").first()).toHaveText("Criterion");
  await expect(scores.getByRole("columnheader").last()).toHaveText("Mean");
  // The scores given, all criteria together: the table's last row, and a chart of a bar per score.
  await expect(scores.getByRole("row").last().getByRole("rowheader")).toHaveText("All criteria");
  const scoresChart = page.getByRole("img", { name: /^Scores given, all criteria together How many times the submitted evaluations gave/ });
  await expect(scoresChart).toBeVisible();
  await expect(scoresChart.locator("text").filter({ hasText: /^Score 5$/ })).toHaveCount(1);
  const workloadChart = page.getByRole("img", { name: /^Evaluators’ assignments, the ten with the most The assignments of/ });
  await expect(workloadChart).toBeVisible();
  for (const series of ["Submitted", "Accepted, not submitted", "Conflict of interest", "Not answered yet"]) await expect(page.getByRole("listitem").filter({ hasText: new RegExp(`^${series}$`) })).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 2, name: "Agreement between evaluators" })).toBeVisible();
  await expect(page.getByText("Applications with two evaluations or more", { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page, "stats-evaluations");

  // Each table downloads on its own, with the filter.
  await page.getByLabel("Submitted from").fill("2099-01-01");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/date_from=2099-01-01/);
  await expect(workload).toHaveAccessibleName("Workload of 0 evaluators");
  await expect(page.locator("figure [role=img]")).toHaveCount(0);
  const [xlsx] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("navigation", { name: "Download the agreement table" }).getByRole("link", { name: "Download XLSX" }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/^evaluations-agreement-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("navigation", { name: "Download the workload" }).getByRole("link", { name: "Download CSV" }).click(),
  ]);
  const text = (await (await csv.createReadStream()).toArray()).map((b: Buffer) => b.toString("utf8")).join("");
  expect(text).toBe("\uFEFFEvaluator,E-mail,Assigned,Accepted,Conflicts of interest,Submitted,Late\r\n");
});
