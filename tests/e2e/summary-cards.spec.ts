// docs/ui.md#application-summary and #wizard: the read-only application as a
// summary card per step (its line, its details folded, a Change link on the
// owner's draft) and the wizard's task list (Not started, In progress,
// Completed). Without JavaScript only: the details element opens natively and
// the links are plain links, so JavaScript changes nothing here.
import type { Page } from "@playwright/test";
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";
import { saveAndContinue, startDraft } from "./wizard-drafts";

test.beforeEach(async ({ page }) => {
  test.skip(test.info().project.name !== "js-off", "the details element and the links behave the same with JavaScript");
  await acceptCookies(page);
});

const tasks = (page: Page) => page.getByRole("navigation", { name: "Steps of the application" });
const task = (page: Page, name: string) => tasks(page).getByRole("listitem").filter({ hasText: name });

/** The review page of the applicant's application `acronym` among those in `status`. */
async function openReview(page: Page, acronym: string, status: string) {
  await signIn(page, "applicant", `/application?status%5B%5D=${status}`);
  await page.getByRole("row").filter({ hasText: acronym }).first().locator("a[href$='/review']").first().click();
  await expect(page.getByRole("heading", { level: 1, name: `Application ${acronym}` })).toBeVisible();
}

test("a draft's review page sums each step up in a card, folds its details and links each to its step", async ({ page }) => {
  await openReview(page, "POSIDONIA", "draft");
  const index = page.getByRole("navigation", { name: "Sections of the application" });
  await expect(index.getByRole("link", { name: "User group" })).toHaveAttribute("href", "#review-user-group");
  const group = page.getByRole("region", { name: "User group", exact: true });
  await expect(group).toContainText(/2 members, leader: Alice Applicant \(Belgium\)/);
  await expect(group).toContainText("Completed");
  // Folded, not removed: the values are in the page, shown once the card is opened.
  const residence = group.getByText("Place of residence").first();
  await expect(residence).toBeHidden();
  await group.getByText("Show the details").click();
  await expect(residence).toBeVisible();
  await expectNoA11yViolations(page);
  await group.getByRole("link", { name: "Change User group" }).click();
  await expect(page).toHaveURL(/\/update\/user-group$/);
  // Every step gone past and valid is completed; the review, reached, is in progress.
  await expect(task(page, "Before you start")).toContainText("Completed");
  await expect(task(page, "Appendices")).toContainText("Completed");
  await expect(task(page, "Review")).toContainText("In progress");
});

test("a granted application's cards have no Change link", async ({ page }) => {
  await openReview(page, "SNOWPACK", "granted");
  await expect(page.getByRole("region", { name: "Travel and logistic costs", exact: true })).toContainText(/in all for 2 accesses/);
  await expect(page.getByRole("link", { name: /^Change/ })).toHaveCount(0);
});

test("a new draft's task list says which steps are not started, in progress and completed", async ({ page }) => {
  await startDraft(page);
  await expect(task(page, "Before you start")).toContainText("Not started");
  await expect(task(page, "Before you start").getByRole("link")).toHaveAttribute("aria-current", "step");
  // The user group holds the leader prefilled from the profile.
  await expect(task(page, "User group")).toContainText("In progress");
  await expect(task(page, "Project")).toContainText("Not started");
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/update\/terms$/);
  await expect(task(page, "Before you start")).toContainText("Completed");
  await expect(task(page, "Terms")).toContainText("Not started");
  await expectNoA11yViolations(page);
});
