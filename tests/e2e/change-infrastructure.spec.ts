// The editor changes an application's research infrastructure from its staff
// screen (docs/lifecycle.md#eligibility), with a real form: JS on and off,
// each on its own copy of the demo's ICEALGAE under evaluation (C with
// JavaScript, D without), axe on the screen.
import type { Page } from "@playwright/test";
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });

test("the editor moves a request to another infrastructure of the call, and its accesses follow", async ({ page }) => {
  const acronym = `ICEALGAE-${test.info().project.name === "js-on" ? "C" : "D"}`;
  await acceptCookies(page);
  await signIn(page, "editor", `/admin/application?q=${acronym}`);
  await page.getByRole("link", { name: new RegExp(`${acronym}(?!\\w)`) }).first().click();
  const panel = page.getByRole("region", { name: "Research infrastructures" });
  await expect(panel).toBeVisible();
  await expectNoA11yViolations(page);

  // Sent without a choice: the panel says what is missing and nothing changes.
  await panel.getByRole("button", { name: "Change the infrastructure" }).first().click();
  // In the summary and at the select itself.
  await expect(page.getByRole("alert").filter({ hasText: "Unable to save" })).toContainText("Choose the infrastructure to move to.");
  await expect(page.getByRole("region", { name: "Research infrastructures" }).getByLabel(/^Move the request at /).first()).toHaveAccessibleDescription(/Choose the infrastructure to move to\./);

  const target = (await page.getByRole("region", { name: "Research infrastructures" }).getByLabel(/^Move the request at /).first().locator("option").nth(1).innerText()).trim();
  await page.getByRole("region", { name: "Research infrastructures" }).getByLabel(/^Move the request at /).first().selectOption({ label: target });
  await page.getByRole("region", { name: "Research infrastructures" }).getByRole("button", { name: "Change the infrastructure" }).first().click();
  await expect(notifications(page)).toContainText("The infrastructure was changed.");
  const after = page.getByRole("region", { name: "Research infrastructures" });
  await expect(after.getByRole("listitem").first()).toContainText(target);
  // The eligibility panel lists the moved access at its new infrastructure.
  await expect(page.getByRole("region", { name: "Eligibility" })).toContainText(/Access 1/);
  await expectNoA11yViolations(page);
});
