// Step 4 "User group" (docs/validation.md#members): the member started from the profile, a second
// member added, the duplicate e-mail and second-leader errors met and fixed, a
// member removed (its hidden key not inherited by the row after it), then Save
// and continue; back on the step, a complete member's countries are ordinary
// lists, changed in place and saved; JS on and off, axe on the step. E2E_SHOTS=1 saves
// English/light and French/dark pictures at 1280 and 375 px to /tmp.
import type { Page } from "@playwright/test";
import { expect, test, acceptCookies, expectNoA11yViolations } from "./fixtures";
import { checkLayout, draftAtUserGroup, fillMember, saveAndContinue as save, saveDraft, summary } from "./wizard-drafts";

const member = (page: Page, n: number) => page.getByRole("group", { name: `Member ${n}`, exact: true });
const keyOf = (page: Page, n: number) => member(page, n).locator(`input[type="hidden"][name="members[${n - 1}].key"]`);

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("an applicant fills the user group: adds members, meets the duplicate e-mail and second leader, removes one, goes on", async ({ page }, testInfo) => {
  test.slow(); // three steps through their forms before this one
  await draftAtUserGroup(page, "ICEGROUP");
  await expect(page.getByText("Step 4 of 9")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "User group" })).toBeVisible();
  // Started from the profile: the applicant, group leader.
  const first = member(page, 1);
  await expect(first.getByLabel("E-mail")).toHaveValue("applicant@demo.ta-portal.test");
  await expect(first.getByLabel("Group leader")).toBeChecked();
  await expect(first.getByLabel("Early-career researcher")).not.toBeChecked();

  await fillMember(first, {});
  await page.getByRole("button", { name: "Add a member" }).click();
  const second = member(page, 2);
  await expect(second).toBeVisible();
  await fillMember(second, { name: "Bob", surname: "Second", email: "APPLICANT@demo.ta-portal.test" });
  await second.getByLabel("Group leader").check();
  await save(page);

  await expect(summary(page)).toContainText("Member 2: E-mail: Each member needs a different e-mail address");
  await expect(summary(page)).toContainText("Members: Only one member can be the group leader");
  await expect(page.getByText("Only one member can be the group leader").last()).toBeVisible();
  await expect(second.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(second.getByLabel("Surname")).toHaveValue("Second");
  // axe once, on the step as it comes back with its errors (a large page: three country lists a member).
  await expectNoA11yViolations(page);
  // Saved as typed, and the form shows the key the save gave the new member.
  await expect(keyOf(page, 2)).toHaveValue(/^[a-z0-9-]+$/);
  const bobKey = await keyOf(page, 2).inputValue();

  await second.getByLabel("E-mail").fill("bob@example.org");
  await second.getByLabel("Group leader").uncheck();
  await page.getByRole("button", { name: "Add a member" }).click();
  await fillMember(member(page, 3), { name: "Carol", surname: "Third", email: "carol@example.org" });
  await member(page, 2).getByRole("button", { name: "Remove member 2" }).click();
  await expect(member(page, 3)).toHaveCount(0);
  // Carol is now member 2, without Bob's key.
  await expect(member(page, 2).getByLabel("Surname")).toHaveValue("Third");
  await expect(keyOf(page, 2)).not.toHaveValue(bobKey);
  await save(page);
  await expect(page).toHaveURL(/\/update\/logistics$/);

  await page.goto(page.url().replace(/logistics$/, "user-group"));
  await expect(member(page, 2).getByLabel("E-mail")).toHaveValue("carol@example.org");
  await expect(member(page, 3)).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Steps of the application" }).getByRole("listitem").filter({ hasText: "User group" })).toContainText("Completed");
  // A complete member's countries are ordinary lists, with the chosen country selected, changed in place.
  await expect(member(page, 2).getByRole("combobox", { name: "Nationality" })).toHaveValue("BE");
  await expect(member(page, 2).getByRole("button", { name: /countries/ })).toHaveCount(0);
  await member(page, 2).getByLabel("Nationality").selectOption("FR");
  await saveDraft(page);
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await page.goto(page.url());
  await expect(member(page, 2).getByRole("combobox", { name: "Nationality" })).toHaveValue("FR");
  await expect(member(page, 2).getByRole("combobox", { name: "Country of work" })).toHaveValue("BE");
  if (testInfo.project.name === "js-on") await checkLayout(page, "group");
  // The steps' list (a client-side move with JavaScript) opens the project step with its own values.
  await page.getByRole("navigation", { name: "Steps of the application" }).getByRole("link", { name: /Project/ }).click();
  await expect(page.getByLabel("Project acronym")).toHaveValue("ICEGROUP");
});
