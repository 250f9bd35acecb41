import type { Page } from "@playwright/test";
import { expect, test, expectNoA11yViolations, signIn, signOut } from "./fixtures";

const header = (page: Page) => page.getByRole("banner");
/** Opens the header's preferences control (language and theme), named `label` in the page's language. */
async function openPreferences(page: Page, label = "Display") {
  await header(page).getByText(label, { exact: true }).click();
}
const banner = (page: Page) => page.getByRole("region", { name: "Cookies", exact: true });
/** The screen's own status, not the client's status line that opens every main content. */
const screenStatus = (page: Page) => page.getByRole("main").getByRole("status").and(page.locator(":not([data-testid=client-status])"));

test("the theme switches to dark, persists, and switches back", async ({ page }) => {
  await page.goto("/call");
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", "dark");
  await openPreferences(page);
  await header(page).getByRole("button", { name: "Dark theme" }).click();
  await expect(page).toHaveURL("/call");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expectNoA11yViolations(page);

  await openPreferences(page);
  await header(page).getByRole("button", { name: "Light theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await openPreferences(page);
  await expect(header(page).getByRole("button", { name: "Dark theme" })).toBeVisible();
});

test("the language switches to French and back", async ({ page }) => {
  await page.goto("/call");
  await openPreferences(page);
  await header(page).getByLabel("Language").selectOption({ label: "Français" });
  await header(page).getByRole("button", { name: "Change language" }).click();
  await expect(page).toHaveURL("/call");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1, name: "Appels ouverts" })).toBeVisible();
  await expect(page).toHaveTitle(/^Appels ouverts · \S/);
  await expect(page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Appels ouverts" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Se connecter" })).toBeVisible();
  // The choice is remembered on the next page.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Appels ouverts" })).toBeVisible();

  await openPreferences(page, "Affichage");
  await header(page).getByLabel("Langue").selectOption({ label: "English" });
  await header(page).getByRole("button", { name: "Changer de langue" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Open calls" })).toBeVisible();
});

test("the header names the other language, in itself, and one press switches to it and back", async ({ page }) => {
  await page.goto("/call");
  await expect(header(page).getByRole("button", { name: "English" })).toHaveCount(0);
  await header(page).getByRole("button", { name: "Français" }).click();
  await expect(page).toHaveURL("/call");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1, name: "Appels ouverts" })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Français" })).toHaveCount(0);
  await expect(header(page).getByRole("button", { name: "English" })).toHaveAttribute("lang", "en");
  await expectNoA11yViolations(page);
  await header(page).getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Open calls" })).toBeVisible();
  await expectNoA11yViolations(page);
});

test("a header menu opened before the scripts ran stays open once they have, and closes on the next page", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled === false, "without JavaScript every page is new and its menus closed");
  // The scripts held back until the menu is open: a slow phone's first seconds.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/**/*.js", async (route) => (await held, route.continue()));
  await page.goto("/call", { waitUntil: "commit" });
  await openPreferences(page);
  await expect(header(page).getByLabel("Language")).toBeVisible();
  release();
  // Hydrated: React has put its fibers on the header, and its effects have run.
  await page.waitForFunction(() => Object.keys(document.querySelector("header") ?? {}).some((k) => k.startsWith("__reactFiber")));
  await page.waitForLoadState("networkidle");
  await expect(header(page).getByLabel("Language")).toBeVisible();
  // A client navigation is a new page: what was open closes.
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Document library" }).click();
  await expect(page).toHaveURL("/document-library");
  await expect(header(page).getByLabel("Language")).toBeHidden();
});

test("accepting cookies hides the banner on every page; revoking brings it back", async ({ page }) => {
  await page.goto("/call");
  await expect(banner(page)).toBeVisible();
  // In the page's flow, above the header: it pushes the page down and covers nothing.
  expect(await banner(page).evaluate((el) => getComputedStyle(el).position)).toBe("static");
  const [band, bar] = [(await banner(page).boundingBox())!, (await header(page).boundingBox())!];
  expect(band.y + band.height).toBeLessThanOrEqual(bar.y);
  await banner(page).getByRole("button", { name: "Accept cookies" }).click();
  await expect(page).toHaveURL("/call");
  await expect(banner(page)).toHaveCount(0);
  await page.goto("/");
  await expect(banner(page)).toHaveCount(0);

  await page.goto("/cookies");
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Cookie management" })).toBeVisible();
  await expect(screenStatus(page)).toHaveText("You have accepted the cookies.");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Revoke consent" }).click();
  await expect(page).toHaveURL("/cookies");
  await expect(screenStatus(page)).toHaveText("You have not given your consent yet.");
  await expect(banner(page)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto("/call");
  await expect(banner(page).getByRole("button", { name: "Accept cookies" })).toBeVisible();
});

test("on a 375 px phone the client's status line sits in the page's flow and covers nothing", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled === false, "without JavaScript the line stays empty (the fixture checks it on every page)");
  await page.setViewportSize({ width: 375, height: 740 });
  // Holds the online check, so "check online..." stays until released.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/health", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/call");
  const line = page.getByRole("main").getByRole("status").and(page.getByTestId("client-status"));
  await expect(line).toHaveText("check online...");
  expect(await line.evaluate((el) => getComputedStyle(el).position)).toBe("static");
  const [box, title] = [(await line.boundingBox())!, (await page.getByRole("heading", { level: 1 }).boundingBox())!];
  expect(box.y + box.height).toBeLessThanOrEqual(title.y);
  expect(box.y).toBeGreaterThanOrEqual((await header(page).boundingBox())!.y + (await header(page).boundingBox())!.height);
  await expectNoA11yViolations(page);
  release();
  await expect(line).toBeEmpty();
  // Clearing it moves nothing.
  expect((await page.getByRole("heading", { level: 1 }).boundingBox())!.y).toBe(title.y);
});

test("on a 375 px phone the menu folds into a disclosure and nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/call");
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await expect(menu).toBeHidden();
  // Folded, the bar holds the project, Menu, the other language and Sign in.
  expect(await header(page).evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(120);
  await expect(header(page).getByRole("button", { name: "Français" })).toBeVisible();
  await header(page).getByText("Menu", { exact: true }).click();
  await expect(menu.getByRole("link", { name: "Open calls" })).toBeVisible();
  for (const path of ["/call", "/document-library", "/cookies", "/admin/infrastructure", "/admin/call"]) {
    if (path === "/admin/infrastructure") await signIn(page, "admin", path);
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  // Scrolled to the end, the footer's links are not under the cookie banner.
  await page.goto("/call");
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const last = page.getByRole("contentinfo").getByRole("link").last();
  const box = (await last.boundingBox())!;
  const uncovered = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest("footer") !== null, [box.x + box.width / 2, box.y + box.height / 2]);
  expect(uncovered).toBe(true);
  await expectNoA11yViolations(page);
});

test("on a wide screen the menu is always shown, without its disclosure", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/call");
  await expect(page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Open calls" })).toBeVisible();
  await expect(header(page).getByText("Menu", { exact: true })).toBeHidden();
});

// docs/ui.md#header: the layout is the same with JavaScript or without (the disclosures' own tests run in both).
test("the header is one bar for every role, English and French: at most 100 px at 1280 px, 120 px folded at 375 px", async ({ page }) => {
  test.skip(test.info().project.use.javaScriptEnabled === false, "the bar's layout does not depend on JavaScript");
  test.slow();
  const height = () => header(page).evaluate((el) => el.getBoundingClientRect().height);
  const users = [null, "applicant", "evaluator", "watchdog", "viewer", "infrastructure-manager", "infrastructure-administrator", "editor", "admin"];
  for (const user of users) {
    // The sign-in helpers read English; each user signs in afresh, the previous one signed out at the provider too.
    await page.request.post("/preferences/language", { form: { lng: "en", returnTo: "/call" } });
    if (user) {
      await page.goto("/call");
      if (await header(page).getByRole("button", { name: "Sign out" }).count()) await signOut(page);
      await signIn(page, user, "/call", { fresh: true });
    }
    for (const lng of ["en", "fr"]) {
      await page.request.post("/preferences/language", { form: { lng, returnTo: "/call" } });
      // Folded at 375 px, the bar is the same for every role but the admin's, which has the most to fold.
      for (const [width, most] of user === null || user === "admin" ? [[1280, 100], [375, 120]] : [[1280, 100]]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/call");
        expect(await height(), `${user ?? "visitor"} ${lng} ${width}`).toBeLessThanOrEqual(most);
        // The other language is always in sight.
        await expect(header(page).getByRole("button", { name: lng === "en" ? "Français" : "English" })).toBeVisible();
      }
    }
  }
  // The admin's menu unfolded at 375 px, the Admin disclosure open: in the flow, axe-clean, Escape closes it.
  await header(page).getByText("Menu", { exact: true }).click();
  const admin = header(page).getByText("Administration", { exact: true });
  await admin.click();
  await expect(header(page).getByRole("link", { name: "Paramètres", exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(header(page).getByRole("link", { name: "Paramètres", exact: true })).toBeHidden();
  await expect(admin).toBeFocused();
});
