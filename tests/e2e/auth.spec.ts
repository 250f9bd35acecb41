import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, test, expectNoA11yViolations, IDP_SIGN_IN, PORTAL, signIn, signOut, submitCredentials } from "./fixtures";

const header = (page: Page) => page.getByRole("banner");

test("a protected admin page sends the admin to sign in and back", async ({ page }) => {
  await page.goto("/admin/settings");
  await expect(page).toHaveURL(IDP_SIGN_IN);
  await expectNoA11yViolations(page);
  await submitCredentials(page, "admin", DEMO_PASSWORD);
  await expect(page).toHaveURL("/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
});

test("a protected applicant page sends the applicant to sign in and back", async ({ page }) => {
  await page.goto("/application");
  await submitCredentials(page, "applicant", DEMO_PASSWORD);
  await expect(page).toHaveURL("/application");
  await expect(page.getByRole("heading", { level: 1, name: "My applications" })).toBeVisible();
  // The demo applicant's applications (app/db/seeds/demo-applications.ts): the list is theirs, not empty.
  await expect(page.getByRole("main").getByRole("row").nth(1)).toContainText(/Transnational Access Call|Remote analyses call/);
});

test("signing in from the header returns to the page and shows the dashboard", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Open calls" })).toBeVisible();
  await signIn(page, "infrastructure-manager", undefined, { fresh: true });
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome, / })).toHaveText("Welcome, Ingrid Manager");
  await expect(header(page)).toContainText("Signed in as Ingrid Manager");
  await expectNoA11yViolations(page);
});

test("signing in from another page returns to it", async ({ page }) => {
  await page.goto("/cookies");
  await signIn(page, "evaluator", undefined, { fresh: true });
  await expect(page).toHaveURL("/cookies");
  await expect(header(page)).toContainText("Signed in as Eva Evaluator");
});

test("signing out ends signed out, at the provider too, without stopping there", async ({ page }) => {
  await signIn(page, "viewer", "/", { fresh: true });
  // Pages the browser shows on the way: the provider's end-session address (with its long token) only redirects.
  const shown: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) shown.push(frame.url());
  });
  await signOut(page);
  // (With JavaScript, the portal's home page may report itself more than once as it hydrates.)
  expect(new Set(shown)).toEqual(new Set([`${PORTAL}/`]));
  await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Sign out" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Open calls" })).toBeVisible();
  // The session is gone on the server too: protected pages ask to sign in again.
  await page.goto("/application");
  await expect(page).toHaveURL(IDP_SIGN_IN);
});

test("a wrong password is refused on the provider's page", async ({ page }) => {
  await page.goto("/auth/login?returnTo=/");
  await submitCredentials(page, "applicant", "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
  await expect(page.getByLabel("Username")).toHaveValue("applicant");
  await expectNoA11yViolations(page);
});
