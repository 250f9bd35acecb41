// The staff list of applications (docs/data.md#list-filters, docs/api.md#exports). An editor filters (checkboxes
// in the filter panel, kept in the URL), sorts by a column header (aria-sort), pages, and
// downloads the filtered list as CSV and XLSX (every match; the links carry the
// filters); JS on and off, axe, and the layout at 375 px in English
// (light) and French (dark).
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";
import { checkLayout } from "./wizard-drafts";

const SUBMITTED = "FJORDMELT"; // the demo applicant's submitted application
const DRAFT = "POSIDONIA"; // and their draft

test("the admin application list filters, sorts, pages and downloads what it shows", async ({ page }) => {
  test.slow();
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/application");
  await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
  // First in the admin menu.
  await expect(page.locator('nav a[href^="/admin/"]').first()).toHaveAttribute("href", "/admin/application");
  const table = page.getByRole("region", { name: "Applications table" });
  // A full first page (the demo has more than 20 applications), newest first.
  await expect(table.locator("tbody tr")).toHaveCount(20);
  await expect(table.getByRole("columnheader", { name: "Number" })).toHaveAttribute("aria-sort", "descending");
  await expectNoA11yViolations(page);

  // Filter: the submitted ones (a checkbox of the filter panel), sent as status[] in the URL.
  await page.getByText("Status, call, infrastructure, discipline").click();
  const statuses = page.getByRole("group", { name: "Status", exact: true });
  await statuses.getByLabel("Submitted", { exact: true }).check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/status%5B%5D=submit/);
  await expect(table.getByRole("row").filter({ hasText: SUBMITTED })).toHaveCount(1);
  await expect(table.getByRole("row").filter({ hasText: DRAFT })).toHaveCount(0);
  await expect(statuses.getByLabel("Submitted", { exact: true })).toBeChecked();
  const row = table.getByRole("row").filter({ hasText: SUBMITTED });
  await expect(row.getByRole("link", { name: SUBMITTED })).toHaveAttribute("href", /^\/admin\/application\/\d+$/);
  await expect(row).toContainText("Submitted");

  // Sort by acronym: the header is a link keeping the filters; aria-sort tells the order.
  await table.getByRole("link", { name: "Acronym" }).click();
  await expect(page).toHaveURL(/sort_by=acronym&order=asc/);
  await expect(page).toHaveURL(/status%5B%5D=submit/);
  await expect(table.getByRole("columnheader", { name: /Acronym/ })).toHaveAttribute("aria-sort", "ascending");
  const acronyms = await table.locator("tbody tr td:nth-child(2)").allInnerTexts();
  expect(acronyms).toEqual([...acronyms].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  await table.getByRole("link", { name: /Acronym/ }).click();
  await expect(table.getByRole("columnheader", { name: /Acronym/ })).toHaveAttribute("aria-sort", "descending");

  // Paging: past the last page, nothing, and a way back.
  await page.goto(`${page.url()}&page=2`);
  await expect(page.getByText("Nothing matches these filters.")).toBeVisible();
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Previous page" }).click();
  await expect(table.getByRole("row").filter({ hasText: SUBMITTED })).toHaveCount(1);

  // The downloads carry the filters: every submitted application, nothing else.
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^applications-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await (await csv.createReadStream()).toArray()).map((b: Buffer) => b.toString("utf8")).join("");
  expect(text.startsWith("\uFEFFNumber,Acronym,Title,")).toBe(true);
  expect(text).toContain(SUBMITTED);
  expect(text).not.toContain(DRAFT);
  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download XLSX" }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = Buffer.concat(await (await xlsx.createReadStream()).toArray());
  expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");

  // Clear filters: every application again, the draft among them.
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/status/);
  await expect(table.locator("tbody tr")).toHaveCount(20);
  await page.getByLabel("Search", { exact: true }).fill(DRAFT);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(table.getByRole("row").filter({ hasText: DRAFT })).toHaveCount(1);

  if (test.info().project.name === "js-on") await checkLayout(page, "admin-applications");
});
