import type { Page } from "@playwright/test";
import { expect, test, acceptCookies, deleteRow, expectNoA11yViolations, signIn, field } from "./fixtures";

// A tiny but well-formed PDF, made here so the test needs no fixture file.
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

const unique = (what: string) => `E2E ${what} ${test.info().project.name} ${Date.now()}`;
const save = (page: Page, name: "Create the call" | "Save the call") => page.getByRole("button", { name }).click();
const summary = (page: Page) => page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Unable to save" }) });
const success = (page: Page, text: string) =>
  expect(page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: "Success" })).toContainText(text);

/** Without JavaScript the server validates (400); with it, the form does before posting. */
async function submitInvalid(page: Page, button: "Create the call" | "Save the call") {
  const posted = test.info().project.name === "js-off" ? page.waitForResponse((r) => r.request().method() === "POST") : null;
  await save(page, button);
  if (posted) expect((await posted).status()).toBe(400);
}

/** Fills every required field of the create form with valid values and an uploaded agreement. */
async function fillValidCall(page: Page, title: string) {
  await field(page, "Title").fill(title);
  await field(page, "Opening date").fill("2027-01-10");
  await field(page, "Closing date").fill("2027-02-10");
  await field(page, "Evaluation deadline").fill("2027-02-20");
  await field(page, "Infrastructure decision deadline").fill("2027-02-25");
  await field(page, "Grant acceptance deadline").fill("2027-03-10");
  await field(page, "Report deadline (days)").fill("30");
  await field(page, "Acceptance agreement").setInputFiles({ name: "agreement.pdf", mimeType: "application/pdf", buffer: PDF });
}

/** A new call through the create form; returns on its update page. */
async function createCall(page: Page, title: string) {
  await page.goto("/admin/call/create");
  await fillValidCall(page, title);
  await save(page, "Create the call");
  await expect(page).toHaveURL(/\/admin\/call\/\d+\/update$/);
  await success(page, "The call was created as a draft.");
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/call");
  await expect(page.getByRole("heading", { level: 1, name: "Calls" })).toBeVisible();
});

test("the call list shows every status with its text, filters and sorts", async ({ page }) => {
  const table = page.getByRole("table");
  await expect(table.getByRole("link", { name: "Transnational Access Call 2028 (in preparation)" })).toBeVisible();
  for (const status of ["Draft", "Published", "Open", "Closed"]) await expect(table.getByText(status, { exact: true }).first()).toBeVisible();
  await expectNoA11yViolations(page);

  // A checkbox of the filter panel (docs/ui.md#filters); the chip and the count follow.
  await page.locator("summary").filter({ hasText: "Status" }).click();
  await page.getByRole("group", { name: "Status", exact: true }).getByLabel("Open", { exact: true }).check();
  await page.getByRole("button", { name: "Apply the filters" }).click();
  await expect(page).toHaveURL(/status%5B%5D=open/);
  await expect(page.getByRole("list", { name: "Active filters" }).getByRole("link")).toHaveText(["Remove the filter Status: Open×"]);
  await expect(page.getByRole("status").filter({ hasText: /^\d+ calls?$/ })).toBeVisible();
  const statuses = await table.locator("tbody tr td:nth-child(5)").allInnerTexts();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(["Open"]));

  await table.getByRole("link", { name: "Title" }).click();
  await expect(table.getByRole("columnheader", { name: /Title/ })).toHaveAttribute("aria-sort", "ascending");
  const titles = await table.locator("tbody tr td:nth-child(2) a").allInnerTexts();
  expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  await expect(page).toHaveURL(/status%5B%5D=open/);
});

test("creating a call shows every error first, keeps the values, then saves a draft with its agreement", async ({ page }) => {
  const title = unique("create");
  await page.getByRole("link", { name: "Create a call" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New call" })).toBeVisible();
  // Required and optional fields say so beside their label; the control carries it for assistive technology.
  const labelRow = (label: string) => page.locator("span", { has: page.locator("label", { hasText: new RegExp(`^${label}$`) }) });
  await expect(labelRow("Title \\(English\\)")).toHaveText("Title (English)(required)");
  await expect(labelRow("Description \\(English\\)")).toHaveText("Description (English)(optional)");
  await expect(labelRow("Title \\(French\\)")).toHaveText("Title (French)(optional)");
  await expect(field(page, "Title")).toHaveAttribute("aria-required", "true");
  await expect(field(page, "Description")).not.toHaveAttribute("aria-required", "true");
  if (process.env.SHOTS) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/shots/call-create-${width}-${test.info().project.name}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await field(page, "Title").fill(title);
  await field(page, "Opening date").fill("2027-02-10");
  await field(page, "Closing date").fill("2027-01-10");
  await field(page, "Physical access").check();
  await field(page, "Remote access").check();
  await submitInvalid(page, "Create the call");

  const errors = summary(page);
  await expect(errors).toContainText("Validation failed, check all required fields");
  const expected: [string, RegExp][] = [
    ["Closing date", /on or after the opening date/],
    ["Physical access", /physical or remote access, not both/],
    ["Evaluation deadline", /This field is required/],
    ["Grant acceptance deadline", /This field is required/],
    ["Acceptance agreement", /This field is required/],
  ];
  for (const [label, message] of expected) {
    const id = await field(page, label).getAttribute("id");
    await expect(errors.getByRole("link", { name: new RegExp(`^${label.replace(/[()]/g, "\\$&")}:`) })).toHaveAttribute("href", `#${id}`);
    await expect(field(page, label)).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, label)).toHaveAccessibleDescription(message);
  }
  await expect(field(page, "Title")).not.toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "Title")).toHaveValue(title);
  await expect(field(page, "Opening date")).toHaveValue("2027-02-10");
  await expect(field(page, "Remote access")).toBeChecked();
  await expectNoA11yViolations(page);

  await field(page, "Remote access").uncheck();
  await fillValidCall(page, title);
  await field(page, "Unauthorized countries").selectOption(["KP", "SY"]);
  await page.getByRole("group", { name: "Available infrastructures" }).getByLabel("Alpine Isotope Laboratory").check();
  await save(page, "Create the call");

  await expect(page).toHaveURL(/\/admin\/call\/\d+\/update$/);
  await success(page, "The call was created as a draft.");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  await expect(field(page, "Status")).toHaveValue("draft");
  await expect(field(page, "Physical access")).toBeChecked();
  await expect(field(page, "Remote access")).not.toBeChecked();
  await expect(field(page, "Unauthorized countries")).toHaveValues(["KP", "SY"]);
  await expect(field(page, "Unauthorized countries")).toHaveAccessibleDescription(/Chosen: North Korea, Syria/);
  await expect(page.getByRole("group", { name: "Available infrastructures" }).getByLabel("Alpine Isotope Laboratory")).toBeChecked();
  await expect(page.getByLabel("Keep agreement.pdf")).toBeChecked();
});

test("updating a call checks the open rule, saves, and the call can be deleted and restored", async ({ page }) => {
  // Eight page loads and four form posts: 31 s once on a machine loaded far beyond its two cores.
  test.setTimeout(60_000);
  const title = unique("update");
  await createCall(page, title);
  await expect(page.getByLabel("Keep agreement.pdf")).toBeChecked();

  // An open call needs its infrastructures (docs/validation.md#call).
  await field(page, "Status").selectOption("open");
  await field(page, "Description").fill("Updated in the browser test.");
  await field(page, "Scientific report template").setInputFiles({ name: "report-template.pdf", mimeType: "application/pdf", buffer: PDF });
  await submitInvalid(page, "Save the call");
  await expect(summary(page).getByRole("link", { name: /^Available infrastructures:/ })).toContainText(
    "Choose at least one infrastructure for an open call",
  );
  await expect(field(page, "Status")).toHaveValue("open");
  await expect(field(page, "Description")).toHaveValue("Updated in the browser test.");
  if (test.info().project.name === "js-off") {
    // The server stored the chosen file already: it is listed, so it need not be chosen again.
    await expect(page.getByLabel("Keep report-template.pdf")).toBeChecked();
  }
  await expectNoA11yViolations(page);

  await page.getByRole("group", { name: "Available infrastructures" }).getByLabel("Mediterranean Marine Observatory").check();
  await save(page, "Save the call");
  await expect(page).toHaveURL("/admin/call");
  await success(page, "The call was saved.");

  await page.getByLabel("Search").fill(title);
  await page.getByRole("button", { name: "Apply the filters" }).click();
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: title }) });
  await expect(row).toContainText("Open");
  await row.getByRole("link", { name: title }).click();
  await expect(field(page, "Description")).toHaveValue("Updated in the browser test.");
  await expect(page.getByLabel("Keep report-template.pdf")).toBeChecked();
  await expectNoA11yViolations(page);

  await page.goto(`/admin/call?q=${encodeURIComponent(title)}`);
  await expect(row).toBeVisible();
  // Delete asks first; Cancel leaves the call where it was.
  await row.getByRole("button", { name: `Delete the call “${title}”` }).click();
  const question = page.getByRole("group", { name: /^Delete the call .*\? It goes to the deleted items/ });
  await expect(question).toBeVisible();
  await expectNoA11yViolations(page);
  await question.getByRole("link", { name: "Cancel" }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByLabel("Search")).toHaveValue(title);
  await deleteRow(page, `Delete the call “${title}”`);
  await success(page, "The call was deleted. You can restore it from the deleted items.");
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  await expect(page.getByLabel("Search")).toHaveValue(title);

  await page.getByLabel("Deleted items").selectOption("only");
  await page.getByRole("button", { name: "Apply the filters" }).click();
  const trashed = page.getByRole("row").filter({ has: page.getByRole("link", { name: title }) });
  await expect(trashed).toContainText("Deleted");
  await trashed.getByRole("button", { name: `Restore the call “${title}”` }).click();
  await success(page, "The call was restored.");
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);

  await page.getByLabel("Deleted items").selectOption("");
  await page.getByRole("button", { name: "Apply the filters" }).click();
  await expect(page.getByRole("link", { name: title })).toBeVisible();
});

test("saving over someone else's newer save is refused and keeps the editor's values", async ({ page, context }) => {
  const title = unique("stale");
  await createCall(page, title);
  const url = page.url();

  // A second tab on the same call saves first.
  const other = await context.newPage();
  await other.goto(url);
  await field(other, "Title").fill(`${title} (saved first)`);
  await save(other, "Save the call");
  await expect(other).toHaveURL("/admin/call");
  await other.close();

  await field(page, "Description").fill("Written in the tab that was opened first.");
  const posted = page.waitForResponse((r) => r.request().method() === "POST");
  await save(page, "Save the call");
  expect((await posted).status()).toBe(400);
  // The conflict alone, not "Validation failed, check all required fields" above it.
  const conflict = page.getByRole("alert").filter({ hasText: "Someone saved this call after you opened it." });
  await expect(conflict).toBeVisible();
  await expect(conflict).not.toContainText("Validation failed");
  await expect(summary(page)).toHaveCount(0);
  await expect(field(page, "Description")).toHaveValue("Written in the tab that was opened first.");
  await expectNoA11yViolations(page);

  await page.getByRole("link", { name: "Open the latest version of this call" }).click();
  await expect(field(page, "Title")).toHaveValue(`${title} (saved first)`);
  await expect(field(page, "Description")).toHaveValue("");
});
