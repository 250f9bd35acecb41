// The calendar feed (ADR 050; docs/ui.md#profile) without JavaScript, where
// it is all real forms and plain links: the applicant makes their feed from
// /profile, reads its address once, a calendar (no session) reads it, renewing
// kills the old address, stopping kills the new one; the home page's "Add to
// calendar" gives one deadline's .ics. Axe and 375 px.
import fs from "node:fs";
import { request as http, type Page } from "@playwright/test";
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "plain forms and links: once, without JavaScript");

const address = (page: Page) => page.getByRole("textbox", { name: "Address of your calendar feed" });
const FEED = /^http:\/\/localhost:\d+\/api\/calendar\/feeds\/[A-Za-z0-9_-]{43}\.ics$/;

/** What a calendar application gets at `url`: no cookie, no session. */
async function asCalendar(url: string) {
  const calendar = await http.newContext();
  try {
    const res = await calendar.get(url);
    return { status: res.status(), type: res.headers()["content-type"], text: await res.text() };
  } finally {
    await calendar.dispose();
  }
}

test("the applicant makes, renews and stops their calendar feed from their profile, and adds a deadline from the home page", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "applicant", "/profile");
  const section = page.getByRole("region", { name: "Calendar feed" });
  await expect(section).toBeVisible();
  await expectNoA11yViolations(page);
  // Made earlier (another run): renewing makes a new address all the same.
  await section.getByRole("button", { name: /^(Create my calendar feed|Renew my calendar feed's address)$/ }).click();
  await expect(page).toHaveURL("/profile/calendar");
  await expect(page.getByRole("heading", { level: 1, name: "Calendar feed" })).toBeVisible();
  const first = await address(page).inputValue();
  expect(first).toMatch(FEED);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  const feed = await asCalendar(first);
  expect(feed.status).toBe(200);
  expect(feed.type).toMatch(/^text\/calendar/);
  expect(feed.text).toContain("BEGIN:VEVENT");
  expect(feed.text).toMatch(/DTSTART;TZID=Europe\/Brussels:\d{8}T230000/);

  await page.getByRole("button", { name: "Renew my calendar feed's address" }).click();
  const second = await address(page).inputValue();
  expect(second).toMatch(FEED);
  expect(second).not.toBe(first);
  expect((await asCalendar(first)).status).toBe(404);
  expect((await asCalendar(second)).status).toBe(200);

  // The home page: each dated item has its .ics.
  await page.goto("/");
  const todo = page.getByRole("list", { name: "What to do next" });
  const add = todo.getByRole("link", { name: /^Add to calendar \(\.ics file: No\. \d+ SNOWPACK\)$/ });
  await expect(add).toBeVisible();
  await expectNoA11yViolations(page);
  const [download] = await Promise.all([page.waitForEvent("download"), add.click()]);
  expect(download.suggestedFilename()).toMatch(/^deadline-owner-\d+\.ics$/);
  const ics = fs.readFileSync((await download.path())!, "utf8");
  expect(ics).toMatch(/SUMMARY:Accept the grant · No\. \d+ SNOWPACK/);
  expect(ics).toContain("BEGIN:VTIMEZONE");

  // Someone else's deadline (or none) is the 404 screen.
  const missing = await page.goto("/deadline/owner-1.ics");
  expect(missing?.status()).toBe(404);

  // Stopping kills the address; the profile says there is none.
  await page.goto("/profile");
  await section.getByRole("button", { name: "Stop my calendar feed" }).click();
  await expect(page).toHaveURL("/profile");
  await expect(section).toContainText("You have no calendar feed yet.");
  expect((await asCalendar(second)).status).toBe(404);
});
