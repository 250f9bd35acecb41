// docs/lifecycle.md#reporting: the applicant's report, one part at a time like the wizard,
// on the demo's half-filled SEABIRDLOG (its copy A with JavaScript, B without):
// the parts list shows what is complete, a refused save keeps what was typed,
// the files upload, the summary lists what is missing, the submit asks first
// (Cancel leaves the report open), and the submitted report goes to the editors. axe on each part; the layout at 375 px
// in both languages, light and dark.
import type { Page } from "@playwright/test";
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";
import { checkLayout } from "./wizard-drafts";

const letter = () => (test.info().project.name === "js-on" ? "A" : "B");
const PDF = (name: string) => ({ name, mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`) });
const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });

test.beforeEach(async ({ page }) => {
  test.slow();
  await acceptCookies(page);
});

test("the applicant completes the half-filled report part by part and submits it", async ({ page }) => {
  const acronym = `SEABIRDLOG-${letter()}`;
  await signIn(page, "applicant", "/application");
  await page.goto("/application?status%5B%5D=reporting&per_page=100");
  await page.getByRole("row").filter({ hasText: acronym }).locator('a[href$="/review"]').first().click();
  const section = page.getByRole("region", { name: "Report", exact: true });
  await expect(section).toContainText("Due by");
  await section.getByRole("link", { name: "Continue your report" }).click();

  // The first part still to complete: what was done (the objectives are saved already).
  await expect(page).toHaveURL(/\/report\/activity$/);
  await expect(page.getByRole("heading", { level: 1, name: "What was done" })).toBeVisible();
  await expect(page.getByText("Part 1 of 6")).toBeVisible();
  await expect(page.getByLabel("Season objectives")).not.toHaveValue("");
  await expectNoA11yViolations(page);
  if (letter() === "A") await checkLayout(page, "report-activity");
  // Too long: refused, and what was typed stays.
  await page.getByLabel("Achievements and difficulties").fill("x".repeat(2001));
  await page.getByLabel("Achievements and difficulties").evaluate((el: HTMLTextAreaElement) => el.removeAttribute("maxlength"));
  await page.getByLabel("Achievements and difficulties").fill("Every logger came back. " + "y".repeat(2000));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Unable to save" })).toBeVisible();
  await expect(page.getByLabel("Achievements and difficulties")).toHaveValue(/^Every logger came back/);
  await page.getByLabel("Achievements and difficulties").fill("Every logger came back; two birds lost theirs at sea.");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Accesses used" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Parts of the report" }).getByRole("link", { name: /What was done \(complete\)/ })).toBeVisible();
  await expectNoA11yViolations(page);
  const second = page.getByRole("group", { name: /^Access 2 at / });
  await second.getByLabel("Units used").fill("12");
  await second.getByLabel("Actual start date").fill("2026-09-01");
  await second.getByLabel("Actual end date").fill("2026-08-20");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByText("The end date must be on or after the start date.").first()).toBeVisible();
  await second.getByLabel("Actual end date").fill("2026-09-12");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Documents" })).toBeVisible();
  await expect(page.getByRole("link", { name: "scientific-report-template.pdf" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel("Scientific report").setInputFiles(PDF("seabird-scientific-report.pdf"));
  await page.getByLabel("Final data management plan").setInputFiles(PDF("seabird-dmp-final.pdf"));
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Feedback" })).toBeVisible();
  await expectNoA11yViolations(page);
  for (const q of ["Coordination of the access (programme and infrastructure staff)", "The infrastructure: facilities, equipment and support", "Your overall experience"]) {
    await page.getByRole("group", { name: q }).getByLabel("4").check();
  }
  await page.getByLabel("Comments on the coordination").fill("Quick answers before the trip.");
  await page.getByLabel("Comments on the infrastructure").fill("The boat was ready.");
  await page.getByLabel("Comments on your overall experience").fill("A good season.");
  // The recommend choice is left out: the summary will say so.
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Publications" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel("Title").fill("Kittiwake foraging range in a warming fjord");
  await page.getByLabel("Year").fill("2026");
  await page.getByLabel("DOI").fill("not a doi");
  await page.getByRole("button", { name: "Add the publication" }).click();
  await expect(page.getByText("Enter a DOI such as 10.1234/abcd.").first()).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Kittiwake foraging range in a warming fjord");
  await page.getByLabel("DOI").fill("https://doi.org/10.1234/kittiwake.2026");
  await page.getByRole("button", { name: "Add the publication" }).click();
  await expect(notifications(page)).toContainText("The publication is added.");
  await expect(page.getByRole("main")).toContainText("doi:10.1234/kittiwake.2026");
  await page.getByRole("link", { name: "Next part" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Summary and submission" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("To complete before submitting");
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: /Would you recommend this access to a colleague\?/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Feedback" })).toBeVisible();
  await page.getByRole("group", { name: "Would you recommend this access to a colleague?" }).getByLabel("Yes").check();
  await page.getByRole("button", { name: "Save and continue" }).click();
  await page.getByRole("link", { name: "Next part" }).click();
  await expect(page.getByText("Every part is complete.")).toBeVisible();
  if (letter() === "A") await checkLayout(page, "report-summary");
  // Submitting asks first, on its own page; Cancel goes back to the summary with nothing submitted.
  await page.getByRole("button", { name: "Submit the report" }).click();
  await expect(page).toHaveURL(/\/application\/\d+\/submit-report$/);
  await expect(page.getByRole("heading", { level: 1, name: "Submit the report?" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(acronym);
  await expect(page.getByRole("main")).toContainText("You cannot change the report once it is submitted");
  await expectNoA11yViolations(page);
  if (letter() === "A") await checkLayout(page, "report-submit");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Summary and submission" })).toBeVisible();
  await expect(page.getByText("Every part is complete.")).toBeVisible();
  await expect(page.getByText("The report was submitted on")).toHaveCount(0);
  await page.getByRole("link", { name: /^Feedback/ }).click();
  await expect(page.getByRole("button", { name: "Save and continue" })).toBeEnabled();
  await page.getByRole("link", { name: "Summary and submission (to complete)" }).click();
  await page.getByRole("button", { name: "Submit the report" }).click();
  await page.getByRole("button", { name: "Yes, submit the report" }).click();

  await expect(notifications(page)).toContainText("The report is submitted.");
  await expect(page).toHaveURL(/\/application\/\d+\/review$/);
  await expect(page.getByRole("region", { name: "Report", exact: true })).toContainText("Your report is submitted.");
  await page.getByRole("link", { name: "Your report" }).click();
  await expect(page.getByText("The report was submitted on")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit the report" })).toHaveCount(0);
  // The parts list says the report is submitted too: no part is left "to complete".
  const parts = page.getByRole("navigation", { name: "Parts of the report" });
  await parts.getByRole("link", { name: /^What was done/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "What was done" })).toBeVisible();
  await expect(parts.getByRole("link", { name: "Summary and submission (submitted)" })).toBeVisible();
  await expect(parts.getByRole("link", { name: "Feedback (submitted)" })).toBeVisible();
  await expect(parts).not.toContainText("to complete");
});
