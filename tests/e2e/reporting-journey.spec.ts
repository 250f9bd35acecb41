// The reporting journey (docs/lifecycle.md#reporting to #reported) without JavaScript, on the browser tests' copy J of the
// demo's accepted FJORDLIGHT (station and vessel, its accesses over), with the watchdog-report
// setting on: the applicant starts reporting, fills every part and lists two
// publications; the watchdog sends the report back with a note, the applicant
// submits it again and the watchdog approves it; the infrastructures' staff
// confirm each access and its reimbursement; the editor sets the application
// reported; the applicant reads it all on their page; the editor returns it to
// reporting and reopens the report for the applicant.
import type { Page } from "@playwright/test";
import { acceptCookies, changeStatus, expect, expectNoA11yViolations, signIn, signOut, test } from "./fixtures";

const ACRONYM = "FJORDLIGHT-J";
const PDF = (name: string) => ({ name, mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`) });
const notice = (page: Page) => page.getByRole("region", { name: "Notifications" });

// Without JavaScript a Success alert stays over the header's end until the next page: sign out from a fresh one.
async function leave(page: Page) {
  await page.goto("/");
  await signOut(page);
}

async function watchdogSetting(page: Page, value: "yes" | "no") {
  await signIn(page, "admin", "/admin/settings?section=reporting");
  await page.getByLabel("Watchdog approves reports", { exact: true }).selectOption(value);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(notice(page)).toContainText("The settings were saved.");
  await leave(page);
}

async function submitReport(page: Page, id: number) {
  await page.goto(`/application/${id}/report/submit`);
  await expect(page.getByText("Every part is complete.")).toBeVisible();
  await page.getByRole("button", { name: "Submit the report" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Submit the report?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, submit the report" }).click();
  await expect(notice(page)).toContainText("The report is submitted.");
}

async function verdict(page: Page, id: number, choice: "Approve the report" | "Send it back to the applicant", note?: string) {
  await signIn(page, "watchdog", `/my-evaluations-reviews/${id}`);
  const form = page.getByRole("region", { name: "The applicant's report" });
  await expectNoA11yViolations(page);
  await form.getByLabel(choice).check();
  if (note !== undefined) await form.getByLabel("Note").fill(note);
  await form.getByRole("button", { name: "Record the verdict" }).click();
}

test("without JavaScript, an accepted application is reported on, sent back, approved, confirmed, set reported and reopened", async ({ page }, info) => {
  test.skip(info.project.name !== "js-off", "the journey runs once, without JavaScript");
  test.setTimeout(300_000);
  await acceptCookies(page);
  await watchdogSetting(page, "yes");
  try {
    // The applicant starts reporting and fills every part.
    await signIn(page, "applicant", "/application?status%5B%5D=accepted&per_page=100");
    await page.getByRole("row").filter({ hasText: ACRONYM }).locator('a[href$="/review"]').first().click();
    const id = Number(/\/application\/(\d+)\//.exec(page.url())![1]);
    await page.getByRole("region", { name: "Report", exact: true }).getByRole("button", { name: "Start reporting" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "What was done" })).toBeVisible();
    await page.getByLabel("Season objectives").fill("Map the kelp forests along four transects.");
    await page.getByLabel("Achievements and difficulties").fill("All four transects mapped; the northern one twice.");
    await page.getByRole("button", { name: "Save and continue" }).click();
    for (const group of await page.getByRole("group", { name: /^Access \d+ at / }).all()) {
      await group.getByLabel("Units used").fill("9");
      await group.getByLabel("Actual start date").fill("2026-07-01");
      await group.getByLabel("Actual end date").fill("2026-07-09");
    }
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.getByLabel("Scientific report").setInputFiles(PDF("kelp-scientific-report.pdf"));
    await page.getByLabel("Final data management plan").setInputFiles(PDF("kelp-dmp.pdf"));
    await page.getByRole("button", { name: "Save and continue" }).click();
    for (const group of await page.getByRole("group").filter({ has: page.getByLabel("5") }).all()) await group.getByLabel("5").check();
    await page.getByRole("group", { name: "Would you recommend this access to a colleague?" }).getByLabel("Yes").check();
    for (const label of ["Comments on the coordination", "Comments on the infrastructure", "Comments on your overall experience"]) await page.getByLabel(label).fill("Very good.");
    await page.getByRole("button", { name: "Save and continue" }).click();
    for (const [title, doi] of [["Kelp forests moving north", "10.1234/kelp.1"], ["Arctic kelp transects (data set)", "10.1234/kelp.2"]]) {
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Year").fill("2026");
      await page.getByLabel("DOI").fill(doi);
      await page.getByRole("button", { name: "Add the publication" }).click();
      await expect(notice(page)).toContainText("The publication is added.");
    }
    await submitReport(page, id);
    await leave(page);

    // The watchdog sends it back: a note is required.
    await verdict(page, id, "Send it back to the applicant");
    await expect(page.getByText("This field is required").first()).toBeVisible();
    await page.getByRole("region", { name: "The applicant's report" }).getByLabel("Note").fill("Give the second access's real dates.");
    await page.getByRole("button", { name: "Record the verdict" }).click();
    await expect(notice(page)).toContainText("Your verdict on the report is recorded.");
    await leave(page);

    // The applicant reads the note and submits again; the watchdog approves.
    await signIn(page, "applicant", `/application/${id}/review`);
    await page.getByRole("link", { name: "Continue your report" }).click();
    await expect(page.getByText("The watchdog sent the report back to you: Give the second access's real dates.")).toBeVisible();
    await submitReport(page, id);
    await leave(page);
    await verdict(page, id, "Approve the report");
    await expect(notice(page)).toContainText("Your verdict on the report is recorded.");
    await leave(page);

    // The infrastructures' staff confirm each access and its reimbursement.
    for (const staff of ["infrastructure-manager", "infrastructure-administrator"]) {
      await signIn(page, staff, `/application-at-my-ri/${id}`);
      const forms = page.getByRole("group", { name: /^Report confirmation for / });
      const count = await forms.count();
      await expectNoA11yViolations(page);
      for (let i = 0; i < count; i++) {
        const form = page.getByRole("group", { name: /^Report confirmation for / }).nth(i);
        if (await form.getByRole("button", { name: "Record the confirmation" }).count() === 0) continue;
        for (const access of await form.getByRole("group", { name: /^Access \d+$/ }).all()) {
          await access.getByLabel("Yes, confirmed").check();
          await access.getByLabel("Reimbursement date").fill("2026-11-20");
        }
        await form.getByRole("button", { name: "Record the confirmation" }).click();
        await expect(notice(page)).toContainText("The confirmation is recorded.");
      }
      await leave(page);
    }

    // The editor sets it reported.
    await signIn(page, "editor", `/admin/application/${id}`);
    await expect(page.getByRole("region", { name: "The report" })).toContainText("Approved");
    await expectNoA11yViolations(page);
    await changeStatus(page, "Reported");
    await leave(page);

    // The applicant reads the whole report, confirmations included.
    await signIn(page, "applicant", `/application/${id}/review`);
    const report = page.getByRole("region", { name: "The report" });
    await expect(report).toContainText("Kelp forests moving north");
    await expect(report).toContainText("Approved");
    await expect(report.getByRole("table")).toContainText("20 November 2026");
    await expect(report.getByRole("table")).not.toContainText("Not confirmed yet");
    await expectNoA11yViolations(page);
    await leave(page);

    // The editor returns it to reporting and gives the report back to the applicant, who can change it again.
    await signIn(page, "editor", `/admin/application/${id}`);
    await changeStatus(page, "Reopen reporting");
    await page.getByLabel("Notes for the applicant (optional)").fill("Add the data set's final DOI.");
    await page.getByRole("button", { name: "Reopen the report" }).click();
    await expect(notice(page)).toContainText("The report is reopened: the applicant can change it.");
    await leave(page);
    await signIn(page, "applicant", `/application/${id}/review`);
    await expect(page.getByRole("region", { name: "Report", exact: true }).getByRole("link", { name: "Continue your report" })).toBeVisible();
    await leave(page);
  } finally {
    await watchdogSetting(page, "no");
  }
});
