import { expect, test, expectNoA11yViolations } from "./fixtures";

for (const path of ["/", "/call"]) {
  test(`signed out, ${path} lists the open calls`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Open calls" })).toBeVisible();
    await expect(page).toHaveTitle(/^Open calls · \S/);
    const calls = page.getByRole("main").getByRole("article");
    await expect(calls.first()).toBeVisible();
    // An open call: its status as text, its dates and an Apply link to its form.
    const open = calls.filter({ has: page.getByRole("heading", { name: /\bOpen$/ }) }).first();
    await expect(open.getByText("Open", { exact: true })).toBeVisible();
    await expect(open.getByRole("term")).toContainText(["Opens", "Closes"]);
    await expect(open.locator("time")).toHaveCount(2);
    await expect(open.locator("time").first()).toHaveText(/^\d{1,2} \w+ \d{4}$/);
    await expect(open.getByRole("link", { name: "Apply" })).toHaveAttribute("href", /^\/application\/create\/\d+$/);
    // A published call that is not open yet has a badge and no Apply link.
    const published = calls.filter({ has: page.getByText("Published", { exact: true }) });
    await expect(published.getByRole("link", { name: "Apply" })).toHaveCount(0);
    await expectNoA11yViolations(page);
  });
}

test("an unknown address shows the not-found screen with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("We didn't find a page that matches the address you navigated to")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  // The error keeps the portal around it: title, menu and sign-in.
  await expect(page).toHaveTitle(/^Page not found · \S/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Open calls" })).toBeVisible();
  await expectNoA11yViolations(page);
  // In French, the same address says so in French, in the tab's title as in the heading.
  await page.getByRole("banner").getByRole("button", { name: "Français" }).click();
  await expect(page).toHaveTitle(/^Page introuvable · \S/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
});

test("a file that does not exist shows the not-found screen, and a bare 404 to an image request", async ({ page, request }) => {
  for (const id of ["999999", "0abc"]) {
    const response = await page.goto(`/media/${id}`);
    expect(response?.status(), id).toBe(404);
    await expect(page.getByText("We didn't find a page that matches the address you navigated to")).toBeVisible();
  }
  await expectNoA11yViolations(page);
  const image = await request.get("/media/999999", { headers: { Accept: "image/avif,image/webp,*/*" }, maxRedirects: 0 });
  expect(image.status()).toBe(404);
  expect(image.headers()["content-type"]).toMatch(/^text\/plain/);
});

test("a hand-edited page number shows the first page instead of an error", async ({ page }) => {
  for (const bad of ["abc", "-1", "1e300"]) {
    const response = await page.goto(`/document-library?page=${bad}`);
    expect(response?.status(), bad).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/error/i);
  }
});

test("a form the portal refuses to read shows what to do, with status 400", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the hostile field is added by script");
  await page.goto("/cookies");
  // A field name that would write to a prototype (docs/security.md#form-posts), posted natively.
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/cookies") && r.request().method() === "POST"),
    page.evaluate(() => {
      const form = document.querySelector<HTMLFormElement>("main form[method='post']")!;
      const input = Object.assign(document.createElement("input"), { type: "hidden", name: "__proto__.x", value: "1" });
      form.append(input);
      form.submit();
    }),
  ]);
  expect(response.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1, name: "The form could not be read" })).toBeVisible();
  await expectNoA11yViolations(page);
});
