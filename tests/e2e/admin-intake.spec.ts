// Issue 10 §2–§5: the editor's screen of one application. A submitted demo
// application (FJORDMELT with JS on, SEAWARM with JS off, so each project has
// its own) goes through eligibility (an undecided access refused first), to
// under evaluation, then gets two evaluators, the watchdog and the viewer after
// the conflict warnings are confirmed; axe and the layout at 1280/375 px.
import { expect, test, acceptCookies, expectNoA11yViolations, signIn } from "./fixtures";
import { checkLayout } from "./wizard-drafts";

test("an editor decides eligibility, starts the evaluation and assigns the reviewers", async ({ page }, info) => {
  test.slow();
  const acronym = info.project.name === "js-off" ? "SEAWARM" : "FJORDMELT";
  await acceptCookies(page);
  await signIn(page, "editor", `/admin/application?q=${acronym}`);
  await page.getByRole("link", { name: new RegExp(acronym) }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(acronym);
  await expectNoA11yViolations(page);

  const status = page.getByRole("region", { name: "Status", exact: true });
  await expect(status.getByRole("radio", { name: "Under evaluation" })).toBeDisabled();
  await expect(status).toContainText("Not yet: Decide the eligibility of every access first.");

  const eligibility = page.getByRole("region", { name: "Eligibility", exact: true });
  await eligibility.getByRole("button", { name: "Save eligibility" }).click();
  await expect(eligibility.getByRole("alert")).toContainText("Choose eligible or not eligible for this access.");
  await eligibility.getByRole("radio", { name: "Eligible", exact: true }).check();
  await eligibility.getByRole("button", { name: "Save eligibility" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Eligibility is saved." })).toBeVisible();

  await status.getByRole("radio", { name: "Under evaluation" }).check();
  await status.getByRole("button", { name: "Change the status" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The status is changed." })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Under evaluation");

  const reviewers = page.getByRole("region", { name: "Evaluators, watchdogs and viewers" });
  await reviewers.getByRole("group", { name: "Evaluators" }).getByLabel(/Eva Evaluator/).check();
  await reviewers.getByRole("group", { name: "Evaluators" }).getByLabel(/Emil Evaluator/).check();
  await reviewers.getByRole("group", { name: "Watchdogs" }).getByLabel(/Walter Watchdog/).check();
  await reviewers.getByRole("group", { name: "Viewers" }).getByLabel(/Vera Viewer/).check();
  await reviewers.getByRole("button", { name: "Save the assignment" }).click();
  // The demo users share an e-mail domain with the applicant: the editor confirms.
  await expect(reviewers.getByRole("alert")).toContainText("has the same e-mail domain as a member of the team.");
  await expect(reviewers.getByRole("group", { name: "Watchdogs" }).getByLabel(/Walter Watchdog/)).toBeChecked();
  await reviewers.getByRole("button", { name: "Save anyway" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The assignment is saved." })).toBeVisible();
  await expect(reviewers.getByRole("listitem").filter({ hasText: "Emil Evaluator" })).toContainText("assigned");
  await expectNoA11yViolations(page);
  // The same HTML either way: the layout is checked once.
  if (info.project.name === "js-on") await checkLayout(page, "admin-intake");
});

test("the editor sees each evaluator's state and the submitted scores of an application under evaluation", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/application?q=TUNDRACARB");
  await page.getByRole("link", { name: /TUNDRACARB/ }).first().click();
  const panel = page.getByRole("region", { name: "Evaluations", exact: true });
  await expect(panel.getByRole("article", { name: /Eva Evaluator/ })).toContainText("Submitted");
  await expect(panel.getByRole("table", { name: "Scores given by Eva Evaluator" })).toContainText("A clear question and a decade of data to compare with.");
  await expect(panel.getByRole("article", { name: /Emil Evaluator/ })).toContainText("In progress");
  await expect(panel).toContainText("Mean of the submitted scores: 4.5 out of 5");
  await expectNoA11yViolations(page);
});
