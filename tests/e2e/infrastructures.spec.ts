import type { Browser, Page } from "@playwright/test";
import { expect, test, acceptCookies, deleteRow, expectNoA11yViolations, signIn } from "./fixtures";

// A tiny but well-formed PDF, made here so the test needs no fixture file.
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const summaryOf = (page: Page) => page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Unable to save" }) });
const success = (page: Page, text: string) =>
  expect(page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: "Success" })).toContainText(text);
const uniqueName = (what: string) => `${what} ${test.info().project.name} ${Date.now()}`;
const isJsOff = () => test.info().project.name === "js-off";

/** Clicks a button that posts the form; without JavaScript, waits for the server's answer and checks its status. */
async function post(page: Page, button: string, status: number) {
  const answered = isJsOff() ? page.waitForResponse((r) => r.request().method() === "POST") : null;
  await page.getByRole("button", { name: button, exact: true }).click();
  if (answered) expect((await answered).status()).toBe(status);
}

/** The id of a demo infrastructure, read by an editor from the admin list in a context of its own. */
async function idOf(browser: Browser, name: string): Promise<number> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const page = await context.newPage();
    await signIn(page, "editor", `/admin/infrastructure?q=${encodeURIComponent(name)}`);
    const href = await page.getByRole("link", { name, exact: true }).getAttribute("href");
    return Number(/\/admin\/infrastructure\/(\d+)\/update/.exec(href ?? "")?.[1]);
  } finally {
    await context.close();
  }
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("an editor creates an infrastructure: errors first, then two periods and a save", async ({ page }) => {
  // Many steps, and without JavaScript every row added or removed is a round trip to the server.
  test.slow();
  await signIn(page, "editor", "/admin/infrastructure/create");
  await expect(page.getByRole("heading", { level: 1, name: "New research infrastructure" })).toBeVisible();
  await expectNoA11yViolations(page);

  // The invalid field is not the last one left: its error, shown on blur, would
  // move the button under the pointer between press and release.
  await field(page, "Website").fill("not a site");
  await field(page, "Short name").fill("E2E");
  await field(page, "Preset unit cost").check();
  await post(page, "Create the infrastructure", 400);

  const summary = summaryOf(page);
  await expect(summary).toContainText("Validation failed, check all required fields");
  for (const [label, message] of [
    ["Name", "This field is required"],
    ["Website", "Enter a valid URL"],
    ["Cost per unit (€)", "Enter the cost per unit when the unit cost is preset"],
  ]) {
    const id = await field(page, label).getAttribute("id");
    await expect(summary.getByRole("link", { name: new RegExp(`^${label.replace(/[()]/g, "\\$&")}:`) })).toHaveAttribute("href", `#${id}`);
    await expect(field(page, label)).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, label)).toHaveAccessibleDescription(new RegExp(message));
  }
  await expect(summary.getByRole("link")).toHaveCount(3);
  await expect(field(page, "Short name")).toHaveValue("E2E");
  await expect(field(page, "Website")).toHaveValue("not a site");
  await expect(field(page, "Preset unit cost")).toBeChecked();
  await expectNoA11yViolations(page);

  const name = uniqueName("E2E station");
  await field(page, "Name").fill(name);
  await field(page, "Website").fill("https://e2e.example.org");
  await field(page, "Cost per unit (€)").fill("95.50");
  await field(page, "Grant agreement usage cost budget (€)").fill("120000");
  await field(page, "Category").selectOption({ label: "Laboratory" });
  await field(page, "Country").selectOption({ label: "Belgium" });
  await field(page, "Unit cost type").selectOption({ label: "Sample" });
  await field(page, "Manager").selectOption({ label: "Ingrid Manager (infrastructure-manager@demo.ta-portal.test)" });
  await field(page, "Administrators").selectOption([{ label: "Ivan Administrator (infrastructure-administrator@demo.ta-portal.test)" }]);

  await expect(page.getByText("No available period yet.")).toBeVisible();
  await post(page, "Add period", 200);
  await expect(field(page, "Period 1 from")).toBeVisible();
  await post(page, "Add period", 200);
  await expect(field(page, "Period 2 from")).toBeVisible();
  // What was typed survives the round trips that add rows without JavaScript.
  await expect(field(page, "Name")).toHaveValue(name);
  await expect(field(page, "Manager")).toHaveValue(/\d+/);

  // Overlapping periods are refused on the later one.
  await field(page, "Period 1 from").fill("2031-03-01");
  await field(page, "Period 1 to").fill("2031-03-31");
  await field(page, "Period 2 from").fill("2031-03-15");
  await field(page, "Period 2 to").fill("2031-04-15");
  await post(page, "Create the infrastructure", 400);
  await expect(field(page, "Period 2 from")).toHaveAttribute("aria-invalid", "true");
  await expect(summaryOf(page).getByRole("link", { name: "Period 2 from: This period overlaps another period" })).toBeVisible();

  await field(page, "Period 2 from").fill("2031-05-01");
  await field(page, "Period 2 to").fill("2031-05-31");
  await post(page, "Create the infrastructure", 302);
  await success(page, "The infrastructure was created.");
  await expect(page).toHaveURL(/\/admin\/infrastructure\/\d+\/update$/);
  await expect(page.getByRole("heading", { level: 1, name: `Edit ${name}` })).toBeVisible();
  await expect(field(page, "Period 1 from")).toHaveValue("2031-03-01");
  await expect(field(page, "Period 2 to")).toHaveValue("2031-05-31");
  await expect(field(page, "Cost per unit (€)")).toHaveValue("95.5");
  await expect(field(page, "Category")).toHaveValue("laboratory");
  await expect(field(page, "Manager")).toHaveValue(/^\d+$/);
  await expect(field(page, "Administrators")).toHaveValues([/^\d+$/]);
  await expectNoA11yViolations(page);

  // Removing a row is a real button too; the save keeps the other. The demo
  // staff are let go again, so other tests find them with their seeded counts.
  await post(page, "Remove period 1", 200);
  await expect(field(page, "Period 2 from")).toHaveCount(0);
  await expect(field(page, "Period 1 from")).toHaveValue("2031-05-01");
  await field(page, "Manager").selectOption({ label: "No manager" });
  await field(page, "Administrators").selectOption([]);
  await post(page, "Save the infrastructure", 302);
  await success(page, "The infrastructure was saved.");
  await expect(page).toHaveURL("/admin/infrastructure");
});

test("an editor finds, deletes and restores an infrastructure from the list", async ({ page }) => {
  await signIn(page, "editor", "/admin/infrastructure/create");
  const name = uniqueName("E2E list");
  await field(page, "Name").fill(name);
  await post(page, "Create the infrastructure", 302);
  await success(page, "The infrastructure was created.");

  await page.goto("/admin/infrastructure");
  await expect(page.getByRole("heading", { level: 1, name: "Research infrastructures" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Arctic Research Station Ny-Ålesund", exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByLabel("Search", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Apply the filters" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(name).replace(/%20/g, "\\+")}`));
  await expect(page.getByRole("row")).toHaveCount(2);
  await deleteRow(page, `Delete the infrastructure “${name}”`);
  await success(page, "The infrastructure was deleted.");
  await expect(page.getByText("Nothing matches these filters.")).toBeVisible();

  await page.getByLabel("Deleted items").selectOption({ label: "Only deleted" });
  await page.getByRole("button", { name: "Apply the filters" }).click();
  await expect(page.getByRole("cell", { name: `${name} (Deleted)`, exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Restore the infrastructure “${name}”` }).click();
  await success(page, "The infrastructure was restored.");

  await page.goto("/admin/infrastructure?category=research-vessel&sort_by=name&order=desc");
  await expect(page.getByRole("link", { name: "RV Atlantic Explorer" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Alpine Isotope Laboratory" })).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "descending");
});

test("an infrastructure manager sees and edits only their own infrastructures", async ({ page, browser }) => {
  test.slow(); // two sign-ins and an upload
  const isotope = await idOf(browser, "Alpine Isotope Laboratory");
  await signIn(page, "infrastructure-manager", "/infrastructure");
  await expect(page.getByRole("heading", { level: 1, name: "My infrastructures" })).toBeVisible();
  const cards = page.getByRole("article");
  await expect(page.getByRole("heading", { name: "Arctic Research Station Ny-Ålesund (ARS-NYA)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "RV Atlantic Explorer (RV-AE)" })).toBeVisible();
  // Only theirs: the infrastructures they only administer or have nothing to do with are absent.
  await expect(page.getByText("Alpine Isotope Laboratory")).toHaveCount(0);
  await expect(page.getByText("Mediterranean Marine Observatory")).toHaveCount(0);
  for (const card of await cards.all()) await expect(card.getByRole("definition").first()).toHaveText("Manager");
  await expectNoA11yViolations(page);

  await cards.filter({ hasText: "RV Atlantic Explorer" }).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit RV Atlantic Explorer" })).toBeVisible();
  // Staff edit everything but who the staff are.
  await expect(field(page, "Manager")).toHaveCount(0);
  await expect(field(page, "Administrators")).toHaveCount(0);
  await expectNoA11yViolations(page);

  const description = `Refitted in ${test.info().project.name} ${Date.now()}`;
  const agreement = `vessel-agreement-${test.info().project.name}.pdf`;
  await field(page, "Description").fill(description);
  await field(page, "Acceptance agreement").setInputFiles({ name: agreement, mimeType: "application/pdf", buffer: PDF });
  await field(page, "Name").fill("");
  await post(page, "Save the infrastructure", 400);
  await expect(summaryOf(page).getByRole("link", { name: "Name: This field is required" })).toBeVisible();
  await expect(field(page, "Name")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "Description")).toHaveValue(description);
  // Without JavaScript the file was uploaded with the refused post: it is listed, kept, not asked for again.
  if (isJsOff()) await expect(page.getByLabel(`Keep ${agreement}`)).toBeChecked();

  await field(page, "Name").fill("RV Atlantic Explorer");
  await post(page, "Save the infrastructure", 302);
  await success(page, "The infrastructure was saved.");
  await expect(page).toHaveURL("/infrastructure");
  await cards.filter({ hasText: "RV Atlantic Explorer" }).getByRole("link", { name: "Edit" }).click();
  await expect(field(page, "Description")).toHaveValue(description);
  await expect(page.getByLabel(`Keep ${agreement}`)).toBeChecked();

  // Someone else's infrastructure is not found, and the admin area sends them home.
  const refused = await page.goto(`/infrastructure/${isotope}/update`);
  expect(refused?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await page.goto(`/admin/infrastructure/${isotope}/update`);
  await expect(page).toHaveURL("/");
});

test("an infrastructure an open call offers is not deleted, and the list says why", async ({ page }) => {
  const name = "Arctic Research Station Ny-Ålesund";
  await signIn(page, "editor", `/admin/infrastructure?q=${encodeURIComponent(name)}`);
  await deleteRow(page, `Delete the infrastructure “${name}”`);
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("This infrastructure is offered by a published or open call");
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
});
