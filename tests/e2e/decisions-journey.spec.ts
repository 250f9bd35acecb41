// The decision stages' journey (docs/lifecycle.md#panel-recommendation to #acceptance) without JavaScript, on the browser tests' own copies of
// the demo (letter J): ICEALGAE-J, under evaluation at the station and the
// vessel with its evaluations complete, goes to accepted: the editor records
// the panel recommendation, the station's administrator and the vessel's
// manager each decide for their own infrastructure, the editor grants, and
// the applicant downloads the letter, accepts and uploads the signed
// agreement. PERMAWATCH-J (recommended, undecided) is rejected; SNOWPACK-J
// (granted) is withdrawn by its applicant and restored by the editor. The
// applicant hears of each status change by e-mail too, and sees the late
// warning on the demo's grant of last year's call.
import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { acceptCookies, changeStatus, expect, signIn, signOut, test } from "./fixtures";
import { subjectsTo } from "./mail-log";

const APPLICANT = "applicant@demo.ta-portal.test";
const STATION = { name: "Arctic Research Station Ny-Ålesund", short: "ARS-NYA" };
const VESSEL = { name: "RV Atlantic Explorer", short: "RV-AE" };
const PDF = { name: "signed.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% signed\n%%EOF\n") };

const notice = (page: Page) => page.getByRole("region", { name: "Notifications" });

// Without JavaScript a Success alert stays over the header's end until the next page: sign out from a fresh one.
async function leave(page: Page) {
  await page.goto("/");
  await signOut(page);
}

/** The editor's staff screen of `acronym` (its id). */
async function staffScreen(page: Page, acronym: string): Promise<number> {
  await page.goto(`/admin/application?q=${acronym}`);
  await page.getByRole("link", { name: new RegExp(`${acronym}(?!\\w)`) }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(acronym);
  return Number(/\/admin\/application\/(\d+)$/.exec(page.url())![1]);
}

/** An infrastructure's staff member records an acceptance for their infrastructure. */
async function decide(page: Page, id: number, infra: { name: string; short: string }, units: string) {
  await page.goto(`/application-at-my-ri/${id}`);
  const form = page.getByRole("region", { name: infra.name, exact: true }).getByRole("group", { name: `Decision for ${infra.short}` });
  await form.getByLabel("Yes, accepted").check();
  await form.getByLabel("Units granted").fill(units);
  await form.getByLabel("Participants").fill("3");
  await form.getByLabel("Budget (euro)").fill("8000");
  await form.getByLabel("Justification").fill(`${infra.short} hosts the group for ${units} days.`);
  await form.getByRole("button", { name: "Record the decision" }).click();
  await expect(notice(page)).toContainText("The decision is recorded.");
}

test("without JavaScript, an application goes from the panel to an accepted grant; another is rejected, a third withdrawn and restored", async ({ page }, info) => {
  test.skip(info.project.name !== "js-off", "the journey runs once, without JavaScript");
  test.setTimeout(300_000);
  await acceptCookies(page);

  // The panel recommends both infrastructures.
  await signIn(page, "editor", "/admin/application");
  const id = await staffScreen(page, "ICEALGAE-J");
  await expect(page.getByRole("region", { name: "Status", exact: true })).toContainText("The panel recommendation must be complete.");
  await page.getByRole("link", { name: "Record the panel recommendation" }).click();
  for (const infra of [STATION, VESSEL]) {
    const group = page.getByRole("group", { name: infra.short, exact: true });
    await group.getByRole("radiogroup", { name: "Recommended" }).getByLabel("Yes").check();
    await group.getByLabel("Units").fill("10");
    await group.getByLabel("Participants").fill("3");
    await group.getByLabel("Budget (euro)").fill("9000");
    await group.getByLabel("Recommendation", { exact: true }).fill(`The panel recommends ${infra.short}.`);
  }
  await page.getByRole("button", { name: "Save the recommendation" }).click();
  await expect(notice(page)).toContainText("The panel's recommendation is saved.");
  await expect(page.getByRole("main")).toContainText("Complete since");
  await leave(page);

  // Each infrastructure decides: the station's administrator, then the vessel's manager (who sees the station's decision made).
  await signIn(page, "infrastructure-administrator", "/application-at-my-ri");
  await decide(page, id, STATION, "10");
  await expect(page.getByRole("region", { name: VESSEL.name, exact: true })).toHaveCount(0);
  await leave(page);
  await signIn(page, "infrastructure-manager", "/application-at-my-ri");
  await decide(page, id, VESSEL, "8");
  await expect(page.getByRole("region", { name: STATION.name, exact: true }).getByRole("button", { name: "Record the decision" })).toHaveCount(0);
  await leave(page);

  // The editor grants; the decisions panel shows both acceptances.
  await signIn(page, "editor", `/admin/application/${id}`);
  const decisions = page.getByRole("region", { name: "Recommendation and decisions" });
  await expect(decisions.getByRole("row", { name: new RegExp(VESSEL.short) })).toContainText("8 units, 3 participants");
  await changeStatus(page, "Granted");
  await expect(page.getByRole("main")).toContainText("Granted");
  await leave(page);

  // The applicant downloads the letter, accepts and uploads the signed agreement.
  await signIn(page, "applicant", `/application/${id}/review`);
  const grant = page.getByRole("region", { name: "Your grant" });
  const href = await grant.getByRole("link", { name: "Download the grant letter (PDF)" }).getAttribute("href");
  const letter = await page.request.get(href!);
  expect(letter.headers()["content-type"]).toBe("application/pdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await letter.body())), { mergePages: true });
  expect(text.replace(/\s+/g, " ")).toContain(`${VESSEL.name}: 8 units for 3 participants`);
  await grant.getByRole("link", { name: "Accept the grant" }).click();
  await page.getByRole("button", { name: "Yes, accept the grant" }).click();
  await expect(notice(page)).toContainText("You accepted the grant.");
  await page.getByRole("link", { name: "Acceptance agreements" }).click();
  await page.getByLabel("Signed agreement file").setInputFiles(PDF);
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(notice(page)).toContainText("The signed agreement is saved.");
  await expect(page.getByRole("link", { name: "signed.pdf" })).toBeVisible();
  // Last year's grant (the demo's MOSSBANK) is past its call's acceptance date: the warning of docs/lifecycle.md#acceptance, and it can still be accepted.
  await page.goto("/application?status%5B%5D=granted&per_page=100");
  await page.getByRole("row").filter({ hasText: "MOSSBANK" }).locator('a[href$="/review"]').first().click();
  const late = page.getByRole("region", { name: "Your grant" });
  await expect(late).toContainText("The acceptance deadline is passed. You can still accept your grant");
  await expect(late.getByRole("link", { name: "Accept the grant" })).toBeVisible();
  await leave(page);

  // A second application is rejected; a third is withdrawn by its applicant…
  await signIn(page, "editor", "/admin/application");
  await staffScreen(page, "PERMAWATCH-J");
  await changeStatus(page, "Rejected");
  await leave(page);
  await signIn(page, "applicant", "/application?status%5B%5D=granted&per_page=100");
  await page.getByRole("row").filter({ hasText: "SNOWPACK-J" }).locator('a[href$="/review"]').first().click();
  await page.getByRole("link", { name: "Withdraw the application" }).click();
  await page.getByRole("button", { name: "Withdraw the application" }).click();
  await expect(notice(page)).toContainText("The application is withdrawn.");
  await leave(page);
  // …and restored by the editor to the status it had.
  await signIn(page, "editor", "/admin/application");
  await staffScreen(page, "SNOWPACK-J");
  await changeStatus(page, "Undo the withdrawal");
  await expect(page.getByRole("region", { name: "History" }).first()).toContainText("Withdrawn");
  await expect(page.locator("dt", { hasText: "Status" }).first().locator("xpath=following-sibling::dd[1]")).toContainText("Granted");

  // The applicant was e-mailed each change (delivered through SMTP every 10 s).
  for (const subject of [/^Application ICEALGAE-J \(#\d+\): Granted$/, /^Application PERMAWATCH-J \(#\d+\): Rejected$/, /^Application SNOWPACK-J \(#\d+\): Granted$/]) {
    await expect.poll(() => subjectsTo(APPLICANT), { timeout: 40_000 }).toContainEqual(expect.stringMatching(subject));
  }
});
