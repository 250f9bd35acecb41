// docs/ui.md#content-in-two-languages (ADR 052): a French reader sees the
// French version of what editors wrote (a page, a call, the funding notice),
// and the English one, marked lang="en", where the French is empty; the
// editor writes both side by side, stacked at 375 px. Without JavaScript
// (plain links and forms; the same with it); axe-clean.
import type { Page } from "@playwright/test";
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";

test.skip(() => test.info().project.name === "js-on", "server-rendered texts and a plain form: the same with JavaScript");

/** The interface in French, as the language switch leaves it (the lng cookie). */
async function readInFrench(page: Page) {
  expect((await page.request.post("/preferences/language", { form: { lng: "fr", returnTo: "/" } })).ok()).toBe(true);
}

const shots = process.env.CONTENT_SCREENSHOTS;

test("a French reader sees the French page, call and funding notice", async ({ page }) => {
  await acceptCookies(page);
  await readInFrench(page);
  await page.goto("/page/about-the-programme");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const title = page.getByRole("heading", { level: 1, name: "Le programme" });
  await expect(title).toBeVisible();
  await expect(title).not.toHaveAttribute("lang");
  await expect(page.getByRole("main")).toContainText("Le programme finance l’accès transnational");
  await expect(page.getByRole("region", { name: "Documents associés" }).getByRole("heading", { name: "Guide des candidats 2027" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("Ce projet a reçu un financement du programme de recherche et d’innovation de l’Union européenne.");
  await expect(page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Comment candidater" })).toBeAttached();
  await expectNoA11yViolations(page);

  await page.goto("/call");
  await expect(page.getByRole("heading", { level: 2, name: /Appel à l’accès transnational 2027\s: polaire et marin/ })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("peuvent demander un accès sur place");

  // The applicant's own screens name it in French too: a grant's agreements (the name inside the link's sentence).
  // (Signing in waits for the English header's "Sign out".)
  await page.request.post("/preferences/language", { form: { lng: "en", returnTo: "/" } });
  await signIn(page, "applicant", "/application?status[]=granted");
  await readInFrench(page);
  await page.reload();
  const id = (await page.getByRole("link", { name: /MOSSBANK/ }).first().getAttribute("href"))!.match(/\/application\/(\d+)/)![1];
  await page.goto(`/application/${id}/agreements`);
  await expect(page.getByRole("link", { name: "Appel\u00a0: Appel à l’accès transnational 2026", exact: true })).toBeVisible();
  await expect(page.getByRole("main").locator("[lang=en]")).toHaveCount(0);
});

test("the editor writes a page in two languages side by side, stacked at 375 px; the missing French shows the English, marked lang=en", async ({ page }) => {
  await acceptCookies(page);
  await signIn(page, "editor", "/admin/page/create");
  const en = page.getByLabel("Title (English)", { exact: true });
  const fr = page.getByLabel("Title (French)", { exact: true });
  await expect(en).toHaveAttribute("lang", "en");
  await expect(fr).toHaveAttribute("lang", "fr");
  await expect(en).toHaveAttribute("aria-required", "true");
  await expect(fr).not.toHaveAttribute("aria-required", "true");
  // Side by side at 1280 px.
  await page.setViewportSize({ width: 1280, height: 900 });
  const [wideEn, wideFr] = [await en.boundingBox(), await fr.boundingBox()];
  expect(Math.abs(wideEn!.y - wideFr!.y)).toBeLessThan(2);
  expect(wideFr!.x).toBeGreaterThan(wideEn!.x + wideEn!.width);
  if (shots) await page.screenshot({ path: `${shots}/page-form-en-1280.png`, fullPage: true });
  // One above the other at 375 px, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  const [narrowEn, narrowFr] = [await en.boundingBox(), await fr.boundingBox()];
  expect(narrowFr!.y).toBeGreaterThan(narrowEn!.y + narrowEn!.height);
  expect(Math.abs(narrowFr!.x - narrowEn!.x)).toBeLessThan(2);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
  if (shots) await page.screenshot({ path: `${shots}/page-form-en-375.png`, fullPage: true });

  // The English title is required, the French one is not.
  await page.getByRole("button", { name: "Create the page" }).click();
  await expect(page.getByRole("link", { name: /^Title \(English\): This field is required/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Title \(French\)/ })).toHaveCount(0);
  await expectNoA11yViolations(page);

  const stamp = Date.now().toString(36);
  // The French content has its own Preview, saving nothing.
  await page.getByLabel("Content (Markdown) (French)", { exact: true }).fill(`**Aperçu** ${stamp}`);
  await page.getByRole("button", { name: "Preview the French", exact: true }).click();
  const preview = page.getByRole("region", { name: "Preview of the French content" });
  await expect(preview.locator("strong")).toHaveText("Aperçu");
  await expect(preview.locator("[lang=fr]")).toContainText(`Aperçu ${stamp}`);
  await page.getByLabel("Content (Markdown) (French)", { exact: true }).fill("");
  await en.fill(`English only ${stamp}`);
  await page.getByLabel("Summary (French)", { exact: true }).fill(`Résumé ${stamp}`);
  await page.getByLabel("Content (Markdown) (English)", { exact: true }).fill(`Written in English ${stamp}.`);
  await page.getByLabel("Address (slug)", { exact: true }).fill(`english-only-${stamp}`);
  await page.getByLabel("Status", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Create the page" }).click();
  await expect(page).toHaveURL(/\/admin\/page\/\d+\/update$/);
  const form = page.url();

  await readInFrench(page);
  await page.goto(`/page/english-only-${stamp}`);
  await expect(page.getByRole("heading", { level: 1, name: `English only ${stamp}` })).toHaveAttribute("lang", "en");
  await expect(page.getByText(`Résumé ${stamp}`)).not.toHaveAttribute("lang");
  await expect(page.getByText(`Written in English ${stamp}.`).locator("xpath=..")).toHaveAttribute("lang", "en");
  await expectNoA11yViolations(page);

  // The editor's form in French: each version named in French.
  await page.goto(form);
  await expect(page.getByLabel("Titre (anglais)", { exact: true })).toHaveValue(`English only ${stamp}`);
  await expect(page.getByLabel("Résumé (français)", { exact: true })).toHaveValue(`Résumé ${stamp}`);
  if (shots) {
    await page.screenshot({ path: `${shots}/page-form-fr-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${shots}/page-form-fr-1280.png`, fullPage: true });
    // The other forms with texts in two languages, for a look (CONTENT_SCREENSHOTS only).
    for (const lng of ["fr", "en"]) {
      await page.request.post("/preferences/language", { form: { lng, returnTo: "/" } });
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        for (const [path, name] of [["/admin/call/create", "call"], ["/admin/document/create", "document"], ["/admin/settings", "settings"]]) {
          await page.goto(path);
          await page.screenshot({ path: `${shots}/${name}-form-${lng}-${width}.png`, fullPage: true });
        }
      }
    }
  }
});
