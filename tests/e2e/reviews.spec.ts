// The reviewers' screens (docs/lifecycle.md#evaluation to #viewing) on the demo's application under
// evaluation (TUNDRACARB: the evaluator's evaluation submitted, evaluator2's
// open, the watchdog and the viewer assigned). The demo's reviews can be done
// once per portal, so one run covers JavaScript on and off: each flow posts
// some of its forms from a page without JavaScript (real HTML forms) and the
// rest from one with it. axe and the layout check (375 px, English/light
// and French/dark, screenshots in /tmp) run on every screen.
import type { Browser, Page } from "@playwright/test";
import { acceptCookies, expect, expectNoA11yViolations, PORTAL, signIn, test } from "./fixtures";
import { checkLayout } from "./wizard-drafts";

const ACRONYM = "TUNDRACARB";
const CRITERIA = ["Scientific excellence", "Methodology and feasibility", "Expected impact", "Team competence"];

test.skip(() => test.info().project.name !== "js-on", "one run covers both (see above): the demo's reviews are done once");
test.describe.configure({ mode: "serial" });

/** A page without JavaScript, signed in as `username` at `path`. */
async function withoutJs(browser: Browser, username: string, path: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: PORTAL });
  const page = await context.newPage();
  await acceptCookies(page);
  await signIn(page, username, path);
  return page;
}

const alerts = (page: Page) => page.getByRole("region", { name: "Notifications" });
const summary = (page: Page) => page.getByRole("alert").filter({ hasText: "Unable to save" });

test.beforeEach(async ({ page }) => {
  test.slow();
  await acceptCookies(page);
});

test("the evaluator scores without JavaScript, saves, and submits with it after the question (Cancel leaves it open, with JavaScript and without); then reads the scores", async ({ page, browser }) => {
  const off = await withoutJs(browser, "evaluator2", "/my-evaluations");
  await expect(off.getByRole("heading", { level: 1, name: "My evaluations" })).toBeVisible();
  const row = off.getByRole("row").filter({ hasText: ACRONYM });
  await expect(row).toContainText("In progress");
  await row.getByRole("link", { name: new RegExp(`^Score the evaluation by .* \\(${ACRONYM}\\)$`) }).click();
  await expect(off.getByRole("heading", { level: 1, name: `Evaluation of ${ACRONYM}` })).toBeVisible();
  await expect(off.getByRole("region", { name: "Project", exact: true })).toContainText(ACRONYM);

  // Submitting nothing lists every criterion's score and justification.
  await off.getByRole("button", { name: "Submit the evaluation" }).click();
  await expect(summary(off)).toContainText("Score for Scientific excellence");
  await expect(summary(off)).toContainText("Justification for Team competence");
  for (const [i, name] of CRITERIA.entries()) {
    await off.getByRole("group", { name, exact: true }).getByLabel(String(3 + (i % 3)), { exact: true }).check();
    if (i < CRITERIA.length - 1) await off.getByLabel(`Justification for ${name}`).fill(`${name}: convincing.`);
  }
  await off.getByRole("button", { name: "Save", exact: true }).click();
  await expect(alerts(off)).toContainText("Your scores are saved.");
  await off.context().close();

  await signIn(page, "evaluator2", "/my-evaluations");
  await expectNoA11yViolations(page);
  await checkLayout(page, "reviews-my-evaluations");
  await page.getByRole("row").filter({ hasText: ACRONYM }).getByRole("link", { name: new RegExp(`^Score the evaluation by .* \\(${ACRONYM}\\)$`) }).click();
  await expect(page.getByRole("group", { name: "Expected impact", exact: true }).getByLabel("5", { exact: true })).toBeChecked();
  await expect(page.getByLabel("Justification for Scientific excellence")).toHaveValue("Scientific excellence: convincing.");
  await expectNoA11yViolations(page);
  await checkLayout(page, "reviews-evaluation");
  await page.getByLabel("Justification for Team competence").fill("A team that has done this before.");
  // Submitting saves the scores and asks first, on its own page; Cancel goes back with nothing submitted.
  await page.getByRole("button", { name: "Submit the evaluation" }).click();
  await expect(page).toHaveURL(/\/my-evaluations\/\d+\/submit$/);
  const question = page.url().replace(PORTAL, "");
  await expect(page.getByRole("heading", { level: 1, name: "Submit your scores?" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("You cannot change them afterwards");
  await expect(page.getByRole("main")).toContainText(ACRONYM);
  await expect(page.getByRole("table", { name: "The scores you submit" }).getByRole("row").filter({ hasText: "Team competence" })).toContainText("A team that has done this before.");
  await expectNoA11yViolations(page);
  await checkLayout(page, "reviews-submit");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Evaluation of ${ACRONYM}` })).toBeVisible();
  await expect(page.getByLabel("Justification for Team competence")).toHaveValue("A team that has done this before.");
  await expect(page.getByRole("button", { name: "Submit the evaluation" })).toBeVisible();

  // Without JavaScript: the same question, and Cancel leaves the evaluation in progress.
  const again = await withoutJs(browser, "evaluator2", question);
  await expect(again.getByRole("heading", { level: 1, name: "Submit your scores?" })).toBeVisible();
  await again.getByRole("link", { name: "Cancel" }).click();
  await expect(again.getByRole("heading", { level: 1, name: `Evaluation of ${ACRONYM}` })).toBeVisible();
  await again.goto("/my-evaluations");
  await expect(again.getByRole("row").filter({ hasText: ACRONYM })).toContainText("In progress");
  await again.context().close();

  await page.getByRole("button", { name: "Submit the evaluation" }).click();
  await page.getByRole("button", { name: "Yes, submit my scores" }).click();
  await expect(alerts(page)).toContainText("Your evaluation is submitted.");
  const scores = page.getByRole("table", { name: "Your submitted scores" });
  await expect(scores.getByRole("row").filter({ hasText: "Team competence" })).toContainText("A team that has done this before.");
  await expect(page.getByRole("button", { name: "Submit the evaluation" })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test("the watchdog reviews both evaluations: a comment needs its text; one review with JavaScript, one without", async ({ page, browser }) => {
  await signIn(page, "watchdog", "/my-evaluations-reviews");
  // The watchdog-name setting names the screen.
  await expect(page.getByRole("heading", { level: 1, name: "My watch as Watchdog" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "My watch as Watchdog" })).toBeVisible();
  await expectNoA11yViolations(page);
  await checkLayout(page, "reviews-watch");
  await page.getByRole("row").filter({ hasText: ACRONYM }).getByRole("link", { name: new RegExp(`^Review the evaluations by .* \\(${ACRONYM}\\)$`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Evaluations of ${ACRONYM}` })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /^Evaluation 2 by Emil Evaluator/ })).toBeVisible();
  await expectNoA11yViolations(page);
  await checkLayout(page, "reviews-watch-application");

  const first = page.getByRole("group", { name: "Your review of evaluation 1" });
  await first.getByLabel("I have a comment for the editor").check();
  await first.getByRole("button", { name: "Save the review" }).click();
  await expect(page.getByRole("group", { name: "Your review of evaluation 1" }).getByText("This field is required")).toBeVisible();
  await page.getByRole("group", { name: "Your review of evaluation 1" }).getByLabel("I agree with this evaluation").check();
  await page.getByRole("group", { name: "Your review of evaluation 1" }).getByRole("button", { name: "Save the review" }).click();
  await expect(alerts(page)).toContainText("Your review is saved.");
  await expect(page.getByRole("group", { name: "Your review of evaluation 1" })).toHaveCount(0);

  const off = await withoutJs(browser, "watchdog", page.url().replace(PORTAL, ""));
  const second = off.getByRole("group", { name: "Your review of evaluation 2" });
  await second.getByLabel("I have a comment for the editor").check();
  await second.getByLabel("Comment for the editor", { exact: true }).fill("The impact score looks generous.");
  await second.getByRole("button", { name: "Save the review" }).click();
  await expect(alerts(off)).toContainText("Your review is saved.");
  await expect(off.getByText("The impact score looks generous.")).toBeVisible();
  await off.context().close();
});

test("the viewer saves the confidentiality declaration without JavaScript, then reads the application", async ({ page, browser }) => {
  const off = await withoutJs(browser, "viewer", "/my-applications-reviews");
  await off.getByRole("row").filter({ hasText: ACRONYM }).getByRole("link", { name: `Save the declaration to read it (${ACRONYM})` }).click();
  await expect(off.getByText("Save the confidentiality declaration to read this application.")).toBeVisible();
  await expect(off.getByRole("region", { name: "Project", exact: true })).toHaveCount(0);
  await off.getByRole("button", { name: "Save the declaration" }).click();
  await expect(off.getByText("Tick this declaration to continue.")).toBeVisible();
  await off.getByLabel("I will keep the content of the applications I view confidential.").check();
  await off.getByRole("button", { name: "Save the declaration" }).click();
  await expect(alerts(off)).toContainText("Your declaration is saved.");
  await expect(off.getByRole("region", { name: "Project", exact: true })).toContainText(ACRONYM);
  await off.context().close();

  await signIn(page, "viewer", "/my-applications-reviews");
  await expectNoA11yViolations(page);
  await checkLayout(page, "reviews-view");
  await page.getByRole("row").filter({ hasText: ACRONYM }).getByRole("link", { name: `Read (${ACRONYM})` }).click();
  await expect(page.getByRole("region", { name: "Project", exact: true })).toContainText(ACRONYM);
  await expectNoA11yViolations(page);
  await checkLayout(page, "reviews-view-application");
});
