// The wizard's journey (docs/ui.md#wizard): a new user goes from /call to a submitted application
// through every step by its form, meeting an error on each step that has
// fields and fixing it, adding and removing rows; JS on and off. Steps 7
// "Publications" and 8 "Appendices" are checked in detail here (four
// publications refused and fixed; three PDFs uploaded, listed, one removed and
// another chosen in its place), with axe and the layout check on both.
// E2E_SHOTS=1 saves both steps in English/light and French/dark
// at 1280 and 375 px to /tmp.
import type { Page } from "@playwright/test";
import { expect, test, acceptCookies, expectNoA11yViolations } from "./fixtures";
import { checkLayout, fillMember, saveAndContinue as save, saveDraft, startDraft, summary } from "./wizard-drafts";

const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4\n% ${name}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`) });
/** "1 March 2027" (English) as yyyy-MM-dd. */
const isoOf = (text: string) => {
  const d = new Date(`${text} 12:00 UTC`);
  return d.toISOString().slice(0, 10);
};

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

/** A new draft of the applicant's from /call, steps 1 to 6 done through their forms, an error met and fixed on each: answers on Publications. */
async function draftAtPublications(page: Page) {
  await startDraft(page);
  await save(page);
  await expect(page).toHaveURL(/\/update\/terms$/);
  await save(page);
  await expect(summary(page)).toContainText("Accept the terms of service to continue");
  await page.getByLabel("I have read and accept the terms of service").check();
  await save(page);

  await expect(page).toHaveURL(/\/update\/project$/);
  await page.getByLabel("Project acronym").fill("ICEPAPERS");
  await page.getByLabel("Project summary").fill("We read the ice core layer by layer.");
  await page.getByLabel("Discipline").selectOption({ index: 1 });
  await page.getByLabel("Keyword 1").fill("glaciology");
  await save(page);
  await expect(summary(page)).toContainText("Project title");
  await page.getByLabel("Project title").fill("What the ice wrote down");
  await save(page);

  await expect(page).toHaveURL(/\/update\/user-group$/);
  const leader = page.getByRole("group", { name: "Member 1", exact: true });
  await fillMember(leader, {});
  // A second member with the leader's e-mail: refused; then the row is removed.
  await page.getByRole("button", { name: "Add a member" }).click();
  const second = page.getByRole("group", { name: "Member 2", exact: true });
  await fillMember(second, { name: "Bruno", surname: "Second", email: "applicant@demo.ta-portal.test" });
  await save(page);
  await expect(summary(page)).toContainText("Each member needs a different e-mail address");
  await page.getByRole("group", { name: "Member 2", exact: true }).getByRole("button", { name: /^Remove/ }).click();
  await expect(page.getByRole("group", { name: "Member 2", exact: true })).toHaveCount(0);
  await save(page);

  await expect(page).toHaveURL(/\/update\/logistics$/);
  await page.getByLabel("Infrastructure", { exact: true }).selectOption({ index: 1 });
  await saveDraft(page); // shows the chosen infrastructure's periods, with or without JavaScript
  const access = page.getByRole("group", { name: /^Access 1/ });
  const periods = (await access.getByText(/^Available periods: /).first().textContent()) ?? "";
  const first = isoOf(/: (.+?) – /.exec(periods)![1]);
  const type = access.getByLabel("Type of access");
  if ((await type.locator("option").count()) > 1) await type.selectOption({ index: 1 });
  const member = access.getByLabel("Member taking part");
  if ((await member.locator("option").count()) > 1) await member.selectOption({ index: 1 });
  await access.getByLabel("From").fill(first);
  await access.getByLabel("To").fill(first);
  await access.getByLabel("Requested units").fill("2");
  await access.getByRole("group", { name: "Is co-funding available?" }).getByLabel("No").check();
  const operator = access.getByRole("group", { name: "Have you contacted the infrastructure's operator?" });
  if (await operator.count()) await operator.getByLabel("Yes").check();
  await save(page);
  // The justification is required.
  await expect(summary(page)).toContainText("Justification of the access");
  await page.getByRole("group", { name: /^Access 1/ }).getByLabel("Justification of the access").fill("Only this station has the ice we need.");
  await save(page);

  await expect(page).toHaveURL(/\/update\/costs$/);
  const item = page.getByLabel("Item");
  if (!(await item.count())) await page.getByRole("button", { name: "Add a cost" }).click();
  await page.getByLabel("Item").selectOption({ index: 1 });
  await page.getByLabel("Cost per unit (euro)").fill("0.05");
  await save(page);
  await expect(summary(page)).toContainText("Enter a cost of at least 0.1 euro");
  await page.getByLabel("Cost per unit (euro)").fill("120.50");
  await save(page);
  await expect(page).toHaveURL(/\/update\/publications$/);
}

test("a new user goes from /call to a submitted application, fixing an error on every step; publications and appendices in detail", async ({ page }, testInfo) => {
  test.setTimeout(240_000); // nine steps, each posted two or three times
  await draftAtPublications(page);
  await expect(page.getByText("Step 7 of 9")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Publications" })).toBeVisible();
  const topFive = page.getByRole("group", { name: "Top five publications" });
  await expect(topFive.getByRole("textbox")).toHaveCount(5);
  for (const n of [1, 2, 4, 5]) await topFive.getByLabel(`Publication ${n}`).fill(`Paper number ${n}`);
  await page.getByLabel("Planned publications").fill("Two papers on the ice core.");
  await page.getByRole("group", { name: "Working region" }).getByRole("checkbox").first().check();
  await save(page);
  await expect(summary(page)).toContainText("Publication 3");
  // The blank third row stays in its place; the fourth and fifth do not move up.
  await expect(topFive.getByLabel("Publication 3")).toHaveValue("");
  await expect(topFive.getByLabel("Publication 4")).toHaveValue("Paper number 4");
  await expectNoA11yViolations(page);
  if (testInfo.project.name === "js-on") await checkLayout(page, "publications");
  await topFive.getByLabel("Publication 3").fill("Paper number 3");
  await save(page);

  await expect(page).toHaveURL(/\/update\/appendices$/);
  await expect(page.getByText("Step 8 of 9")).toBeVisible();
  await expect(page.getByRole("note")).toContainText("Upload your research plan");
  await page.getByLabel("Research plan", { exact: true }).setInputFiles(pdf("plan.pdf"));
  await page.getByLabel("Group leader's CV", { exact: true }).setInputFiles(pdf("cv.pdf"));
  const dmp = page.getByLabel("Data management plan draft", { exact: true });
  if (await dmp.count()) await dmp.setInputFiles(pdf("dmp.pdf"));
  await saveDraft(page);
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  for (const name of ["plan.pdf", "cv.pdf"]) await expect(page.getByLabel(`Keep ${name}`)).toBeChecked();
  const download = page.getByRole("listitem").filter({ hasText: "cv.pdf" }).getByRole("link", { name: "Download" });
  expect((await page.request.get((await download.getAttribute("href"))!)).status()).toBe(200);
  await expectNoA11yViolations(page);
  if (testInfo.project.name === "js-on") await checkLayout(page, "appendices");

  // Removing the CV leaves it missing; another file takes its place.
  await page.getByLabel("Keep cv.pdf").uncheck();
  await save(page);
  await expect(summary(page)).toContainText("Group leader's CV");
  await expect(page.getByLabel("Keep cv.pdf")).toHaveCount(0);
  await expect(page.getByLabel("Keep plan.pdf")).toBeChecked();
  await page.getByLabel("Group leader's CV", { exact: true }).setInputFiles(pdf("cv-2027.pdf"));
  await save(page);
  await expect(page).toHaveURL(/\/update\/review$/);
  await page.goto(page.url().replace(/review$/, "appendices"));
  await expect(page.getByLabel("Keep cv-2027.pdf")).toBeChecked();

  // The review: every step complete; the group leader submits.
  await page.goto(page.url().replace(/appendices$/, "review"));
  await expect(page.getByText("Every step is complete.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Appendices", exact: true })).toContainText("cv-2027.pdf");
  await page.getByRole("button", { name: "Submit the application" }).click();
  await expect(page).toHaveURL(/\/application\/\d+\/review$/);
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Your application has been submitted.");
  await expect(page.getByRole("region", { name: "Status timeline" })).toContainText("Submitted");
});
