// docs/lifecycle.md#history to #assignment: the editor's screen of one application. A submitted demo
// application (FJORDMELT with JS on, SEAWARM with JS off, so each project has
// its own) goes through eligibility (an undecided access refused first), to
// under evaluation after the question a status change asks (whose Cancel, on
// TUNDRACARB, changes nothing), then gets two evaluators, the watchdog and the
// viewer after the conflict warnings are confirmed; axe and the layout at
// 375 px.
import { expect, test, acceptCookies, expectNoA11yViolations, signIn, signOut } from "./fixtures";
import { checkLayout } from "./wizard-drafts";
import { subjectsTo } from "./mail-log";

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
  // Asked first: the application, the status now and the new one.
  await expect(page.getByRole("heading", { level: 1, name: `Change the status of ${acronym}?` })).toBeVisible();
  await expect(page.locator("dt", { hasText: "Status now" }).locator("xpath=following-sibling::dd[1]")).toHaveText("Submitted");
  await expect(page.locator("dt", { hasText: "New status" }).locator("xpath=following-sibling::dd[1]")).toHaveText("Under evaluation");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Yes, change the status" }).click();
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

// The demo's TUNDRACARB, under evaluation, in either project: Cancel on the question changes nothing.
test("Cancel on the question of a status change leaves the status and the history as they were", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/application?q=TUNDRACARB");
  await page.getByRole("link", { name: /TUNDRACARB/ }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("TUNDRACARB");
  const url = page.url();
  const history = await page.getByRole("region", { name: "History" }).first().innerText();
  const status = page.getByRole("region", { name: "Status", exact: true });
  // The override asks for its notes before asking to confirm.
  const override = status.locator("details");
  await override.getByText("Any other status").click();
  await override.getByLabel("New status").selectOption({ label: "Not eligible" });
  await override.getByRole("button", { name: "Set this status" }).click();
  await expect(override.getByRole("alert")).toContainText("This field is required");
  // The refusal keeps the choice, and the override open.
  await expect(override.getByLabel("New status")).toHaveValue("not-eligible");
  await override.getByLabel(/^Notes/).fill("Out of scope for the call.");
  await override.getByRole("button", { name: "Set this status" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Change the status of TUNDRACARB?" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("This status is set outside the usual order of the lifecycle.");
  await expect(page.getByRole("main")).toContainText("Out of scope for the call.");
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("TUNDRACARB");
  await expect(page.locator("dt", { hasText: "Status" }).first().locator("xpath=following-sibling::dd[1]")).toHaveText("Under evaluation");
  expect(await page.getByRole("region", { name: "History" }).first().innerText()).toBe(history);
});

test("the editor sees each evaluator's state and the submitted scores of an application under evaluation", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/application?q=TUNDRACARB");
  await page.getByRole("link", { name: /TUNDRACARB/ }).first().click();
  const panel = page.getByRole("region", { name: "Evaluations", exact: true });
  await expect(panel.getByRole("article", { name: /Eva Evaluator/ })).toContainText("Submitted");
  await expect(panel.getByRole("table", { name: "Scores given by Eva Evaluator" })).toContainText("A clear question and a decade of data to compare with.");
  // (evaluator2's evaluation is done by tests/e2e/reviews.spec.ts, which may run first)
  await expect(panel.getByRole("article", { name: /Emil Evaluator/ })).toBeVisible();
  await expect(panel).toContainText("Mean of the submitted scores:");
  await expectNoA11yViolations(page);
});

// The intake journey (docs/lifecycle.md#evaluation to #viewing) without JavaScript, on SEAWARM once the editor has assigned
// its reviewers above: each does their part, the editor then sees the
// evaluation complete, and the applicant was told of each status change.
test("without JavaScript, each reviewer does their part and the editor sees the evaluation complete", async ({ page }, info) => {
  test.skip(info.project.name !== "js-off", "the journey runs once, without JavaScript, after the assignment above");
  test.setTimeout(300_000);
  await acceptCookies(page);
  // Without JavaScript a Success alert stays over the header's end until the next page: sign out from a fresh one.
  const leave = async () => {
    await page.goto("/");
    await signOut(page);
  };
  for (const evaluator of ["evaluator", "evaluator2"]) {
    await signIn(page, evaluator, "/my-evaluations");
    await page.getByRole("row").filter({ hasText: "SEAWARM" }).getByRole("link", { name: /^Accept the evaluation by .* \(SEAWARM\)$/ }).click();
    await page.getByLabel("I will keep the content of this application confidential.").check();
    await page.getByLabel("I declare that I have no conflict of interest with the applicants of this application.").check();
    await page.getByRole("button", { name: "Accept the evaluation" }).click();
    await expect(page.getByText("You accepted the evaluation. You can now score the application.")).toBeVisible();
    for (const name of ["Scientific excellence", "Methodology and feasibility", "Expected impact", "Team competence"]) {
      await page.getByRole("group", { name, exact: true }).getByLabel("4", { exact: true }).check();
      await page.getByLabel(`Justification for ${name}`).fill(`${name}: sound.`);
    }
    await page.getByRole("button", { name: "Submit the evaluation" }).click();
    await page.getByRole("button", { name: "Yes, submit my scores" }).click();
    await expect(page.getByText("Your evaluation is submitted.")).toBeVisible();
    await leave();
  }

  await signIn(page, "watchdog", "/my-evaluations-reviews");
  await page.getByRole("row").filter({ hasText: "SEAWARM" }).getByRole("link", { name: /^Review the evaluations by .* \(SEAWARM\)$/ }).click();
  for (const n of [1, 2]) {
    const review = page.getByRole("group", { name: `Your review of evaluation ${n}` });
    await review.getByLabel("I agree with this evaluation").check();
    await review.getByRole("button", { name: "Save the review" }).click();
    await expect(page.getByText("Your review is saved.")).toBeVisible();
  }
  await leave();

  await signIn(page, "viewer", "/my-applications-reviews");
  await page.getByRole("row").filter({ hasText: "SEAWARM" }).getByRole("link", { name: "Save the declaration to read it (SEAWARM)" }).click();
  await page.getByLabel("I will keep the content of the applications I view confidential.").check();
  await page.getByRole("button", { name: "Save the declaration" }).click();
  await expect(page.getByRole("region", { name: "Project", exact: true })).toContainText("SEAWARM");
  await leave();

  await signIn(page, "editor", "/admin/application?q=SEAWARM");
  await page.getByRole("link", { name: /SEAWARM/ }).first().click();
  await expect(page.locator("dt", { hasText: "Evaluation complete" }).locator("xpath=following-sibling::dd[1]")).toHaveText("Yes");
  await expect(page.getByRole("region", { name: "Evaluations", exact: true }).getByText("agrees with this evaluation.")).toHaveCount(2);
  await leave();

  await signIn(page, "applicant", "/notifications");
  await expect(page.getByRole("main")).toContainText(/The status of application SEAWARM \(#\d+\) changed from Submitted to Under evaluation\./);
  // And by e-mail, delivered through SMTP by the portal's mail job (every 10 s).
  await expect.poll(() => subjectsTo("applicant@demo.ta-portal.test"), { timeout: 40_000 }).toContainEqual(expect.stringMatching(/^Application SEAWARM \(#\d+\): Under evaluation$/));
  await expect.poll(() => subjectsTo("evaluator2@demo.ta-portal.test"), { timeout: 40_000 }).toContainEqual(expect.stringMatching(/^Evaluation assigned: SEAWARM/));
});
