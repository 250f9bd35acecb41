import type { Page } from "@playwright/test";
import { expect, test, acceptCookies, expectNoA11yViolations, signIn } from "./fixtures";
import { demoLogoPng } from "../../app/db/seeds/demo-logo";

const field = (page: Page, key: string) => page.getByLabel(key, { exact: true });
const save = (page: Page) => page.getByRole("button", { name: "Save settings" }).click();

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "admin", "/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
});

test("invalid settings show an error summary and keep the values", async ({ page }, testInfo) => {
  await field(page, "project-name").fill("");
  await field(page, "project-link").fill("not a url");
  // Without JavaScript the server validates (400); with it, the form does before posting.
  const posted = testInfo.project.name === "js-off" ? page.waitForResponse((r) => r.request().method() === "POST") : null;
  await save(page);
  if (posted) expect((await posted).status()).toBe(400);

  const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Unable to save" }) });
  await expect(summary).toContainText("Validation failed, check all required fields");
  for (const key of ["project-name", "project-link"]) {
    const id = await field(page, key).getAttribute("id");
    await expect(summary.getByRole("link", { name: new RegExp(`^${key}:`) })).toHaveAttribute("href", `#${id}`);
    await expect(field(page, key)).toHaveAttribute("aria-invalid", "true");
  }
  await expect(summary.getByRole("link")).toHaveCount(2);
  await expect(field(page, "project-name")).toHaveAccessibleDescription(/This field is required/);
  await expect(field(page, "project-link")).toHaveAccessibleDescription(/Enter a valid URL/);
  await expect(field(page, "project-link")).toHaveValue("not a url");
  await expect(field(page, "project-name")).toHaveValue("");
  await expect(field(page, "watchdog-name")).not.toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page);
});

test("a valid save is confirmed and persists", async ({ page }) => {
  const watchdog = field(page, "watchdog-name");
  const original = await watchdog.inputValue();
  const changed = `Watchdog ${test.info().project.name} ${Date.now()}`;

  await watchdog.fill(changed);
  await save(page);
  const notifications = page.getByRole("region", { name: "Notifications" });
  await expect(notifications.getByRole("status").filter({ hasText: "Success" })).toContainText("The settings were saved.");
  await expect(page).toHaveURL("/admin/settings");
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
  const keep = page.getByRole("checkbox", { name: /^Keep / });
  await expect(keep).toBeChecked();
  // Letting go of the logo without a new one: project-logo is required (SPEC §5).
  await keep.uncheck();
  const posted = testInfo.project.name === "js-off" ? page.waitForResponse((r) => r.request().method() === "POST") : null;
  await save(page);
  if (posted) expect((await posted).status()).toBe(400);
  const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Unable to save" }) });
  await expect(summary.getByRole("link", { name: /^project-logo:/ })).toBeVisible();
  await expect(field(page, "project-logo")).toHaveAccessibleDescription(/This field is required/);

  const name = `logo-${testInfo.project.name}.png`;
  await field(page, "project-logo").setInputFiles({ name, mimeType: "image/png", buffer: demoLogoPng(48) });
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
