import type { Page } from "@playwright/test";
import { expect, test, acceptCookies, expectNoA11yViolations, signIn } from "./fixtures";

const mainMenu = (page: Page) => page.getByRole("navigation", { name: "Main menu" });
const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });
const save = (page: Page) => page.getByRole("button", { name: "Save my profile" }).click();

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("a signed-out visitor has no My profile entry and is sent to sign in", async ({ page }) => {
  await page.goto("/");
  await expect(mainMenu(page).getByRole("link", { name: "My profile" })).toHaveCount(0);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/interaction\//);
});

test("an applicant opens My profile from the menu, saves their organization and country, and finds them after a reload", async ({ page }) => {
  await signIn(page, "applicant", "/");
  await mainMenu(page).getByRole("link", { name: "My profile" }).click();
  await expect(page).toHaveURL("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
  // The identity provider's e-mail is shown, not editable.
  await expect(page.getByRole("main")).toContainText("applicant@demo.ta-portal.test");
  await expect(page.getByRole("textbox", { name: "E-mail", exact: true })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.getByLabel("Organization name").fill("Marine Biology Institute");
  await page.getByLabel("Organization e-mail").fill("office@marine.example.org");
  await page.getByLabel("Organization country").selectOption({ label: "Portugal" });
  await page.getByLabel("Nationality").selectOption("IT");
  await page.getByLabel("Website").fill("https://marine.example.org/");
  await save(page);

  await expect(page).toHaveURL("/profile");
  await expect(notifications(page).getByRole("status").filter({ hasText: "Success" })).toContainText("Your profile has been saved.");
  await page.reload();
  await expect(page.getByLabel("Organization name")).toHaveValue("Marine Biology Institute");
  await expect(page.getByLabel("Organization e-mail")).toHaveValue("office@marine.example.org");
  await expect(page.getByLabel("Organization country")).toHaveValue("PT");
  await expect(page.getByLabel("Nationality")).toHaveValue("IT");
  await expect(page.getByLabel("Website")).toHaveValue("https://marine.example.org/");

  // Back to the demo seed's profile, which other specs (calls closed to some countries) read.
  await page.getByLabel("Organization name").fill("Demo Research Institute");
  await page.getByLabel("Organization e-mail").fill("office@research.example.org");
  await page.getByLabel("Organization country").selectOption("BE");
  await page.getByLabel("Nationality").selectOption("BE");
  await page.getByLabel("Website").fill("https://research.example.org/alice");
  await save(page);
  await expect(notifications(page).getByRole("status").filter({ hasText: "Success" })).toContainText("Your profile has been saved.");
  await expect(page.getByLabel("Organization country")).toHaveValue("BE");
  await expect(page.getByLabel("Nationality")).toHaveValue("BE");
});

test("a bad e-mail shows the error summary and keeps what was typed", async ({ page }, testInfo) => {
  await signIn(page, "applicant", "/profile");
  await page.getByLabel("Organization name").fill("Unsaved Institute");
  await page.getByLabel("Copy e-mail").fill("not an e-mail");
  await page.getByLabel("Organization country").selectOption("DE");
  // Without JavaScript the server validates (400); with it, the form does before posting.
  const posted = testInfo.project.name === "js-off" ? page.waitForResponse((r) => r.request().method() === "POST") : null;
  await save(page);
  if (posted) expect((await posted).status()).toBe(400);

  const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Unable to save" }) });
  await expect(summary).toContainText("Validation failed, check all required fields");
  const id = await page.getByLabel("Copy e-mail").getAttribute("id");
  await expect(summary.getByRole("link", { name: /^Copy e-mail:/ })).toHaveAttribute("href", `#${id}`);
  await expect(summary.getByRole("link")).toHaveCount(1);
  await expect(page.getByLabel("Copy e-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Copy e-mail")).toHaveAccessibleDescription(/Enter a valid e-mail address/);
  await expect(page.getByLabel("Copy e-mail")).toHaveValue("not an e-mail");
  await expect(page.getByLabel("Organization name")).toHaveValue("Unsaved Institute");
  await expect(page.getByLabel("Organization country")).toHaveValue("DE");
  await expectNoA11yViolations(page);
});

test("the profile fits a phone and a desktop in French and in the dark theme", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "layout only: the same HTML with JavaScript off");
  await signIn(page, "applicant", "/profile");
  // The header's preferences forms, posted as the page would post them.
  for (const [path, form] of [["/preferences/language", { lng: "fr", returnTo: "/profile" }], ["/preferences/theme", { theme: "dark", returnTo: "/profile" }]] as const) {
    expect((await page.request.post(path, { form, maxRedirects: 0, headers: { Origin: new URL(page.url()).origin } })).status()).toBe(302);
  }
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/profile");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon profil");
    // Nothing scrolls the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${width} px`).toBeLessThanOrEqual(0);
    if (process.env.PROFILE_SCREENSHOTS) await page.screenshot({ path: `/tmp/profile-fr-dark-${width}.png`, fullPage: true });
  }
  await expectNoA11yViolations(page);
});
