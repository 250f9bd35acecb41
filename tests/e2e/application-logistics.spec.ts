// Steps 5 and 6 (docs/validation.md#accesses, #costs): Logistic information (an access with dates outside
// the infrastructure's periods refused, then fixed; an access added and
// removed) and Travel and logistic costs (the preset unit cost prefilled, the
// totals, a row removed), JS on and off, axe on both. Steps 1 to 4 are
// posted as their forms would be, to keep the run short.
import type { Page } from "@playwright/test";
import { expect, test, acceptCookies, expectNoA11yViolations, signIn, PORTAL } from "./fixtures";
import { checkLayout, OPEN_CALL, summary } from "./wizard-drafts";

const STATION = "Arctic Research Station Ny-Ålesund";

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/** Starts a draft on the open call and posts steps 1 to 4 as their forms would; answers its id. */
async function draftAtLogistics(page: Page): Promise<string> {
  await signIn(page, "applicant", "/call");
  await page.getByRole("article").filter({ has: page.getByRole("heading", { name: OPEN_CALL }) }).getByRole("link", { name: "Apply" }).click();
  await page.getByRole("button", { name: "Start the application" }).click();
  await expect(page).toHaveURL(/\/update\/intro$/);
  const id = /\/application\/(\d+)\//.exec(page.url())![1];
  // With JavaScript the address changes before the step's form is rendered.
  await expect(page.locator('input[name="updated_at"]')).toHaveCount(1);
  let html = await page.content();
  const post = async (slug: string, next: string, form: Record<string, string>) => {
    const updated_at = /name="updated_at" value="([^"]+)"/.exec(html)![1];
    const res = await page.request.post(`/application/${id}/update/${slug}`, { form: { ...form, updated_at, move: "continue" }, headers: { origin: PORTAL } });
    expect(res.url(), `${slug} should go on to ${next}`).toMatch(new RegExp(`/update/${next}$`));
    html = await res.text();
  };
  await post("intro", "terms", {});
  await post("terms", "project", { termsandconditions: "on" });
  await post("project", "user-group", { acronym: "ICEFLOW", title: "Ice flow under a warming sky", description: "We measure the glacier.", discipline: "1.5", "activity_keywords[0]": "glaciology" });
  const member = {
    name: "Alice", surname: "Applicant", email: "applicant@demo.ta-portal.test", nationality: "BE", residence_country: "BE", residence_place: "Brussels",
    gender: "female", researcher_status: "r1", intent_of_research: "Field measurements", work_place: "Université libre de Bruxelles",
    organization_type: "HES", work_country: "BE", organization_city: "Brussels", leader: "on",
  };
  await post("user-group", "logistics", Object.fromEntries(Object.entries(member).map(([k, v]) => [`members[0].${k}`, v])));
  return id;
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("an applicant describes an access, meets the period rule, then costs it", async ({ page }, testInfo) => {
  test.setTimeout(90_000); // two steps, each posted four or five times
  const id = await draftAtLogistics(page);
  await page.goto(`/application/${id}/update/logistics`);
  await expect(page.getByRole("heading", { level: 1, name: "Logistic information" })).toBeVisible();
  await expect(page.getByText("Step 5 of 9")).toBeVisible();
  await expectNoA11yViolations(page);

  const infra = page.getByRole("group", { name: "Infrastructure 1" });
  await infra.getByLabel("Infrastructure", { exact: true }).selectOption({ label: `${STATION} (ARS-NYA)` });
  const access = infra.getByRole("group", { name: /^Access 1/ });
  await access.getByLabel("Member taking part").selectOption({ label: "Alice Applicant" });
  await access.getByLabel("From").fill(day(400));
  await access.getByLabel("To").fill(day(402));
  await access.getByLabel("Requested units").fill("3");
  await access.getByRole("group", { name: "Is co-funding available?" }).getByLabel("No").check();
  await access.getByLabel("Justification of the access").fill("Only this station has the ice we study.");
  const contacted = access.getByRole("group", { name: "Have you contacted the infrastructure's operator?" });
  if (await contacted.count()) await contacted.getByLabel("Yes").check();
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(summary(page)).toContainText("Date is not included in the research infrastructure available period");
  const saved = page.getByRole("group", { name: `Access 1 at ${STATION}` });
  await expect(saved.getByText(/Available periods: /).first()).toBeVisible();
  await expectNoA11yViolations(page);

  // An access added, then removed (real submit buttons: they work without JavaScript).
  await page.getByRole("button", { name: "Add an access" }).click();
  await expect(page.getByRole("group", { name: `Access 2 at ${STATION}` })).toBeVisible();
  await page.getByRole("group", { name: `Access 2 at ${STATION}` }).getByRole("button", { name: /^Remove/ }).click();
  await expect(page.getByRole("group", { name: /^Access 2/ })).toHaveCount(0);

  // Nothing scrolls sideways at 1280 and 375 px, English/light and French/dark (a reload: the saved values, without the errors).
  if (testInfo.project.name === "js-on") await checkLayout(page, "logistics");
  await saved.getByLabel("From").fill(day(60));
  await saved.getByLabel("To").fill(day(62));
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/update\/costs$/);
  await expect(page.getByText("Step 6 of 9")).toBeVisible();
  const costs = page.getByRole("region", { name: `Access 1 at ${STATION}` });
  await expect(costs).toContainText("This infrastructure's unit cost: €420.00 per day");
  await costs.getByRole("button", { name: "Add a cost" }).click();
  const first = costs.getByRole("group", { name: "Cost 1" });
  await expect(first.getByLabel("Cost per unit (euro)")).toHaveValue("420.00");
  await expect(first.getByLabel("Unit type")).toHaveValue("Day");
  await first.getByLabel("Item").selectOption({ label: "Accommodation" });
  await first.getByLabel("Number of units").fill("2");
  await costs.getByRole("button", { name: "Add a cost" }).click();
  const second = costs.getByRole("group", { name: "Cost 2" });
  await second.getByLabel("Item").selectOption({ label: "Travel" });
  await second.getByLabel("Cost per unit (euro)").fill("0.05");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(summary(page)).toContainText("Enter a cost of at least 0.1 euro");
  await expect(costs).toContainText("Total of this access: €840.05");
  await expectNoA11yViolations(page);

  await second.getByRole("button", { name: /^Remove/ }).click();
  await expect(costs.getByRole("group", { name: "Cost 2" })).toHaveCount(0);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await expect(costs).toContainText("Total of this access: €840.00");
  await expect(page.getByText("Total of the application: €840.00")).toBeVisible();
  if (testInfo.project.name === "js-on") await checkLayout(page, "costs");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/update\/publications$/);
});
