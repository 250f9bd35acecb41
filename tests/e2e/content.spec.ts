import type { Browser, Page } from "@playwright/test";
import { expect, test, acceptCookies, deleteRow, expectNoA11yViolations, IDP_SIGN_IN, signIn, field } from "./fixtures";

const summaryOf = (page: Page) => page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Unable to save" }) });
const success = (page: Page, text: string) =>
  expect(page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: "Success" })).toContainText(text);
const stamp = () => `${test.info().project.name}-${Date.now()}`;
const isJsOff = () => test.info().project.name === "js-off";
const mainMenu = (page: Page) => page.getByRole("navigation", { name: "Main menu" });

/** Clicks a button that posts the form; without JavaScript, waits for the server's answer and checks its status. */
async function post(page: Page, button: string, status: number) {
  const answered = isJsOff() ? page.waitForResponse((r) => r.request().method() === "POST") : null;
  await page.getByRole("button", { name: button, exact: true }).click();
  if (answered) expect((await answered).status()).toBe(status);
}

/** Runs `check` in a browser of its own, signed in as `username` or signed out, with this project's JavaScript setting. */
async function as(browser: Browser, username: string | null, check: (page: Page) => Promise<void>) {
  const { baseURL, javaScriptEnabled } = test.info().project.use;
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  try {
    const page = await context.newPage();
    await acceptCookies(page);
    if (username) await signIn(page, username, "/");
    await check(page);
  } finally {
    await context.close();
  }
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("an editor publishes a page: errors first, then a public in-menu page visitors read by its slug", async ({ page, browser }) => {
  // Two browsers, and without JavaScript every step is a full page load.
  test.slow();
  const id = stamp();
  const title = `E2E page ${id}`;
  const slug = `e2e-page-${id}`;
  await signIn(page, "editor", "/admin/page/create");
  await expect(page.getByRole("heading", { level: 1, name: "New page" })).toBeVisible();
  await expect(field(page, "Content (Markdown)")).toHaveAccessibleDescription(/## Heading, \*\*bold\*\*, \*italic\*.*Preview shows the result/);

  await field(page, "Address (slug)").fill("Not A Slug!");
  await field(page, "Summary").fill("Kept after the error");
  await post(page, "Create the page", 400);

  const summary = summaryOf(page);
  await expect(summary).toContainText("Validation failed, check all required fields");
  for (const [label, message] of [
    ["Title", "This field is required"],
    ["Address (slug)", "Use lowercase letters, digits and single dashes"],
  ]) {
    const fieldId = await field(page, label).getAttribute("id");
    await expect(summary.getByRole("link", { name: new RegExp(`^${label.replace(/[()]/g, "\\$&")}(?: \\(English\\))?:`) })).toHaveAttribute("href", `#${fieldId}`);
    await expect(field(page, label)).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, label)).toHaveAccessibleDescription(new RegExp(message));
  }
  await expect(summary.getByRole("link")).toHaveCount(2);
  await expect(field(page, "Address (slug)")).toHaveValue("Not A Slug!");
  await expect(field(page, "Summary")).toHaveValue("Kept after the error");
  await expect(field(page, "Summary")).not.toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page);

  await field(page, "Title").fill(title);
  await field(page, "Address (slug)").fill(slug);
  const content = `<p>Welcome to <strong>${id}</strong>.</p><script>document.title = "hacked"</script><img src=x alt="" onerror="alert(1)">`;
  await field(page, "Content (Markdown)").fill(content);
  await field(page, "Status").selectOption("published");
  await field(page, "Public: signed-out visitors may read it").check();
  await field(page, "Show it in the main menu").check();
  await field(page, "Position in the menu").fill("90");
  await page.getByRole("checkbox", { name: "Guidelines for applicants 2027", exact: true }).check();
  await post(page, "Create the page", 302);
  await expect(page).toHaveURL(/\/admin\/page\/\d+\/update$/);
  await success(page, "The page was created.");
  // The source is kept as written (ADR 014); only its rendering is sanitized.
  await expect(field(page, "Content (Markdown)")).toHaveValue(content);
  await expectNoA11yViolations(page);

  await as(browser, null, async (visitor) => {
    const response = await visitor.goto(`/page/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByRole("main")).toContainText(`Welcome to ${id}.`);
    await expect(visitor.getByRole("main").locator("script")).toHaveCount(0);
    await expect(visitor.getByRole("main").locator("[onerror]")).toHaveCount(0);
    expect(await visitor.title()).toMatch(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} · `));
    const related = visitor.getByRole("region", { name: "Related documents" });
    await expect(related.getByRole("heading", { name: "Guidelines for applicants 2027" })).toBeVisible();
    const download = related.getByRole("link", { name: /^Download guidelines-for-applicants-2027\.pdf/ });
    await expect(download).toHaveAttribute("href", /^\/media\/\d+$/);
    // The demo seed stored the file itself, not only its record.
    const file = await visitor.request.get((await download.getAttribute("href"))!);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await mainMenu(visitor).getByRole("link", { name: title }).click();
    await expect(visitor).toHaveURL(`/page/${slug}`);
    await expectNoA11yViolations(visitor);
  });

  // Deleted from the list, the page leaves the site and its menu.
  await page.goto(`/admin/page?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("table").getByRole("rowheader", { name: title })).toBeVisible();
  await expectNoA11yViolations(page);
  const deleted = await deleteRow(page, `Delete the page “${title}”`);
  if (isJsOff()) expect(deleted).toBe(302);
  await success(page, "The page was deleted.");
  await expect(page.getByText("Nothing matches these filters.")).toBeVisible();
  await as(browser, null, async (visitor) => {
    expect((await visitor.goto(`/page/${slug}`))?.status()).toBe(404);
    await expect(mainMenu(visitor).getByRole("link", { name: title })).toHaveCount(0);
  });
});

test("an editor previews Markdown without saving, keeps what they typed, then saves it and visitors read it rendered", async ({ page, browser }) => {
  test.slow();
  const id = stamp();
  const title = `E2E markdown ${id}`;
  const slug = `e2e-markdown-${id}`;
  const markdown = [
    `## Getting there ${id}`,
    "",
    "Take the **ferry**, then follow [the station's guide](https://example.org/station).",
    "",
    "- Pack *warm* clothes",
    "- Bring your passport",
    "",
    "```",
    "pack --warm --passport # a code line long enough to wrap on a phone rather than scroll out of reach",
    "```",
    "",
    `<script>document.title = "hacked"</script>`,
    "",
    "[bad](javascript:alert(1))",
  ].join("\n");
  await signIn(page, "editor", "/admin/page/create");
  await expect(page.getByRole("heading", { level: 1, name: "New page" })).toBeVisible();

  // Half-filled (no title yet): Preview checks the content only and saves nothing.
  await field(page, "Summary").fill("Kept after the preview");
  await field(page, "Content (Markdown)").fill(markdown);
  await post(page, "Preview", 200);
  const preview = page.getByRole("region", { name: "Preview of the content" });
  await expect(preview.getByRole("heading", { level: 2, name: `Getting there ${id}` })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("ferry");
  await expect(preview.getByRole("link", { name: "the station's guide" })).toHaveAttribute("href", "https://example.org/station");
  await expect(preview.getByRole("listitem")).toHaveText(["Pack warm clothes", "Bring your passport"]);
  await expect(preview.locator("pre > code")).toHaveText(/^pack --warm --passport # a code line/);
  await expect(preview.locator("script, [onerror], a[href^='javascript']")).toHaveCount(0);
  await expect(preview.getByRole("link", { name: "bad" })).toHaveCount(0);
  if (!isJsOff()) await expect(page.getByRole("heading", { name: "Preview of the content" })).toBeFocused();
  await expect(page).toHaveURL(/\/admin\/page\/create$/);
  await expect(field(page, "Content (Markdown)")).toHaveValue(markdown);
  await expect(field(page, "Summary")).toHaveValue("Kept after the preview");
  await expect(field(page, "Title")).not.toHaveAttribute("aria-invalid", "true");
  await expect(summaryOf(page)).toHaveCount(0);
  await expectNoA11yViolations(page);
  expect(await page.title()).not.toBe("hacked");

  // Focus then follows the editor: the preview does not take it back when the
  // form renders anew (with JavaScript, the slug's error shown on leaving it).
  await field(page, "Address (slug)").fill("Not A Slug!");
  await page.keyboard.press("Tab");
  await expect(field(page, "Summary")).toBeFocused();
  await field(page, "Title").fill(title);
  await field(page, "Address (slug)").fill(slug);
  await field(page, "Status").selectOption("published");
  await field(page, "Public: signed-out visitors may read it").check();
  await post(page, "Create the page", 302);
  await expect(page).toHaveURL(/\/admin\/page\/\d+\/update$/);
  await success(page, "The page was created.");
  await expect(field(page, "Content (Markdown)")).toHaveValue(markdown);
  await expect(page.getByRole("region", { name: "Preview of the content" })).toHaveCount(0);

  // On the edit form too, and saving after a preview is no stale save.
  const edited = `${markdown}\n\n1. First step\n2. Second step`;
  await field(page, "Content (Markdown)").fill(edited);
  await post(page, "Preview", 200);
  await expect(page.getByRole("region", { name: "Preview of the content" }).getByRole("listitem").filter({ hasText: "Second step" })).toBeVisible();
  await expect(field(page, "Content (Markdown)")).toHaveValue(edited);
  await expect(field(page, "Title")).toHaveValue(title);
  await post(page, "Save the page", 302);
  await success(page, "The page was saved.");

  await as(browser, null, async (visitor) => {
    expect((await visitor.goto(`/page/${slug}`))?.status()).toBe(200);
    const main = visitor.getByRole("main");
    await expect(main.getByRole("heading", { level: 2, name: `Getting there ${id}` })).toBeVisible();
    await expect(main.getByRole("link", { name: "the station's guide" })).toHaveAttribute("href", "https://example.org/station");
    await expect(main.locator("strong", { hasText: "ferry" })).toBeVisible();
    await expect(main.locator("ol > li")).toHaveText(["First step", "Second step"]);
    await expect(main.locator("script, [onerror], a[href^='javascript']")).toHaveCount(0);
    await expect(main).not.toContainText("**ferry**");
    await expect(main).not.toContainText("hacked");
    await expectNoA11yViolations(visitor);
  });
});

test("signed-out visitors find the public menu pages and the legal pages, not drafts or members' pages", async ({ page }) => {
  await page.goto("/");
  await expect(mainMenu(page).getByRole("link", { name: "About the programme" })).toHaveAttribute("href", "/page/about-the-programme");
  await expect(mainMenu(page).getByRole("link", { name: "How to apply" })).toBeVisible();
  await expect(mainMenu(page).getByRole("link", { name: "Information for evaluators" })).toHaveCount(0);
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }).click();
  await expect(page).toHaveURL("/page/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Cookie policy" })).toHaveAttribute("href", "/page/cookie-policy");
  await expectNoA11yViolations(page);

  for (const path of ["/page/access-statistics-2027", "/page/no-such-page"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("We didn't find a page that matches the address you navigated to")).toBeVisible();
  }
  await expectNoA11yViolations(page);
  // A members' page sends the visitor to sign in.
  await page.goto("/page/information-for-evaluators");
  await expect(page).toHaveURL(IDP_SIGN_IN);

  await signIn(page, "applicant", "/page/information-for-evaluators");
  await expect(page.getByRole("heading", { level: 1, name: "Information for evaluators" })).toBeVisible();
  await expect(page.getByText("This page is visible to signed-in users only.")).toBeVisible();
  await expect(mainMenu(page).getByRole("link", { name: "Information for evaluators" })).toBeVisible();
  // The applicant may not see the evaluators' document linked to it.
  await expect(page.getByRole("region", { name: "Related documents" })).toHaveCount(0);
});

test("an editor restricts a document to evaluators: only evaluators see it in the library", async ({ page, browser }) => {
  // Four browsers (editor, evaluator, applicant, visitor), each signing in.
  test.slow();
  const id = stamp();
  const title = `E2E evaluators' notes ${id}`;
  const tag = `e2e-${id}`;
  await signIn(page, "editor", "/admin/document/create");
  await expect(page.getByRole("heading", { level: 1, name: "New document" })).toBeVisible();

  await field(page, "Tags").fill(`${tag}, Guidelines`);
  await field(page, "Status").selectOption("published");
  await post(page, "Create the document", 400);
  const summary = summaryOf(page);
  for (const [label, message] of [
    ["Title", "This field is required"],
    ["Files", "A published document needs at least one file"],
  ]) {
    await expect(summary.getByRole("link", { name: new RegExp(`^${label}(?: \\(English\\))?:`) })).toBeVisible();
    await expect(field(page, label)).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, label)).toHaveAccessibleDescription(new RegExp(message));
  }
  await expect(field(page, "Tags")).toHaveValue(`${tag}, Guidelines`);
  await expect(field(page, "Status")).toHaveValue("published");
  await expectNoA11yViolations(page);

  await field(page, "Title").fill(title);
  await page.getByRole("group", { name: "Who may see it" }).getByLabel("Evaluator", { exact: true }).check();
  await field(page, "Files").setInputFiles({ name: "evaluators-notes.txt", mimeType: "text/plain", buffer: Buffer.from(`Notes ${id}\n`) });
  await post(page, "Create the document", 302);
  await expect(page).toHaveURL(/\/admin\/document\/\d+\/update$/);
  await success(page, "The document was created.");
  await expect(page.getByLabel("Keep evaluators-notes.txt")).toBeChecked();
  await expect(page.getByRole("group", { name: "Who may see it" }).getByLabel("Evaluator", { exact: true })).toBeChecked();
  await expectNoA11yViolations(page);

  await page.goto(`/admin/document?tag=${encodeURIComponent(tag)}`);
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
  await expect(row).toContainText("Evaluator");
  await expect(row).toContainText("1 file");
  await expectNoA11yViolations(page);

  await as(browser, "evaluator", async (evaluator) => {
    await evaluator.goto("/document-library");
    await expect(evaluator.getByRole("heading", { level: 1, name: "Document library" })).toBeVisible();
    const doc = evaluator.getByRole("article", { name: title });
    await expect(doc.getByRole("link", { name: /^Download evaluators-notes\.txt/ })).toHaveAttribute("href", /^\/media\/\d+$/);
    await expect(evaluator.getByRole("article", { name: "Evaluation guidelines for reviewers" })).toBeVisible();
    await evaluator.getByLabel("Tag", { exact: true }).selectOption(tag);
    await evaluator.getByRole("button", { name: "Show the documents" }).click();
    await expect(evaluator).toHaveURL(new RegExp(`tag=${tag}`));
    await expect(evaluator.getByRole("article")).toHaveCount(1);
    await expect(evaluator.getByRole("article", { name: title })).toBeVisible();
    await expectNoA11yViolations(evaluator);
  });
  for (const who of ["applicant", null]) {
    await as(browser, who, async (other) => {
      await other.goto("/document-library");
      await expect(other.getByRole("article", { name: "Guidelines for applicants 2027" })).toBeVisible();
      await expect(other.getByRole("article", { name: title })).toHaveCount(0);
      await expect(other.getByRole("article", { name: "Evaluation guidelines for reviewers" })).toHaveCount(0);
      await other.goto(`/document-library?tag=${encodeURIComponent(tag)}`);
      await expect(other.getByText("No document you may see has this tag.")).toBeVisible();
    });
  }
});

test("the admin lists filter, sort and restore deleted items", async ({ page }) => {
  test.slow(isJsOff());
  await signIn(page, "editor", "/admin/document");
  await expect(page.getByRole("heading", { level: 1, name: "Documents" })).toBeVisible();
  await field(page, "Tag").fill("templates");
  await page.getByRole("button", { name: "Apply the filters" }).click();
  await expect(page).toHaveURL(/tag=templates/);
  const titles = page.getByRole("table").getByRole("rowheader");
  await expect(titles).toHaveText(["Scientific report template", "Data management plan template"]);
  await page.getByRole("link", { name: "Title", exact: true }).click();
  await expect(titles).toHaveText(["Data management plan template", "Scientific report template"]);
  await expect(page.getByRole("columnheader", { name: "Title" })).toHaveAttribute("aria-sort", "ascending");
  await expectNoA11yViolations(page);

  await page.goto("/admin/page?status=draft");
  await expect(page.getByRole("table").getByRole("rowheader", { name: "Access statistics 2027" })).toBeVisible();
  await expect(page.getByRole("table").getByText("Published", { exact: true })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // A draft made for this test, deleted then restored from the deleted items.
  const title = `E2E draft ${stamp()}`;
  await page.goto("/admin/page/create");
  await field(page, "Title").fill(title);
  await post(page, "Create the page", 302);
  await success(page, "The page was created.");
  await page.goto(`/admin/page?q=${encodeURIComponent(title)}`);
  const deleted = await deleteRow(page, `Delete the page “${title}”`);
  if (isJsOff()) expect(deleted).toBe(302);
  await expect(page.getByRole("table")).toHaveCount(0);
  await field(page, "Deleted items").selectOption("only");
  await page.getByRole("button", { name: "Apply the filters" }).click();
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
  await expect(row).toContainText("Deleted");
  await post(page, `Restore the page “${title}”`, 302);
  await success(page, "The page was restored.");
  await page.goto(`/admin/page?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("link", { name: `Edit the page “${title}”` })).toBeVisible();
});
