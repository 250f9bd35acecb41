// The infrastructure decision (docs/lifecycle.md#infrastructure-decision), JS on and off: the demo manager
// finds the demo's application awaiting the infrastructures (its own copy per
// project: PERMAWATCH-C with JavaScript, PERMAWATCH-D without) among the
// applications at their infrastructures with a decision to make, is refused
// an empty decision, records one for the station; the editor is refused an
// access date outside the station's periods, then reopens the decision,
// which leaves the copy as the seed made it (but for the figures kept).
// axe on every screen; the layout at 375 px, English light and
// French dark, once.
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";
import { checkLayout } from "./wizard-drafts";

const STATION = "Arctic Research Station Ny-Ålesund";

test.beforeEach(async ({ page }) => {
  test.slow();
  await acceptCookies(page);
});

test("a manager decides for their infrastructure; the editor reopens the decision", async ({ page }) => {
  const acronym = `PERMAWATCH-${test.info().project.name === "js-on" ? "C" : "D"}`;
  await signIn(page, "infrastructure-manager", "/application-at-my-ri");
  await expect(page.getByRole("heading", { level: 1, name: "Applications at my RI" })).toBeVisible();
  await page.getByLabel("Decisions").selectOption({ label: "Decision to make" });
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/ri_status=pending/);
  const row = page.getByRole("row").filter({ hasText: acronym });
  await expect(row).toContainText("ARS-NYA: to decide");
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page, "ri-list");
  await row.getByRole("link", { name: new RegExp(`^Make your infrastructure's decision by .* \\(${acronym}\\)$`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Infrastructure decision: ${acronym}` })).toBeVisible();
  const id = /\/application-at-my-ri\/(\d+)$/.exec(page.url())![1];
  await expectNoA11yViolations(page);

  const station = page.getByRole("region", { name: STATION, exact: true });
  const form = station.getByRole("group", { name: "Decision for ARS-NYA" });
  await form.getByRole("button", { name: "Record the decision" }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expect(form.getByLabel("Units granted")).toHaveAttribute("aria-invalid", "true");
  await expect(form).toContainText("This field is required");
  await expectNoA11yViolations(page);

  await form.getByLabel("Yes, accepted").check();
  await form.getByLabel("Units granted").fill("3");
  await form.getByLabel("Participants").fill("2");
  await form.getByLabel("Budget (euro)").fill("1250,50");
  await form.getByLabel("Justification").fill("The station hosts two people for three days in June.");
  await form.getByRole("button", { name: "Record the decision" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("The decision is recorded.");
  await expect(station).toContainText("The station hosts two people for three days in June.");
  await expect(station.getByRole("button", { name: "Record the decision" })).toHaveCount(0);
  if (test.info().project.name === "js-on") await checkLayout(page, "ri-decision");
  await expectNoA11yViolations(page);
  // The editor in the same browser (the toast of the decision covers the sign-out button without JavaScript).
  await page.context().clearCookies();
  await acceptCookies(page);
  await signIn(page, "editor", `/application-at-my-ri/${id}`);
  const dates = page.getByRole("region", { name: STATION, exact: true }).getByRole("group", { name: "Dates of access 1" });
  await dates.getByLabel("From").fill("2001-01-01");
  await dates.getByLabel("To").fill("2001-01-02");
  await dates.getByRole("button", { name: "Save the dates" }).click();
  await expect(page.getByRole("region", { name: STATION, exact: true })).toContainText("Date is not included in the research infrastructure available period");
  await expectNoA11yViolations(page);
  await page.getByRole("region", { name: STATION, exact: true }).getByRole("button", { name: "Reopen this decision" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("The decision is reopened.");
  await expect(page.getByRole("region", { name: STATION, exact: true }).getByRole("button", { name: "Reopen this decision" })).toHaveCount(0);
  await expectNoA11yViolations(page);
});
