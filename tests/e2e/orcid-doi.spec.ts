// ORCID iDs on the profile (docs/data.md#orcid-ids) and a publication filled from its
// DOI (docs/decisions/049-doi-metadata.md) against start-server.ts's fake DOI service.
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("a mistyped ORCID iD is refused with the reason, a good one kept in the canonical form", async ({ page }) => {
  await signIn(page, "evaluator2", "/profile");
  const orcid = page.getByLabel("ORCID iD");
  await orcid.fill("0000-0002-1825-0098");
  await page.getByRole("button", { name: "Save my profile" }).click();
  await expect(orcid).toHaveAttribute("aria-invalid", "true");
  await expect(orcid).toHaveAccessibleDescription(/wrong check digit/);
  await expectNoA11yViolations(page);
  await orcid.fill("https://orcid.org/0000 0002 1694 233x");
  await page.getByRole("button", { name: "Save my profile" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Your profile has been saved.");
  await page.reload();
  await expect(page.getByLabel("ORCID iD")).toHaveValue("0000-0002-1694-233X");
});

test("Fill from the DOI fills the empty fields without saving, JavaScript off", async ({ page }) => {
  test.skip(test.info().project.name !== "js-off", "a plain form submit: the same with JavaScript");
  await signIn(page, "applicant", "/application?status%5B%5D=reporting&status%5B%5D=reported&per_page=100");
  const href = await page.getByRole("row").filter({ hasText: "SEABIRDLOG-B" }).locator('a[href$="/review"]').first().getAttribute("href");
  await page.goto(href!.replace(/\/review$/, "/report/publications"));
  const before = await page.getByRole("main").getByRole("listitem").count();
  await page.getByLabel("Authors").fill("Typed, T.");
  await page.getByLabel("DOI").fill("https://doi.org/10.5555/e2e.kittiwake");
  await page.getByRole("button", { name: "Fill from the DOI" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Filled from the DOI" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Kittiwakes of the e2e fjord");
  await expect(page.getByLabel("Authors")).toHaveValue("Typed, T.");
  await expect(page.getByLabel("Year")).toHaveValue("2025");
  await expect(page.getByLabel("Type")).toHaveValue("article");
  await expect(page.getByLabel(/^Reference/)).toHaveValue("Journal of Tests");
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(before);
  await expectNoA11yViolations(page);
  await page.getByLabel("DOI").fill("10.5555/nobody");
  await page.getByRole("button", { name: "Fill from the DOI" }).click();
  await expect(page.getByLabel("DOI")).toHaveAccessibleDescription(/does not know this DOI/);
});
