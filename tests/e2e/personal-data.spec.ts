// A person's data through the browser, JavaScript off (plain links and forms):
// the profile's "Download my data (zip)" gives the applicant's zip (data.json
// first, their own e-mail in it); the admin's "Erase …" leads to the question,
// which says why the demo applicant cannot be erased (applications in
// progress) and erases nothing. Only reads: nothing is erased here (the API
// tests erase, tests/api/personal-data.test.ts).
import fs from "node:fs";
import { acceptCookies, expect, expectNoA11yViolations, signIn, signOut, test } from "./fixtures";
import { unzip } from "../api/spreadsheet-readers";

test.beforeEach(async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "plain links and forms: the same without JavaScript");
  await acceptCookies(page);
});

test("the applicant downloads their data from the profile; the admin's erasure question says why it is refused", async ({ page }) => {
  await signIn(page, "applicant", "/profile");
  const section = page.getByRole("region", { name: "Your data" });
  await expect(section).toBeVisible();
  await expectNoA11yViolations(page);
  const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("link", { name: "Download my data (zip)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzip(fs.readFileSync((await download.path())!));
  expect(Object.keys(files)[0]).toBe("data.json");
  const data = JSON.parse(files["data.json"].toString("utf8")) as { profile: { email: string } };
  expect(data.profile.email).toBe("applicant@demo.ta-portal.test");
  await signOut(page);

  await signIn(page, "admin", "/admin/users?q=applicant%40demo");
  await page.getByRole("table").getByRole("link", { name: "Alice Applicant", exact: true }).click();
  await page.getByRole("link", { name: "Erase Alice Applicant…" }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+\/erase$/);
  await expect(page.getByRole("heading", { level: 1, name: "Erase this person?" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Yes, erase this person" }).click();
  await expect(page.getByRole("alert")).toContainText("This person owns an application still in progress");
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Alice Applicant" })).toBeVisible();
});
