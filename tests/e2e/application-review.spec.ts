// docs/ui.md#wizard: My applications (a draft with "Continue at step N before …", the status
// filter, deleting a draft through its confirmation page), the review step of
// an incomplete draft (error counters, a link that lands on the faulty field,
// a submit refused with the summary, no submit for a non-leader), the application's review page with its
// status timeline, and a complete application (started from the demo's
// submitted one) submitted by its group leader; JS on and off, axe on each screen.
import type { Page } from "@playwright/test";
import { expect, test, acceptCookies, expectNoA11yViolations, signIn, PORTAL } from "./fixtures";

const OPEN_CALL = "Transnational Access Call 2027: polar and marine";

test.beforeEach(async ({ page }) => {
  // Each test starts its own draft through three steps first.
  test.slow();
  await acceptCookies(page);
});

/** A new draft of the applicant's with the terms accepted and a project acronym only (step 3): its id. */
async function draftAtProject(page: Page, acronym: string): Promise<number> {
  await signIn(page, "applicant", "/call");
  await page.getByRole("article").filter({ has: page.getByRole("heading", { name: OPEN_CALL }) }).getByRole("link", { name: "Apply" }).click();
  await page.getByRole("button", { name: "Start the application" }).click();
  await expect(page).toHaveURL(/\/update\/intro$/);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/update\/terms$/);
  await page.getByLabel("I have read and accept the terms of service").check();
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/update\/project$/);
  await page.getByLabel("Project acronym").fill(acronym);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  return Number(/\/application\/(\d+)\//.exec(page.url())![1]);
}

const acronymFor = (what: string) => `${what}-${test.info().project.name}-${Date.now() % 100000}`;

test("My applications lists a draft to continue, filters by status, and deletes a draft after asking", async ({ page }) => {
  const acronym = acronymFor("LIST");
  await draftAtProject(page, acronym);
  await page.goto("/application");
  await expect(page.getByRole("heading", { level: 1, name: "My applications" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: acronym });
  await expect(row).toContainText(OPEN_CALL);
  await expect(row).toContainText("Draft");
  await expect(row.getByRole("link", { name: new RegExp(`^Continue at step 3 before the call closes on .* \\(${acronym}\\)$`) })).toBeVisible();
  await expectNoA11yViolations(page);

  // Filters travel in the URL (a GET form).
  await page.getByLabel("Status").selectOption({ label: "Submitted" });
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/status%5B%5D=submit/);
  await expect(page.getByRole("row").filter({ hasText: acronym })).toHaveCount(0);
  await page.getByLabel("Status").selectOption({ label: "Draft" });
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/status%5B%5D=draft/);
  await expect(page.getByLabel("Status")).toHaveValue("draft");
  await row.getByRole("link", { name: new RegExp(`^Continue at step 3 before the call closes on .* \\(${acronym}\\)$`) }).click();
  await expect(page).toHaveURL(/\/update\/project$/);

  await page.goto("/application?status%5B%5D=draft");
  await page.getByRole("row").filter({ hasText: acronym }).getByRole("link", { name: `Delete (${acronym})` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Delete this draft?" })).toBeVisible();
  await expect(page.getByText(acronym)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Yes, delete the draft" }).click();
  await expect(page).toHaveURL(/\/application$/);
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("The draft has been deleted.");
  await expect(page.getByRole("row").filter({ hasText: acronym })).toHaveCount(0);
});

test("the review step of an incomplete draft counts each step's errors and links to the faulty field; submitting is refused", async ({ page }) => {
  const acronym = acronymFor("REVIEW");
  const id = await draftAtProject(page, acronym);
  await page.goto(`/application/${id}/update/review`);
  await expect(page.getByText("Step 9 of 9")).toBeVisible();
  const project = page.getByRole("region", { name: "Project", exact: true });
  await expect(project).toContainText("4 Errors");
  await expect(project).toContainText("Suggestion: 3");
  await expect(project).toContainText(acronym);
  await expect(page.getByRole("region", { name: "Terms", exact: true })).toContainText("0 Errors");
  await expect(page.getByRole("button", { name: "Save draft" })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Submit the application" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Unable to save" });
  await expect(summary).toContainText("Validation failed, check all required fields");
  await expect(summary.getByRole("link", { name: /User group/ })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/application/${id}/update/review`));

  // Someone else marked group leader (the group step posted as its form would): the warning, and no submit button.
  const updated_at = (await page.locator('input[name="updated_at"]').getAttribute("value"))!;
  const group = { updated_at, move: "save", "members[0].name": "Bob", "members[0].email": "bob@example.org", "members[0].leader": "on" };
  expect((await page.request.post(`/application/${id}/update/user-group`, { form: group, headers: { origin: PORTAL } })).ok()).toBe(true);
  await page.goto(`/application/${id}/update/review`);
  await expect(page.getByText("Only the group leader can submit the application")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit the application" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Previous step" })).toBeVisible();

  await page.getByRole("region", { name: "Project", exact: true }).getByRole("link", { name: "Project title: This field is required" }).click();
  await expect(page).toHaveURL(new RegExp(`/application/${id}/update/project#project-title$`));
  await expect(page.locator('[id="project-title"]')).toBeInViewport();
  await expect(page.getByLabel("Project title")).toBeEditable();
});

test("the review page shows the application, its status timeline and Continue for a draft", async ({ page }) => {
  const acronym = acronymFor("PAGE");
  const id = await draftAtProject(page, acronym);
  await page.goto(`/application/${id}/review`);
  await expect(page.getByRole("heading", { level: 1, name: `Application ${acronym}` })).toBeVisible();
  const timeline = page.getByRole("region", { name: "Status timeline" });
  await expect(timeline).toContainText("Current status: Draft");
  await expect(timeline.getByRole("listitem").first()).toContainText("Submission (in progress)");
  await expect(timeline).toContainText("Submit the application by");
  await expect(page.getByRole("region", { name: "Project", exact: true })).toContainText(acronym);
  // The member's nationality by its name (the page carries the names of its members' countries only).
  await expect(page.getByRole("region", { name: "User group", exact: true })).toContainText("Belgium");
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Continue step 3" }).click();
  await expect(page).toHaveURL(new RegExp(`/application/${id}/update/project$`));
});

/** A day `offset` days from today, as the date fields take it. */
const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

test("the group leader submits a complete application from the review step, and its review page says so", async ({ page }) => {
  test.setTimeout(180_000); // every step of the wizard, each a page
  const next = async (path: RegExp) => {
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page).toHaveURL(path);
  };
  await signIn(page, "applicant", "/call");
  await page.getByRole("article").filter({ has: page.getByRole("heading", { name: OPEN_CALL }) }).getByRole("link", { name: "Apply" }).click();
  // Project, group, publications and appendices come from the demo's submitted application; terms and accesses do not.
  await page.getByRole("radio", { name: /^FJORDMELT/ }).first().check();
  await page.getByRole("button", { name: "Start the application" }).click();
  await expect(page).toHaveURL(/\/update\/intro$/);
  const id = Number(/\/application\/(\d+)\//.exec(page.url())![1]);
  await next(/\/update\/terms$/);
  await page.getByLabel("I have read and accept the terms of service").check();
  await next(/\/update\/project$/);
  await next(/\/update\/user-group$/);
  await next(/\/update\/logistics$/);
  const infra = page.getByRole("group", { name: "Infrastructure 1" });
  await infra.getByLabel("Infrastructure", { exact: true }).selectOption({ label: "Arctic Research Station Ny-Ålesund (ARS-NYA)" });
  const access = infra.getByRole("group", { name: /^Access 1/ });
  await access.getByLabel("Member taking part").selectOption({ label: "Alice Applicant" });
  await access.getByLabel("From").fill(day(60));
  await access.getByLabel("To").fill(day(62));
  await access.getByLabel("Requested units").fill("3");
  await access.getByRole("group", { name: "Is co-funding available?" }).getByLabel("No").check();
  await access.getByLabel("Justification of the access").fill("Only this station has the fjord we study.");
  const contacted = access.getByRole("group", { name: "Have you contacted the infrastructure's operator?" });
  if (await contacted.count()) await contacted.getByLabel("Yes").check();
  await next(/\/update\/costs$/);
  await next(/\/update\/publications$/);
  await next(/\/update\/appendices$/);
  await next(/\/update\/review$/);

  await expect(page.getByText("Every step is complete.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Appendices", exact: true })).toContainText("FJORDMELT-research-plan.pdf");
  await page.getByRole("button", { name: "Submit the application" }).click();
  await expect(page).toHaveURL(new RegExp(`/application/${id}/review$`));
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Your application has been submitted.");
  const timeline = page.getByRole("region", { name: "Status timeline" });
  await expect(timeline).toContainText("Current status: Submitted");
  await expect(timeline.getByRole("listitem").first()).toContainText("Submission (done)");
  await expect(timeline.getByRole("listitem").filter({ hasText: "Evaluation" })).toContainText("due by");
  await expect(page.getByRole("link", { name: /^Continue/ })).toHaveCount(0);
  // Irreversible: the wizard now opens the review page.
  await page.goto(`/application/${id}/update/terms`);
  await expect(page).toHaveURL(new RegExp(`/application/${id}/review$`));
});
