// docs/lifecycle.md#acceptance to #status-timeline: the applicant's grant on their application page (the status
// timeline with the next action and its deadline, accept after a confirmation
// page, whose Cancel leaves the grant as it was), the acceptance
// agreements (download, upload the signed one), withdrawing after a
// confirmation page, and an infrastructure's staff uploading the
// countersigned agreement. JS on and off (each project moves its own copies of
// the demo's granted SNOWPACK and accepted KELPFOREST: E for js-on, F for
// js-off), axe on each screen, the layout at 375 px in both languages.
import type { Page } from "@playwright/test";
import { expect, test, acceptCookies, expectNoA11yViolations, signIn, signOut } from "./fixtures";
import { checkLayout } from "./wizard-drafts";

const letter = () => (test.info().project.name === "js-on" ? "E" : "F");
const PDF = { name: "signed-agreement.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% signed by the group leader\n%%EOF\n") };

test.beforeEach(async ({ page }) => {
  test.slow();
  await acceptCookies(page);
});

/** The review page of the applicant's application named `acronym`, opened from My applications: its id. */
async function openApplication(page: Page, acronym: string, status: string): Promise<number> {
  await page.goto(`/application?status%5B%5D=${status}&per_page=100`);
  await page.getByRole("row").filter({ hasText: acronym }).locator('a[href$="/review"]').first().click();
  await expect(page).toHaveURL(/\/application\/\d+\/review$/);
  return Number(/\/application\/(\d+)\//.exec(page.url())![1]);
}

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });

test("the applicant accepts the grant, uploads the signed agreement, then withdraws after confirming", async ({ page }) => {
  const acronym = `SNOWPACK-${letter()}`;
  await signIn(page, "applicant", "/application");
  const id = await openApplication(page, acronym, "granted");

  const grant = page.getByRole("region", { name: "Your grant" });
  await expect(grant).toContainText("Your application is granted. Accept the grant by");
  await expect(grant.getByRole("link", { name: "Acceptance agreements" })).toBeVisible();
  const timeline = page.getByRole("region", { name: "Status timeline" });
  await expect(timeline.getByRole("listitem").filter({ hasText: "Grant decision" })).toContainText("(done)");
  await expect(timeline.locator('[aria-current="step"]')).toContainText("Acceptance of the grant (in progress)");
  await expect(timeline).toContainText("Accept your grant by");
  await expectNoA11yViolations(page);
  if (letter() === "E") await checkLayout(page, "acceptance-review");

  // Accepting asks first, on its own page.
  await grant.getByRole("link", { name: "Accept the grant" }).click();
  await expect(page).toHaveURL(new RegExp(`/application/${id}/accept$`));
  await expect(page.getByRole("heading", { level: 1, name: "Accept the grant?" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(acronym);
  await expect(page.getByRole("main")).toContainText("An acceptance cannot be taken back");
  await expectNoA11yViolations(page);
  if (letter() === "E") await checkLayout(page, "acceptance-accept");
  await page.getByRole("button", { name: "Yes, accept the grant" }).click();
  await expect(page).toHaveURL(new RegExp(`/application/${id}/review$`));
  await expect(notifications(page)).toContainText("You accepted the grant.");
  await expect(page.getByRole("region", { name: "Your grant" })).toContainText("You accepted the grant on");
  await expect(page.getByRole("link", { name: "Accept the grant" })).toHaveCount(0);
  await expect(timeline.locator('[aria-current="step"]')).toContainText("Access and reporting");

  await page.getByRole("link", { name: "Acceptance agreements" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Acceptance agreements: ${acronym}` })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Call: / })).toBeVisible();
  await expect(page.getByText("Not uploaded yet.").first()).toBeVisible();
  await expectNoA11yViolations(page);
  if (letter() === "E") await checkLayout(page, "acceptance-agreements");
  // Sent without a file: the form says so.
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("This field is required").first()).toBeVisible();
  await page.getByLabel("Signed agreement file").setInputFiles(PDF);
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(notifications(page)).toContainText("The signed agreement is saved.");
  await expect(page.getByRole("link", { name: "signed-agreement.pdf" })).toBeVisible();

  await page.getByRole("link", { name: "Back to the application" }).click();
  await page.getByRole("link", { name: "Withdraw the application" }).click();
  await expect(page).toHaveURL(new RegExp(`/application/${id}/withdraw$`));
  await expect(page.getByRole("heading", { level: 1, name: "Withdraw the application?" })).toBeVisible();
  await expectNoA11yViolations(page);
  if (letter() === "E") await checkLayout(page, "acceptance-withdraw");
  await page.getByLabel("Why you withdraw").fill("The vessel's dates no longer suit our team.");
  await page.getByRole("button", { name: "Withdraw the application" }).click();
  await expect(page).toHaveURL(new RegExp(`/application/${id}/review$`));
  await expect(notifications(page)).toContainText("The application is withdrawn.");
  await expect(page.getByRole("region", { name: "Status timeline" })).toContainText("Withdrawn on");
  await expect(page.getByRole("link", { name: "Withdraw the application" })).toHaveCount(0);
});

// Last year's grant (the demo's MOSSBANK), past its acceptance date: Cancel leaves it granted, in either project.
test("Cancel on the question of accepting a grant leaves it granted", async ({ page }) => {
  await signIn(page, "applicant", "/application");
  const id = await openApplication(page, "MOSSBANK", "granted");
  const grant = page.getByRole("region", { name: "Your grant" });
  await grant.getByRole("link", { name: "Accept the grant" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Accept the grant?" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("The acceptance deadline is passed. You can still accept your grant");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/application/${id}/review$`));
  await expect(page.locator("dt", { hasText: "Status" }).first().locator("xpath=following-sibling::dd[1]")).toContainText("Granted");
  await expect(page.getByRole("region", { name: "Your grant" }).getByRole("link", { name: "Accept the grant" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Status timeline" }).locator('[aria-current="step"]')).toContainText("Acceptance of the grant (in progress)");
});

test("the infrastructure manager uploads the countersigned agreement of an accepted grant", async ({ page }) => {
  const acronym = `KELPFOREST-${letter()}`;
  await signIn(page, "applicant", "/application");
  const id = await openApplication(page, acronym, "accepted");
  // Its accesses are still to come: the page says when reporting opens, and offers no Start reporting yet.
  const report = page.getByRole("region", { name: "Report", exact: true });
  await expect(report).toContainText(/Reporting opens on .+, the day after your last access ends\./);
  await expect(report.getByRole("button", { name: "Start reporting" })).toHaveCount(0);
  await signOut(page);

  // Staff reach the agreements from the application at their infrastructure.
  await signIn(page, "infrastructure-manager", `/application-at-my-ri/${id}`);
  await page.getByRole("link", { name: "Acceptance agreements" }).click();
  await expect(page).toHaveURL(new RegExp(`/application/${id}/agreements$`));
  await expect(page.getByRole("heading", { level: 1, name: `Acceptance agreements: ${acronym}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the application at my infrastructure" })).toBeVisible();
  // The applicant's signed agreement (the demo's) is there to read.
  await expect(page.getByRole("link", { name: `${acronym}-signed-agreement.pdf` })).toBeVisible();
  await expectNoA11yViolations(page);
  const first = page.getByLabel(/^Countersigned agreement of /).first();
  await first.setInputFiles({ ...PDF, name: "countersigned.pdf" });
  await first.locator("xpath=ancestor::form").getByRole("button", { name: "Upload" }).click();
  await expect(notifications(page)).toContainText("The countersigned agreement is saved.");
  await expect(page.getByRole("link", { name: "countersigned.pdf" })).toBeVisible();
});
