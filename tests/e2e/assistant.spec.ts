// The assistant on the project step (docs/decisions/042-assistant-pre-fill.md, docs/ui.md#wizard):
// with the ai-in-use setting on, an applicant uploads a research plan on the
// project step, agrees to the disclaimer and pre-fills the step; the filled
// fields say "Suggested by the assistant". No model is configured for the
// browser tests: the built-in extractive assistant answers. JS on and off.
import type { Page } from "@playwright/test";
import { expect, test, acceptCookies, expectNoA11yViolations, signIn, signOut } from "./fixtures";
import { checkLayout, draftAtProject } from "./wizard-drafts";

const PLAN = [
  "Research plan: Seabird foraging at the ice edge (SEABIRDLOG)",
  "Discipline: Biological sciences",
  "Keywords: Sea ice, Glaciology",
  "",
  "1. Summary",
  "We follow seabirds that forage at the edge of the sea ice.",
  "",
  "2. Objectives",
  "Map the foraging trips of three colonies.",
].join("\n");

const notice = (page: Page) => page.getByRole("region", { name: "Notifications" });

async function assistantSetting(page: Page, value: "yes" | "no") {
  await signIn(page, "admin", "/admin/settings?section=ai");
  await page.getByLabel("Offer the AI assistant", { exact: true }).selectOption(value);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(notice(page)).toContainText("The settings were saved.");
  await page.goto("/");
  await signOut(page);
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("an applicant uploads a research plan on the project step and the assistant pre-fills it", async ({ page }) => {
  test.slow();
  await assistantSetting(page, "yes");
  try {
    await draftAtProject(page);
    const panel = page.getByRole("region", { name: "Pre-fill from your research plan" });
    await expect(panel).toContainText("The assistant's suggestions may be wrong");
    await expect(panel).toContainText("This assistant is not an AI model");
    await expectNoA11yViolations(page);
    await checkLayout(page, "assistant-offer");

    // Without the box ticked: the plan is kept, nothing is filled, and the box says why.
    await panel.getByLabel("Research plan").setInputFiles({ name: "seabirdlog-plan.txt", mimeType: "text/plain", buffer: Buffer.from(PLAN) });
    await panel.getByRole("button", { name: "Pre-fill from my research plan" }).click();
    await expect(panel).toContainText("Tick that you agree before you ask the assistant.");
    await expect(panel).toContainText("Your research plan: seabirdlog-plan.txt");
    await expect(page.getByLabel("Project title")).toHaveValue("");
    await expectNoA11yViolations(page);

    await panel.getByLabel("I have read the text above and I agree").check();
    await panel.getByRole("button", { name: "Pre-fill from my research plan" }).click();
    await expect(notice(page)).toContainText("Pre-filled by the assistant");
    await expect(page).toHaveURL(/\/update\/project$/);
    await expect(page.getByLabel("Project title")).toHaveValue("Seabird foraging at the ice edge");
    await expect(page.getByLabel("Project acronym")).toHaveValue("SEABIRDLOG");
    await expect(page.getByLabel("Project summary")).toHaveValue("We follow seabirds that forage at the edge of the sea ice.");
    await expect(page.getByLabel("Keyword 1")).toHaveValue("sea-ice");
    await expect(page.getByLabel("Project title")).toHaveAccessibleDescription(/Suggested by the assistant/);
    const done = page.getByRole("region", { name: "Pre-filled by the assistant" });
    await expect(done).toContainText("The assistant filled 5 fields: Title, Acronym, Summary, Discipline, Keywords.");
    await expectNoA11yViolations(page);
    await checkLayout(page, "assistant-filled");

    // Saved by the applicant: the suggestions are confirmed; the title they changed is edited.
    const id = Number(/\/application\/(\d+)\//.exec(page.url())![1]);
    await page.getByLabel("Project title").fill("Seabirds at the ice edge");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByLabel("Project summary")).toHaveAccessibleDescription(/Suggested by the assistant, confirmed/);
    await expect(page.getByLabel("Project title")).toHaveAccessibleDescription(/Suggested by the assistant, then edited/);
    await page.goto("/");
    await signOut(page);

    // Staff see which fields came from the assistant and what became of them, and its answer.
    await signIn(page, "admin", `/admin/application/${id}`);
    const report = page.getByRole("region", { name: "Assistant", exact: true });
    await expect(report).toContainText("extractive assistant (no model)");
    const rows = report.getByRole("table", { name: "Pre-filled by the assistant" }).getByRole("row");
    await expect(rows.filter({ hasText: "Title" })).toContainText("Seabird foraging at the ice edgeSuggested by the assistant, then edited");
    await expect(rows.filter({ hasText: "Summary" })).toContainText("Suggested by the assistant, confirmed");
    await report.getByText("The assistant's answer").click();
    await expect(report.locator("pre")).toContainText('"acronym":"SEABIRDLOG"');
    await expectNoA11yViolations(page);
    await checkLayout(page, "assistant-staff");
    await page.goto("/");
    await signOut(page);
  } finally {
    await assistantSetting(page, "no");
  }
});
