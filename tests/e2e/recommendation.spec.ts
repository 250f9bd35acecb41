// The panel recommendation (docs/lifecycle.md#panel-recommendation), JS on and off: the editor opens the
// demo's application awaiting the panel (its own copy per project:
// ICEALGAE-A with JavaScript, ICEALGAE-B without) from its staff screen, sees
// the scores and the call's ranking beside the form, is refused an empty
// recommendation, then records one (the station recommended, the vessel not)
// and sees it complete. A panel member named in the panel-members setting
// (the demo viewer) reads it at /panel, read-only. axe on every screen; the
// layout at 375 px, English light and French dark, once.
import { acceptCookies, expect, expectNoA11yViolations, signIn, signOut, test } from "./fixtures";
import { checkLayout } from "./wizard-drafts";

const STATION = "ARS-NYA";
const PANEL_MEMBER = "viewer@demo.ta-portal.test";

test.beforeEach(async ({ page }) => {
  test.slow();
  await acceptCookies(page);
});

test("the editor records the panel's recommendation; a panel member reads it", async ({ page }) => {
  const acronym = `ICEALGAE-${test.info().project.name === "js-on" ? "A" : "B"}`;
  await signIn(page, "editor", `/admin/application?q=${acronym}`);
  await page.getByRole("link", { name: new RegExp(acronym) }).first().click();
  await page.getByRole("link", { name: "Record the panel recommendation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Panel recommendation: ${acronym}` })).toBeVisible();
  const id = /\/admin\/application\/(\d+)\/recommendation$/.exec(page.url())![1];
  await expect(page.getByRole("main")).toContainText("Not complete yet");
  const scores = page.getByRole("region", { name: "Evaluations" });
  await expect(scores.getByRole("table").first()).toBeVisible();
  const ranking = page.getByRole("table", { name: /^Applications of the call by mean score/ });
  await expect(ranking.getByRole("row").filter({ hasText: "(this application)" })).toContainText(acronym);
  // The whole ranking is the panel's list of the call, which editors read too.
  if (await page.getByRole("link", { name: "The whole ranking of the call" }).count()) {
    await page.getByRole("link", { name: "The whole ranking of the call" }).click();
    await expect(page.getByRole("link", { name: `Open the recommendation of ${acronym}` })).toBeVisible();
    await page.goBack();
  }
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page, "recommendation");

  // Nothing chosen: the flag and the figures are required for an infrastructure with eligible accesses.
  await page.getByRole("button", { name: "Save the recommendation" }).click();
  const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Unable to save" }) });
  await expect(summary.getByRole("link", { name: new RegExp(`^Units \\(${STATION}\\)`) })).toBeVisible();
  const station = page.getByRole("group", { name: STATION, exact: true });
  await expect(station.getByLabel("Units")).toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page);

  // Every infrastructure not recommended: the panel's notes are asked for.
  const groups = page.getByRole("group").filter({ has: page.getByRole("radiogroup", { name: "Recommended" }) });
  const count = await groups.count();
  expect(count).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < count; i++) {
    const g = groups.nth(i);
    await g.getByRole("radiogroup", { name: "Recommended" }).getByLabel("No").check();
    await g.getByLabel("Units").fill("0");
    await g.getByLabel("Participants").fill("0");
    await g.getByLabel("Budget (euro)").fill("0");
  }
  await page.getByRole("button", { name: "Save the recommendation" }).click();
  await expect(page.getByLabel("Panel notes")).toHaveAccessibleDescription(/required when no infrastructure is recommended/);

  // The station recommended, with a comma decimal budget; the vessel stays not recommended.
  await station.getByRole("radiogroup", { name: "Recommended" }).getByLabel("Yes").check();
  await station.getByLabel("Units").fill("12");
  await station.getByLabel("Participants").fill("3");
  await station.getByLabel("Budget (euro)").fill("9500,50");
  await station.getByLabel("Recommendation", { exact: true }).fill("A sound plan and a team that has worked at the station before.");
  await page.getByRole("button", { name: "Save the recommendation" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("The panel's recommendation is saved.");
  await expect(page.getByRole("main")).toContainText("Complete since");
  await expect(station.getByLabel("Budget (euro)")).toHaveValue("9500.50");
  await expectNoA11yViolations(page);
  await page.goto(`/admin/application/${id}`);
  await expect(page.getByRole("region", { name: /Decisions|Recommendation/ }).first()).toBeVisible();

  // The admin names the demo viewer on the panel; the viewer reads, without a form.
  await page.goto("/");
  await signOut(page);
  await signIn(page, "admin", "/admin/settings?section=review");
  await page.getByLabel("Panel members", { exact: true }).fill(`someone@example.org\n${PANEL_MEMBER}`);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("The settings were saved.");
  await page.goto("/");
  await signOut(page);

  await signIn(page, "viewer", "/panel");
  await expect(page.getByRole("heading", { level: 1, name: "Panel" })).toBeVisible();
  await expectNoA11yViolations(page);
  // From the application's panel screen to its call's whole ranking, and back through its row.
  await page.goto(`/panel/${id}`);
  await page.getByRole("link", { name: "The whole ranking of the call" }).click();
  await expect(page).toHaveURL(/\/panel\?call_id=\d+$/);
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: `Open the recommendation of ${acronym}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Panel: ${acronym}` })).toBeVisible();
  const table = page.getByRole("table", { name: "The panel's recommendation per infrastructure" });
  await expect(table.getByRole("row").filter({ hasText: STATION })).toContainText("A sound plan");
  await expect(page.getByRole("button", { name: "Save the recommendation" })).toHaveCount(0);
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js-on") await checkLayout(page, "panel");
});
