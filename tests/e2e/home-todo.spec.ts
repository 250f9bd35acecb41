// docs/ui.md#home: the signed-in home page is the person's to-do list, per role,
// against the demo data: each action a link to its screen with its deadline,
// the soonest first, "Deadline passed" where late; then the recent
// notifications. JS on and off (the two projects), axe, 375 px, English and French.
import type { Page } from "@playwright/test";
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";
import { checkLayout } from "./wizard-drafts";

const DAY = String.raw`\d{1,2} \S+ \d{4}`;
const todo = (page: Page) => page.getByRole("list", { name: "What to do next" });
/** The to-do item whose link is named `name` (the action, then "(No. N ACRONYM)"). */
const item = (page: Page, name: RegExp) => todo(page).getByRole("listitem").filter({ has: page.getByRole("link", { name }) });

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("the applicant sees what to do: the late grant first, a grant to accept by its day, the draft at step 9, the report to write", async ({ page }) => {
  await signIn(page, "applicant", "/");
  await expect(page.getByRole("heading", { level: 2, name: "What to do next" })).toBeVisible();
  const late = item(page, new RegExp(`^Accept the grant by ${DAY} \\(No\\. \\d+ MOSSBANK\\)$`));
  await expect(late).toContainText("Deadline passed");
  await expect(todo(page).getByRole("listitem").first()).toContainText("MOSSBANK");
  await expect(item(page, new RegExp(`^Accept the grant by ${DAY} \\(No\\. \\d+ SNOWPACK\\)$`))).not.toContainText("Deadline passed");
  await expect(item(page, new RegExp(`^Continue at step 9 before the call closes on ${DAY} \\(No\\. \\d+ POSIDONIA\\)$`)).first()).toBeVisible();
  await expect(item(page, new RegExp(`^Write the report by ${DAY} \\(No\\. \\d+ SEABIRDLOG\\)$`))).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Recent notifications" })).toBeVisible();
  await expectNoA11yViolations(page);
  // The link goes straight to the screen where it is done.
  await todo(page).getByRole("link", { name: /^Accept the grant by .*SNOWPACK\)$/ }).click();
  await expect(page).toHaveURL(/\/application\/\d+\/accept$/);

  // My applications says the same per row, and "Nothing to do" where nothing is.
  await page.goto("/application?status%5B%5D=granted");
  await expect(page.getByRole("row").filter({ hasText: "SNOWPACK" }).first()).toContainText(new RegExp(`Accept the grant by ${DAY}`));
  // A reported application asks nothing more of its owner (other browser tests move the submitted ones on).
  await page.goto("/application?status%5B%5D=reported");
  await expect(page.getByRole("row").nth(1)).toContainText("Nothing to do");
  await expectNoA11yViolations(page);
});

test("the home page in French says the actions and their days in French", async ({ page }) => {
  await signIn(page, "applicant", "/");
  const lang = (lng: string) => page.request.post("/preferences/language", { form: { lng, returnTo: "/" }, maxRedirects: 0, headers: { Origin: new URL(page.url()).origin } });
  expect((await lang("fr")).status()).toBe(302);
  try {
    await page.reload();
    const list = page.getByRole("list", { name: "À faire" });
    await expect(list.getByRole("link", { name: /^Accepter la subvention d’ici le \d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4} \(N° \d+ SNOWPACK\)$/ })).toBeVisible();
    await expect(list).toContainText("Échéance dépassée");
    await expectNoA11yViolations(page);
  } finally {
    await lang("en");
  }
});

// Each reviewer role and the staff: their own work only, with its deadline where the call sets one.
for (const [user, action, other] of [
  ["evaluator2", new RegExp(`^(Accept|Score) the evaluation by ${DAY} \\(`), /Accept the grant|Make your infrastructure/],
  ["watchdog", new RegExp(`^Review the evaluations by ${DAY} \\(`), /Score the evaluation|Accept the grant/],
  ["viewer", /^Save the declaration to read it \(/, /Review the evaluations|Accept the grant/],
  ["infrastructure-manager", new RegExp(`^Make your infrastructure's decision by ${DAY} \\(`), /Accept the grant|Save the declaration/],
  ["editor", /^Check the eligibility/, /Accept the grant|Save the declaration|Score the evaluation/],
] as const) {
  test(`${user} sees their own to-do list`, async ({ page }) => {
    await signIn(page, user, "/");
    await expect(todo(page).getByRole("link", { name: action }).first()).toBeVisible();
    await expect(todo(page)).not.toContainText(other);
    await expectNoA11yViolations(page);
    if (test.info().project.name === "js-on" && ["editor", "infrastructure-manager"].includes(user)) await checkLayout(page, `home-${user}`);
  });
}

test("an applicant with nothing to do is told so", async ({ page }) => {
  await signIn(page, "applicant2", "/");
  await expect(page.getByText("Nothing to do for now.")).toBeVisible();
  await expectNoA11yViolations(page);
});

test("the applicant's home page fits 375 px in English and French", async ({ page }) => {
  test.skip(test.info().project.name !== "js-on", "the layout once");
  await signIn(page, "applicant", "/");
  await checkLayout(page, "home-applicant");
});
