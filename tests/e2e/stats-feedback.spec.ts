// The feedback survey and the publications statistics (docs/ui.md#statistics).
// An editor moves to them through the statistics' navigation, reads the
// scores, the recommend share and the free-text answers (each answer's
// application a link to its staff screen), filters and downloads; the
// publications' counts by year and type and their DOI links; and, with the
// publications setting off, the navigation's entry is no link and the screen
// says why. JS on and off, axe, 375 px in both languages.
import type { Page } from "@playwright/test";
import { acceptCookies, expect, expectNoA11yViolations, signIn, signOut, test } from "./fixtures";
import { checkLayout } from "./wizard-drafts";

const statsNav = (page: Page) => page.getByRole("navigation", { name: "Statistics screens" });

async function downloadText(page: Page, downloads: string, format: "CSV" | "XLSX") {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("navigation", { name: downloads, exact: true }).getByRole("link", { name: `Download ${format}` }).click(),
  ]);
  return { name: file.suggestedFilename(), text: (await (await file.createReadStream()).toArray()).map((b: Buffer) => b.toString("utf8")).join("") };
}

/** The publications setting, through the settings screen (as an admin would). */
async function setPublications(page: Page, value: "yes" | "no") {
  await page.goto("/admin/settings?section=reporting");
  await page.getByLabel("Publications", { exact: true }).selectOption(value);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("The settings were saved.");
}

test("an editor reads the feedback survey's figures and answers, filters them and downloads them", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/stats/key");
  await statsNav(page).getByRole("link", { name: "Feedback" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/feedback$/);
  await expect(page.getByRole("heading", { level: 1, name: "Feedback survey" })).toBeVisible();
  await expect(statsNav(page).getByRole("link", { name: "Feedback" })).toHaveAttribute("aria-current", "page");

  const reports = page.getByText(/^\d+ submitted reports? counted\.$/);
  const counted = Number((await reports.innerText()).replace(/\D/g, ""));
  expect(counted).toBeGreaterThan(0);
  await expect(page.getByRole("img", { name: /^Scores given to each question/ })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "1 or 2" })).toBeVisible();
  const scores = page.getByRole("region", { name: "Scores from 1 (poor) to 5 (excellent)" }).getByRole("table");
  for (const question of ["Coordination", "Infrastructure", "Overall experience"]) await expect(scores.getByRole("rowheader", { name: question })).toBeVisible();
  // Each question's counts of 1 to 5 add up to its answers (at most the reports), its mean within 1 and 5.
  for (const question of ["Coordination", "Infrastructure", "Overall experience"]) {
    const cells = (await scores.getByRole("row", { name: new RegExp(`^${question}`) }).locator("td").allInnerTexts()).map((c) => Number(c.replace(",", ".")));
    expect(cells.slice(0, 5).reduce((a, b) => a + b, 0), question).toBe(cells[5]);
    expect(cells[5]).toBeLessThanOrEqual(counted);
    expect(cells[6]).toBeGreaterThanOrEqual(1);
    expect(cells[6]).toBeLessThanOrEqual(5);
  }
  const recommend = page.getByRole("region", { name: "Would recommend the access" }).getByRole("table");
  await expect(recommend.locator("caption")).toContainText(/would recommend the access/);
  const answers = page.getByRole("region", { name: "Free-text answers" }).getByRole("table");
  const answer = answers.getByRole("row").filter({ hasText: "Clear instructions before the trip" }).first();
  await expect(answer.getByRole("cell", { name: "Coordination", exact: true })).toBeVisible();
  const href = await answer.getByRole("link").getAttribute("href");
  expect(href).toMatch(/^\/admin\/application\/\d+$/);
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page);

  // The answers' download holds every answer, the filters kept.
  const csv = await downloadText(page, "Download the answers", "CSV");
  expect(csv.name).toMatch(/^feedback-answers-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.text).toContain("\uFEFFApplication,Acronym,Title,Call,Question,Answer\r\n");
  expect(csv.text).toContain("Clear instructions before the trip");

  // A filter that matches nothing: kept in the URL and the form; no share to show.
  await page.getByLabel("Submitted from").fill("2099-01-01");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/feedback\?.*date_from=2099-01-01/);
  await expect(page.getByText("0 submitted reports counted.")).toBeVisible();
  await expect(recommend.locator("caption")).toHaveText("No report chose whether it would recommend the access");
  await expect(scores.getByRole("row", { name: /^Coordination/ }).locator("td").last()).toHaveText("No data");
  await expect(answers.locator("caption")).toHaveText("0 answers, the newest application first");
  const xlsx = await downloadText(page, "Download the scores", "XLSX");
  expect(xlsx.name).toMatch(/^feedback-scores-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expectNoA11yViolations(page);

  // A table or a format the screen does not have is no download.
  for (const url of ["/admin/stats/feedback/export?export=csv&table=bogus", "/admin/stats/feedback/export?export=pdf&table=scores", "/admin/stats/publications/export?export=csv&table=answers"]) {
    expect((await page.request.get(url, { maxRedirects: 0 })).status(), url).toBe(404);
  }

  // The answer's application opens its staff screen.
  await page.goto(href!);
  await expect(page).toHaveURL(href!);
});

test("the publications: counts by year and type and DOI links while collected; the reason instead while the setting is off", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "admin", "/admin/stats/feedback");
  await statsNav(page).getByRole("link", { name: "Publications" }).click();
  await expect(page).toHaveURL(/\/admin\/stats\/publications$/);
  await expect(page.getByRole("heading", { level: 1, name: "Publications" })).toBeVisible();
  const byYear = page.getByRole("region", { name: "By year" }).getByRole("table");
  await expect(byYear.getByRole("row", { name: /^2026/ })).toBeVisible();
  const byType = page.getByRole("region", { name: "By type" }).getByRole("table");
  await expect(byType.getByRole("rowheader", { name: "Journal article" })).toBeVisible();
  await expect(byType.getByRole("rowheader", { name: "Data set" })).toBeVisible();
  // Each count's table has its chart, its bars the table's figures.
  const yearChart = page.getByRole("img", { name: /^Publications by year The publications listed with the reports, in \d+ bars? by year/ });
  await expect(yearChart).toBeVisible();
  const in2026 = await byYear.getByRole("row", { name: /^2026/ }).locator("td").innerText();
  await expect(yearChart.locator("text").filter({ hasText: /^2026$/ })).toHaveCount(1);
  await expect(yearChart.locator("text").filter({ hasText: new RegExp(`^${in2026}$`) }).first()).toBeAttached();
  const typeChart = page.getByRole("img", { name: /^Publications by type/ });
  await expect(typeChart.locator("text").filter({ hasText: /^Journal article$/ })).toHaveCount(1);
  const list = page.getByRole("region", { name: "The publications" }).getByRole("table");
  const paper = list.getByRole("row").filter({ hasText: "Siberian larch on Svalbard shores" }).first();
  await expect(paper.getByRole("link", { name: "10.33265/polar.v45.1123" })).toHaveAttribute("href", "https://doi.org/10.33265/polar.v45.1123");
  await expect(paper.getByRole("link").last()).toHaveAttribute("href", /^\/admin\/application\/\d+$/);
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page);
  const csv = await downloadText(page, "Download the publications", "CSV");
  expect(csv.name).toMatch(/^publications-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.text).toContain("https://doi.org/10.33265/polar.v45.1123");
  const years = await downloadText(page, "Download the publications by year", "CSV");
  expect(years.text).toMatch(/^\uFEFFYear,Publications\r\n2026,\d+\r\n/);

  await setPublications(page, "no");
  try {
    await page.goto("/admin/stats/publications");
    await expect(page.getByRole("heading", { level: 1, name: "Publications" })).toBeVisible();
    await expect(page.getByText(/^Publications are not collected: the publications setting is off/)).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Turn it on in Settings." })).toHaveAttribute("href", "/admin/settings?section=reporting");
    // The navigation's entry is no link, and says why.
    await expect(statsNav(page).getByRole("link", { name: /Publications/ })).toHaveCount(0);
    await expect(statsNav(page).getByText("Publications (not collected)")).toHaveAttribute("aria-disabled", "true");
    await expectNoA11yViolations(page);
    if (test.info().project.name === "js-on") await checkLayout(page);
    await page.goto("/admin/stats/key");
    await expect(statsNav(page).getByText("Publications (not collected)")).toBeVisible();
  } finally {
    await setPublications(page, "yes");
  }
  await page.goto("/admin/stats/key");
  await expect(statsNav(page).getByRole("link", { name: "Publications" })).toBeVisible();
  await page.goto("/");
  await signOut(page);
});
