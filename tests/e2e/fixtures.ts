import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type Page } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const PORTAL = `http://localhost:${PORT}`;
export const IDP = `http://localhost:${PORT + 1}`;
/** The identity provider's sign-in page. */
export const IDP_SIGN_IN = new RegExp(`^http://localhost:${PORT + 1}/interaction/[^/]+$`);
export const DEMO_PASSWORD = "demo";

const jsEnabled = () => test.info().project.use.javaScriptEnabled !== false;

/**
 * The specs' `test`: fails a test whose pages threw or logged a console error
 * (a hydration mismatch, a missing script or translation file…). Allowed: the
 * browser's note about the page's own error status (a 404 page, a 400 form
 * reply, a refused form post fetched with JavaScript) and its favicon request to the identity provider, which has none.
 * It also expects the open portal page's status pill ('check online...',
 * 'check auth...') to end up empty: with JavaScript, once hydrated and checked;
 * without, it must never show (nothing would clear it).
 */
export const test = base.extend<{ failOnPageErrors: void }>({
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        const { url } = msg.location();
        if (msg.text().startsWith("Failed to load resource") && (url === page.url() || url === `${IDP}/favicon.ico`)) return;
        // With JavaScript a refused form post (400 validation, 409 stale) is a
        // fetch of the route's data: the browser logs its status, the page shows it.
        if (/status of (400|409)/.test(msg.text()) && new URL(url).searchParams.has("_data")) return;
        errors.push(`console.error: ${msg.text()} (${url})`);
      });
      await use();
      const pill = page.getByTestId("client-status");
      if (page.url().startsWith(PORTAL) && (await pill.count())) await expect(pill).toBeEmpty();
      expect(errors, errors.join("\n")).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** A cookie as the browser context keeps it. */
type Cookie = Awaited<ReturnType<import("@playwright/test").BrowserContext["cookies"]>>[number];

/**
 * The cookies each user's first sign-in in this worker added (the portal's
 * session, the provider's): a later `signIn` as the same user puts them back
 * instead of walking through the provider again. The sign-in walk costs a
 * dozen requests and pages, and the browser suites sign in about a hundred
 * times; the walk itself stays tested by every first sign-in and by auth.spec.
 */
const sessions = new Map<string, Cookie[]>();
const sameCookie = (a: Cookie, b: Cookie) => a.name === b.name && a.domain === b.domain && a.path === b.path;

/**
 * Signs in through the real identity provider's page. With `returnTo`, starts
 * at /auth/login?returnTo=…; without, clicks the header's "Sign in" link on the
 * current page (on / when no portal page is open). Waits until the portal has
 * the visitor back, signed in. A user already signed in once in this worker
 * gets that session back (and lands where the walk would have) unless `fresh`
 * is set or the session has ended since (signed out): then the walk is made.
 */
export async function signIn(page: Page, username: string, returnTo?: string, { fresh = false }: { fresh?: boolean } = {}): Promise<void> {
  if (!fresh && (await resumeSession(page, username, returnTo))) return;
  const before = await page.context().cookies();
  if (returnTo !== undefined) {
    await page.goto(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  } else {
    if (!page.url().startsWith(PORTAL)) await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
  }
  await submitCredentials(page, username, DEMO_PASSWORD);
  await page.waitForURL((url) => url.origin === PORTAL && !url.pathname.startsWith("/auth/"));
  await expect(signOutButton(page)).toBeVisible();
  const after = await page.context().cookies();
  // Not a flash alert the landing page had still to show.
  sessions.set(username, after.filter((c) => c.name !== "__alerts" && !before.some((b) => sameCookie(b, c) && b.value === c.value)));
}

const signOutButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Sign out" });

/** Puts `username`'s earlier session back and opens where signing in leads; false (and nothing left behind) when it has ended. */
async function resumeSession(page: Page, username: string, returnTo?: string): Promise<boolean> {
  const cookies = sessions.get(username);
  if (!cookies) return false;
  const target = returnTo ?? (page.url().startsWith(PORTAL) ? page.url() : "/");
  await page.context().addCookies(cookies);
  await page.goto(target);
  if (page.url().startsWith(PORTAL) && (await signOutButton(page).count())) return true;
  sessions.delete(username);
  for (const c of cookies) await page.context().clearCookies({ name: c.name, domain: c.domain, path: c.path });
  return false;
}

/** Fills and posts the provider's sign-in form (once the page is open). */
export async function submitCredentials(page: Page, username: string, password: string): Promise<void> {
  await page.waitForURL(IDP_SIGN_IN);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs out from the header: the provider ends its session at once and sends the browser back home (RP-initiated logout). */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${PORTAL}/`);
}

/**
 * A link of the header's Admin disclosure, shown: the disclosure opened, and on a
 * narrow screen the folded menu first (docs/ui.md#header).
 */
export async function adminMenuLink(page: Page, name: string) {
  const menu = page.getByRole("navigation", { name: "Main menu" });
  if (!(await menu.isVisible())) await page.getByRole("banner").getByText("Menu", { exact: true }).click();
  const link = menu.getByRole("link", { name, exact: true });
  if (!(await link.isVisible())) await menu.getByText("Admin", { exact: true }).click();
  return link;
}

/**
 * A form's field by its label, exactly; a text written in English and French
 * is labelled with its language (ADR 052), and "Title" finds its English version.
 */
export const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?: \\(English\\))?$`));

/** Gives cookie consent through the portal's own endpoint so the banner stays out of the way. */
export async function acceptCookies(page: Page): Promise<void> {
  const res = await page.request.post("/cookies", { form: { intent: "accept", returnTo: "/cookies" } });
  expect(res.ok()).toBe(true);
}

/**
 * Runs axe (WCAG 2.0–2.2 A/AA) and fails on any serious or critical violation,
 * listing their ids and targets. axe needs JavaScript in the page (its timers
 * never fire when scripts are disabled), so in the js-off project the document
 * as the browser parsed it, minus its scripts, is loaded at the same address into
 * a JavaScript-enabled page (same cookies, same styles) and checked there.
 *
 * Cost: axe is run in the page itself (legacy mode: @axe-core/playwright would
 * otherwise open a blank page per check to merge the frames' results, and the
 * portal has no frames), and the js-off checks share one JavaScript-enabled
 * page per browser. Measured on french.spec.ts: the checks cost 75 of its 181
 * CPU seconds, 39 once run in the page.
 */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
  const target = jsEnabled() ? page : await scriptlessCopy(page);
  const results = await new AxeBuilder({ page: target }).withTags(tags).setLegacyMode(true).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`);
  expect(blocking, `accessibility violations on ${page.url()}:\n  ${blocking.join("\n  ")}`).toEqual([]);
}

/** The shared JavaScript-enabled page of each browser for the js-off checks, and the document it is to serve. */
const copies = new WeakMap<Browser, { page: Page; url: string; html: string }>();

/** `page`'s document as parsed, without its scripts, opened in the shared JavaScript-enabled page at the same address. */
async function scriptlessCopy(page: Page): Promise<Page> {
  const browser = page.context().browser()!;
  let copy = copies.get(browser);
  if (!copy) {
    const context = await browser.newContext({ javaScriptEnabled: true });
    const shared = { page: await context.newPage(), url: "", html: "" };
    await shared.page.route("**/*", (route) => {
      const request = route.request();
      if (request.resourceType() === "document" && request.url() === shared.url) return route.fulfill({ contentType: "text/html", body: shared.html });
      if (request.resourceType() === "script") return route.abort();
      return route.continue();
    });
    copies.set(browser, (copy = shared));
  }
  copy.url = page.url();
  copy.html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const context = copy.page.context();
  await context.clearCookies();
  await context.addCookies(await page.context().cookies());
  await copy.page.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
  await copy.page.goto(copy.url);
  return copy.page;
}

/**
 * Deletes a row of an admin list the way a person does: its Delete button
 * (`name`, e.g. `Delete the call “X”`), then "Yes, delete" under the question
 * it asks. Resolves with the POST's status.
 */
export async function deleteRow(page: Page, name: string): Promise<number> {
  await page.getByRole("button", { name, exact: true }).click();
  const question = page.getByRole("group", { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\?`) });
  await expect(question).toBeVisible();
  const answered = page.waitForResponse((r) => r.request().method() === "POST");
  await question.getByRole("button", { name: "Yes, delete" }).click();
  return (await answered).status();
}

/**
 * The editor's status change from the staff screen's status panel (the radio
 * named `to`), then "Yes" on the question it asks first; waits for the Success alert.
 */
export async function changeStatus(page: Page, to: string): Promise<void> {
  const status = page.getByRole("region", { name: "Status", exact: true });
  await status.getByRole("radio", { name: to }).check();
  await status.getByRole("button", { name: "Change the status" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Change the status of .+\?$/ })).toBeVisible();
  await page.getByRole("button", { name: "Yes, change the status" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The status is changed." })).toBeVisible();
}
