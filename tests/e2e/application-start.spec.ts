// docs/ui.md#wizard: from an open call to the first steps of an application. The Apply
// link, the Apply page (a GET creates nothing), Start, the Terms step refusing
// an unticked box, Before you start, and the Project step saving what was typed
// even when it is invalid, with the error summary; JS on and off.
import type { Page } from "@playwright/test";
import { expect, test, acceptCookies, expectNoA11yViolations, signIn, submitCredentials, IDP_SIGN_IN } from "./fixtures";
import { draftAtProject, startDraft } from "./wizard-drafts";

const OPEN_CALL = "Transnational Access Call 2027: polar and marine";
const summary = (page: Page) => page.getByRole("alert").filter({ hasText: "Unable to save" });

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("an applicant starts an application from /call and goes through Before you start, the terms and the project", async ({ page }) => {
  test.slow();
  await signIn(page, "applicant", "/call");
  const call = page.getByRole("article").filter({ has: page.getByRole("heading", { name: OPEN_CALL }) });
  await call.getByRole("link", { name: "Apply" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Apply to ${OPEN_CALL}` })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Start the application" }).click();

  await expect(page).toHaveURL(/\/application\/\d+\/update\/intro$/);
  await expect(page.getByText("Step 1 of 9")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Before you start" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/update\/terms$/);
  await expect(page.getByText("Step 2 of 9")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Steps of the application" }).getByRole("listitem").filter({ hasText: "Before you start" })).toContainText("Completed");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(summary(page)).toContainText("Accept the terms of service to continue");
  await page.getByLabel("I have read and accept the terms of service").check();
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/update\/project$/);
  await page.getByLabel("Project acronym").fill("ICEFLOW");
  await page.getByLabel("Project summary").fill("We measure how fast the glacier flows.");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(summary(page)).toContainText("Project title");
  await expect(page.getByLabel("Project acronym")).toHaveValue("ICEFLOW");
  await expectNoA11yViolations(page);

  // Saved although invalid: a reload shows what was typed.
  await page.goto(page.url());
  await expect(page.getByLabel("Project acronym")).toHaveValue("ICEFLOW");
  await page.getByLabel("Project title").fill("Ice flow under a warming sky");
  await page.getByLabel("Discipline").selectOption({ index: 1 });
  await page.getByLabel("Keyword 1").fill("glaciology");
  await page.getByLabel("What the earlier access achieved").fill("Two weeks at the station in 2023 gave the first flow series.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await expect(page.getByLabel("What the earlier access achieved")).toHaveValue("Two weeks at the station in 2023 gave the first flow series.");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/update\/user-group$/);
});

test("a later step whose earlier steps are incomplete sends the applicant back", async ({ page }) => {
  await startDraft(page);
  await page.goto(page.url().replace(/intro$/, "project"));
  await expect(page).toHaveURL(/\/update\/terms$/);
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Complete this step first");
});

test("a session that ends during a step keeps what was typed through sign-in", async ({ page, context }) => {
  test.slow();
  await draftAtProject(page);
  const step = page.url();

  await page.getByLabel("Project acronym").fill("KEPT");
  await page.getByLabel("Project summary").fill("Typed while the session ran out.");
  // The portal's session ends (its cookie is gone), as after a long pause.
  const cookies = await context.cookies();
  await context.clearCookies({ name: "__session" });
  expect(cookies.some((c) => c.name === "__session")).toBe(true);
  await page.getByRole("button", { name: "Save draft" }).click();

  // Sign-in again: the identity provider still knows the applicant, so it may not even ask.
  await page.waitForURL((url) => url.href === step || IDP_SIGN_IN.test(url.href));
  if (IDP_SIGN_IN.test(page.url())) await submitCredentials(page, "applicant", "demo");
  await expect(page).toHaveURL(step);
  await expect(page.getByRole("status").filter({ hasText: "What you typed was kept" })).toBeVisible();
  await expect(page.getByLabel("Project acronym")).toHaveValue("KEPT");
  await expect(page.getByLabel("Project summary")).toHaveValue("Typed while the session ran out.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  // Taken once: a reload shows the saved draft, without the notice.
  await page.goto(step);
  await expect(page.getByLabel("Project acronym")).toHaveValue("KEPT");
  await expect(page.getByRole("status").filter({ hasText: "What you typed was kept" })).toHaveCount(0);
});

test("a keyboard alone fills the project step: focus follows the form's order and Enter saves and continues", async ({ page }) => {
  await draftAtProject(page);

  const focused = () => page.evaluate(() => document.activeElement?.getAttribute("name") ?? document.activeElement?.tagName ?? "");
  // From the top of the page, Tab reaches the first field of the step.
  for (let i = 0; i < 40 && (await focused()) !== "acronym"; i++) await page.keyboard.press("Tab");
  expect(await focused()).toBe("acronym");
  await page.keyboard.type("KEYS");
  await page.keyboard.press("Tab");
  expect(await focused()).toBe("title");
  await page.keyboard.type("Typed without a mouse");
  await page.keyboard.press("Tab");
  expect(await focused()).toBe("description");
  await page.keyboard.type("A summary typed key by key.");
  await page.keyboard.press("Tab");
  expect(await focused()).toBe("discipline");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  expect(await focused()).toBe("activity_keywords[0]");
  await page.keyboard.type("permafrost");
  // Enter in a field is Save and continue (not the first other button of the form).
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/update\/user-group$/);
  await page.goBack();
  await page.goto(page.url().replace(/user-group$/, "project"));
  await expect(page.getByLabel("Project acronym")).toHaveValue("KEYS");
  await expect(page.getByLabel("Keyword 1")).toHaveValue("permafrost");
});

test("an applicant whose organization's country the call excludes is told so on the Apply page before any click, with nothing to press", async ({ page }) => {
  await signIn(page, "applicant2", "/call");
  await page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Remote analyses call: isotopes and samples" }) }).getByRole("link", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/application\/create\/\d+$/);
  const refusal = page.getByRole("alert").filter({ hasText: "You cannot apply to this call" });
  await expect(refusal).toContainText("Your organization's country is not authorized to participate in this call");
  await expect(refusal.getByRole("link", { name: "Set your organization's country in your profile" })).toHaveAttribute("href", "/profile");
  await expect(page.getByRole("button", { name: "Start the application" })).toHaveCount(0);
  await expect(page.locator("main form[method=post]")).toHaveCount(0);
  await expectNoA11yViolations(page);
});
