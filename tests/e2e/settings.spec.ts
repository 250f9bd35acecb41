import type { Page } from "@playwright/test";
import { expect, test, acceptCookies, deleteRow, expectNoA11yViolations, signIn, PORTAL, field } from "./fixtures";
import { demoLogoPng } from "../../app/db/seeds/demo-logo";

// Fields by their human labels (locales/en/admin.json settings-form.labels).
const save = (page: Page) => page.getByRole("button", { name: "Save settings" }).click();
const saved = (page: Page) => expect(page.getByRole("region", { name: "Notifications" })).toContainText("The settings were saved.");
/** The "Keep" box of an image setting's current file (none when no file is set). */
const keepBox = async (page: Page, label: string) => page.locator(`input[type=checkbox][id^="${await field(page, label).getAttribute("id")}-keep-"]`);

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "admin", "/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
});

const SECTIONS = ["Project identity", "Calls and applications", "Evaluation and review", "Infrastructures", "Grants and reporting", "Texts and e-mails", "Privacy and cookies", "AI assistant"];
const sectionNav = (page: Page) => page.getByRole("navigation", { name: "Settings sections" });
/** The settings screen at one section (docs/decisions/056-settings-sections.md). */
const openSection = (page: Page, id: string) => page.goto(`/admin/settings?section=${id}`);

test("one section at a time: its own fields under its legend, the navigation marking it", async ({ page }) => {
  const form = page.locator("form#settings-identity");
  // No section named: the first, so every older link still lands on the settings.
  const nav = sectionNav(page);
  await expect(nav.getByRole("link")).toHaveText(SECTIONS);
  const current = nav.getByRole("link", { name: "Project identity" });
  await expect(current).toHaveAttribute("aria-current", "page");
  await expect(nav.locator("[aria-current]")).toHaveCount(1);
  // Marked by more than its colour: bold and underlined, the others neither.
  await expect(current).toHaveCSS("font-weight", "700");
  await expect(current).toHaveCSS("text-decoration-line", "underline");
  await expect(nav.getByRole("link", { name: "AI assistant" })).toHaveCSS("font-weight", "400");
  await expect(form.locator("fieldset > legend")).toHaveText(["Project identity"]);
  const identity = form.getByRole("group", { name: "Project identity" });
  for (const label of ["Project name", "Project logo", "Project website", "Consortium website", "Support e-mail", "EU logo", "Funding notice (English)", "Funding notice (French)"]) {
    await expect(identity.getByLabel(label, { exact: true })).toBeVisible();
  }
  // Only the section's own fields.
  await expect(page.getByLabel("Watchdog role name", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Offer the AI assistant", { exact: true })).toHaveCount(0);
  // A text setting has a version per language, each carrying its language (ADR 052).
  await expect(identity.getByLabel("Funding notice (French)", { exact: true })).toHaveAttribute("lang", "fr");
  // The help is the control's description.
  await expect(identity.getByLabel("Project website", { exact: true })).toHaveAccessibleDescription(/^The project's public website/);
  await expectNoA11yViolations(page);

  // Every section through the navigation: each setting in one of them, named and described.
  let total = 0;
  for (const name of SECTIONS) {
    await sectionNav(page).getByRole("link", { name, exact: true }).click();
    await expect(sectionNav(page).getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
    const shown = page.locator("form[id^=settings-]");
    await expect(shown.locator("fieldset > legend")).toHaveText([name]);
    // The document's title names the section too.
    await expect(page).toHaveTitle(new RegExp(`^Settings: ${name} · `));
    // No control is named by its raw key any more, and each has a description.
    const controls = shown.locator("input:not([type=hidden]):not([type=checkbox]), select, textarea");
    total += await controls.count();
    for (const control of await controls.all()) {
      const key = await control.getAttribute("name");
      await expect(control, `${key}`).not.toHaveAccessibleName(/^[a-z]+(-[a-z]+)+$/);
      await expect(control, `${key}`).toHaveAccessibleDescription(/\S\.$/);
    }
    if (name === "Infrastructures") {
      await expect(page.getByLabel("Infrastructure staff may edit accesses", { exact: true })).toHaveAccessibleDescription(
        "Whether infrastructure staff may change the accesses requested at their infrastructure.",
      );
    }
  }
  await expect(page).toHaveURL("/admin/settings?section=ai");
  // 44 settings, and the French versions of the 16 text settings.
  expect(total).toBe(60);

  // On a phone the navigation wraps and the fields fit: nothing scrolls sideways (file inputs included).
  await page.setViewportSize({ width: 375, height: 800 });
  for (const id of ["identity", "calls"]) {
    await openSection(page, id);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  }
});

test("an unknown section is not found, to read or to post", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "js-off", "requests only: the same without JavaScript");
  for (const section of ["nope", "constructor", "__proto__", "AI", ""]) {
    expect((await page.request.get(`/admin/settings?section=${section}`)).status(), section).toBe(404);
    expect((await page.request.post(`/admin/settings?section=${section}`, { multipart: { "project-name": "x", updated_at: "" } })).status(), section).toBe(404);
  }
});

test("saving one section leaves the others' values as they were", async ({ page }) => {
  const identityLabels = ["Project name", "Project website", "Support e-mail", "Funding notice"];
  const before: Record<string, string> = {};
  for (const label of identityLabels) before[label] = await field(page, label).inputValue();

  await openSection(page, "ai");
  const prompt = page.getByLabel("AI assistant instructions", { exact: true });
  const original = await prompt.inputValue();
  const changed = `Read the plan ${test.info().project.name} ${Date.now()}.`;
  await prompt.fill(changed);
  await save(page);
  await saved(page);
  await expect(page).toHaveURL("/admin/settings?section=ai");
  await expect(prompt).toHaveValue(changed);

  await sectionNav(page).getByRole("link", { name: "Project identity" }).click();
  for (const label of identityLabels) await expect(field(page, label), label).toHaveValue(before[label]);
  // The page carries its own section's values only, not the others' (in its markup or its data).
  const identityPage = await (await page.request.get("/admin/settings?section=identity")).text();
  expect(identityPage).toContain(before["Project name"]);
  expect(identityPage.includes(changed), "the AI prompt on the identity section").toBe(false);

  // The version is still the whole table's: a save in another section meanwhile makes this one stale.
  const other = await page.context().newPage();
  await openSection(other, "ai");
  await other.getByLabel("AI assistant instructions", { exact: true }).fill(original);
  await save(other);
  await saved(other);
  await other.close();
  await field(page, "Support e-mail").fill("stale@example.org");
  await save(page);
  const stale = page.getByRole("alert").filter({ hasText: "Someone saved the settings after you opened them." });
  await expect(stale.getByRole("link", { name: "Open the latest settings" })).toHaveAttribute("href", "/admin/settings?section=identity");
  await page.goto("/admin/settings?section=ai");
  await expect(page.getByLabel("AI assistant instructions", { exact: true })).toHaveValue(original);
});

test("invalid settings show an error summary and keep the values", async ({ page }, testInfo) => {
  await field(page, "Project name").fill("");
  await field(page, "Project website").fill("not a url");
  // Without JavaScript the server validates (400); with it, the form does before posting.
  const posted = testInfo.project.name === "js-off" ? page.waitForResponse((r) => r.request().method() === "POST") : null;
  await save(page);
  if (posted) expect((await posted).status()).toBe(400);

  const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Unable to save" }) });
  await expect(summary).toContainText("Validation failed, check all required fields");
  for (const label of ["Project name", "Project website"]) {
    const id = await field(page, label).getAttribute("id");
    await expect(summary.getByRole("link", { name: new RegExp(`^${label}:`) })).toHaveAttribute("href", `#${id}`);
    await expect(field(page, label)).toHaveAttribute("aria-invalid", "true");
  }
  await expect(summary.getByRole("link")).toHaveCount(2);
  await expect(field(page, "Project name")).toHaveAccessibleDescription(/This field is required/);
  await expect(field(page, "Project website")).toHaveAccessibleDescription(/Enter a valid URL/);
  await expect(field(page, "Project website")).toHaveValue("not a url");
  await expect(field(page, "Project name")).toHaveValue("");
  await expect(field(page, "Support e-mail")).not.toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page);
});

test("a valid save is confirmed and persists", async ({ page }) => {
  await openSection(page, "review");
  const watchdog = field(page, "Watchdog role name");
  const original = await watchdog.inputValue();
  const changed = `Watchdog ${test.info().project.name} ${Date.now()}`;

  await watchdog.fill(changed);
  await save(page);
  const notifications = page.getByRole("region", { name: "Notifications" });
  await expect(notifications.getByRole("status").filter({ hasText: "Success" })).toContainText("The settings were saved.");
  await expect(page).toHaveURL("/admin/settings?section=review");
  await expect(watchdog).toHaveValue(changed);
  await page.reload();
  await expect(watchdog).toHaveValue(changed);

  // Put the original value back so no other test sees this one's change.
  await watchdog.fill(original);
  await save(page);
  await expect(notifications).toContainText("The settings were saved.");
  await page.reload();
  await expect(watchdog).toHaveValue(original);
});

test("the logo is a required image upload, shown in the header to everyone", async ({ page, request }, testInfo) => {
  // The logo's own "Keep" box (the EU logo has one too when it is set).
  const keep = await keepBox(page, "Project logo");
  await expect(keep).toBeChecked();
  // Letting go of the logo without a new one: project-logo is required (docs/validation.md#settings-form).
  await keep.uncheck();
  const posted = testInfo.project.name === "js-off" ? page.waitForResponse((r) => r.request().method() === "POST") : null;
  await save(page);
  if (posted) expect((await posted).status()).toBe(400);
  const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Unable to save" }) });
  await expect(summary.getByRole("link", { name: /^Project logo:/ })).toBeVisible();
  await expect(field(page, "Project logo")).toHaveAccessibleDescription(/This field is required/);

  const name = `logo-${testInfo.project.name}.png`;
  await field(page, "Project logo").setInputFiles({ name, mimeType: "image/png", buffer: demoLogoPng(48) });
  await save(page);
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("The settings were saved.");
  await expect(page.getByRole("checkbox", { name: `Keep ${name}` })).toBeChecked();

  const logo = page.getByRole("banner").getByRole("link").first().locator("img");
  const src = await logo.getAttribute("src");
  expect(src).toMatch(/^\/media\/\d+$/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  // The `request` fixture carries no session: a signed-out visitor gets the logo too.
  const anonymous = await request.get(src!);
  expect(anonymous.status()).toBe(200);
  expect(anonymous.headers()["content-type"]).toBe("image/png");
  await expectNoA11yViolations(page);
});

/**
 * Soft-deletes, as the signed-in editor or admin, every call the public list
 * could show (open or published), so that no call is open. Returns their titles
 * for restoreCalls.
 */
async function deleteListedCalls(page: Page): Promise<string[]> {
  const titles: string[] = [];
  const listed = "/admin/call?status[]=open&status[]=publish";
  await page.goto(listed);
  const rows = page.getByRole("table").locator("tbody tr");
  for (let guard = 0; guard < 100 && (await rows.count()) > 0; guard++) {
    const title = (await rows.first().locator("td:nth-child(2) a").innerText()).trim();
    expect(await deleteRow(page, `Delete the call “${title}”`)).toBeLessThan(400);
    titles.push(title);
    await page.goto(listed);
  }
  await expect(rows).toHaveCount(0);
  return titles;
}

/** Restores the calls deleteListedCalls deleted. */
async function restoreCalls(page: Page, titles: string[]) {
  for (const title of titles) {
    await page.goto(`/admin/call?trashed=only&q=${encodeURIComponent(title)}`);
    await page.getByRole("button", { name: `Restore the call “${title}”`, exact: true }).first().click();
    await expect(page.getByRole("region", { name: "Notifications" })).toContainText("The call was restored.");
  }
}

test("the project link, consortium, funding notice, EU logo and no-call link are shown to every visitor", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  // The project's links are in its identity section, the no-call link in the calls': two sections, two saves.
  const links = {
    "Project website": `https://project.example.org/${run}`,
    "Consortium website": `https://consortium.example.org/${run}`,
  };
  const noCallLink = `https://calls.example.org/${run}`;
  const funding = `Funded for the test ${run}.`;
  const projectName = await field(page, "Project name").inputValue();
  // What the settings were, to put them back whatever happens.
  const original: Record<string, string> = {};
  for (const label of [...Object.keys(links), "Funding notice"]) original[label] = await field(page, label).inputValue();
  const euKeep = await keepBox(page, "EU logo");
  const hadEuLogo = (await euKeep.count()) > 0;
  await page.goto("/admin/settings?section=calls");
  const originalNoCall = await field(page, "Link when no call is open").inputValue();

  const visitor = await browser.newContext({ baseURL: PORTAL, javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  let deleted: string[] = [];
  try {
    await field(page, "Link when no call is open").fill(noCallLink);
    await save(page);
    await saved(page);
    await page.goto("/admin/settings?section=identity");
    for (const [label, value] of Object.entries(links)) await field(page, label).fill(value);
    await field(page, "Funding notice").fill(`${funding}\n\nSecond paragraph of the notice.`);
    if (!hadEuLogo) await field(page, "EU logo").setInputFiles({ name: `eu-${run}.png`, mimeType: "image/png", buffer: demoLogoPng(30) });
    await save(page);
    await saved(page);

    // A signed-out visitor: the logo leads to the project's website, the name home.
    const guest = await visitor.newPage();
    await acceptCookies(guest);
    await guest.goto("/document-library");
    const header = guest.getByRole("banner");
    const projectSite = header.getByRole("link", { name: `Project website: ${projectName}`, exact: true });
    await expect(projectSite).toHaveAttribute("href", links["Project website"]);
    await expect(projectSite).toHaveAttribute("rel", "noopener");
    await expect(header.getByRole("link", { name: projectName, exact: true })).toHaveAttribute("href", "/");

    // The footer: the funding notice beside the EU logo, and the consortium's website.
    const footer = guest.getByRole("contentinfo");
    await expect(footer.getByText(funding, { exact: true })).toBeVisible();
    await expect(footer.getByText("Second paragraph of the notice.", { exact: true })).toBeVisible();
    const consortium = footer.getByRole("link", { name: "Consortium website" });
    await expect(consortium).toHaveAttribute("href", links["Consortium website"]);
    await expect(consortium).toHaveAttribute("rel", "noopener");
    const euLogo = footer.getByRole("img", { name: "Emblem of the European Union" });
    await expect(euLogo).toHaveAttribute("src", /^\/media\/\d+$/);
    if (!hadEuLogo) await expect.poll(() => euLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(30);
    await expectNoA11yViolations(guest);

    // With no call open, the open calls list (/call, and / when signed out) links to the no-call page.
    for (const path of ["/", "/call"]) {
      await guest.goto(path);
      await expect(guest.getByRole("main").getByRole("link", { name: "Find out about coming calls" })).toHaveCount(0);
    }
    deleted = await deleteListedCalls(page);
    for (const path of ["/", "/call"]) {
      await guest.goto(path);
      const message = guest.getByRole("main").locator("p").filter({ hasText: "No call is open at the moment." });
      const more = message.getByRole("link", { name: "Find out about coming calls" });
      await expect(more).toHaveAttribute("href", noCallLink);
      await expect(more).toHaveAttribute("rel", "noopener");
    }
    await expectNoA11yViolations(guest);
  } finally {
    await visitor.close();
    await restoreCalls(page, deleted);
    await page.goto("/admin/settings?section=calls");
    await field(page, "Link when no call is open").fill(originalNoCall);
    await save(page);
    await saved(page);
    await page.goto("/admin/settings?section=identity");
    for (const [label, value] of Object.entries(original)) await field(page, label).fill(value);
    const added = await keepBox(page, "EU logo");
    if (!hadEuLogo && (await added.count())) await added.uncheck();
    await save(page);
    await saved(page);
  }
  await expect(field(page, "Project website")).toHaveValue(original["Project website"]);
  await expect(await keepBox(page, "EU logo")).toHaveCount(hadEuLogo ? 1 : 0);
});
