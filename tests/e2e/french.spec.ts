// The French interface: every screen, switched to French the way a person does
// it, shows no English interface word and no French punctuation without its
// space. The deny list is built from the locales: the words of English values
// that differ from their French values, four letters or more plus a few short
// ones, less every word French uses too ("Documents", "Page", "Description"…),
// plus English month and day names. All the page's text is read (with the
// accessible names, placeholders and the tab's title) except stored content:
// titles, names, descriptions, page bodies, the funding notice, table rows, the
// rows offered as choices, what fields hold (STORED below, and cut out where it
// shows inside interface text), anything inside « » and text marked as another
// language (lang="en": "English" in the language list). Create forms are also
// sent empty to read their error messages. Each screen passes axe too.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { demoAccounts } from "../../idp/accounts";
import { USER_FACT_FIELDS } from "../../app/components/user-roles";
import { acceptCookies, expect, expectNoA11yViolations, signIn, test } from "./fixtures";

type Tree = { [key: string]: string | Tree };
const locales = path.resolve(import.meta.dirname, "../../locales");

function strings(lng: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (tree: Tree, prefix: string) => {
    for (const [k, v] of Object.entries(tree)) {
      if (typeof v === "string") out.set(prefix + k, v);
      else walk(v, `${prefix}${k}.`);
    }
  };
  for (const file of fs.readdirSync(path.join(locales, lng)).filter((f) => f.endsWith(".json"))) {
    walk(JSON.parse(fs.readFileSync(path.join(locales, lng, file), "utf8")) as Tree, "");
  }
  return out;
}

const wordsOf = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}|<[^>]*>|https?:\/\/\S*/g, " ")
    // Whole words, accents included: "désigné" is one French word, not "d" and "sign".
    .match(/\p{L}+/gu) ?? [];

/** Short English words that never pass for French ones. */
const SHORT = ["of", "the", "and", "to", "by", "for", "yes", "no", "all", "add", "new", "log", "per", "you", "off", "on"];
/** What Intl writes in English when handed the wrong language (dates). */
const CALENDAR = ["january", "february", "april", "june", "july", "august", "september", "october", "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

function denyList(): Set<string> {
  const en = strings("en");
  const fr = strings("fr");
  const french = new Set([...fr.values()].flatMap(wordsOf).map((w) => w.toLowerCase()));
  const deny = new Set<string>();
  for (const [key, value] of en) {
    if (fr.get(key) === value) continue;
    for (const w of wordsOf(value)) {
      const word = w.toLowerCase();
      if ((word.length >= 4 || SHORT.includes(word)) && !french.has(word)) deny.add(word);
    }
  }
  for (const w of CALENDAR) deny.add(w);
  return deny;
}

const DENY = denyList();
const FR = strings("fr");

/** The French labels of facts whose values are stored data (a call's infrastructures, an infrastructure's manager, a user's profile). */
const STORED_FACTS = [
  "calls.infrastructures", "infrastructure-field.manager_id",
  // A user's own data: their screen (/admin/users/{id}) and their profile's read-only part.
  ...USER_FACT_FIELDS.map((f) => `users-field.${f.replace(/_/g, "-")}`), "profile.email", "profile.name", "profile.surname",
].map((k) => FR.get(k)!).filter(Boolean);

interface Seen {
  where: string;
  text: string;
}

/**
 * Where stored content shows, as selectors: the project's name (header), the
 * menu's content pages, the funding notice, table rows, a content page's title,
 * summary and body, card titles, a call's description (the paragraphs before its
 * facts), document tags and file names, and what fields hold.
 */
const STORED = [
  "header a[href='/']", "header a[href^='/page/']", "footer p", "td", "tbody th", "textarea",
  "article h1", "article h2:not([id^='page-'])", "article h3", "article > div", "article > h1 + p", "article > p:has(~ dl)",
  "a[href*='tag=']", "select[name='tag'] option", "a[download] span",
  // What an applicant typed, shown read-only (app/components/application).
  "[data-stored]",
].join(", ");

/** The demo people's names (the header greets the one signed in). */
const PEOPLE = demoAccounts.map((a) => `${a.given_name} ${a.family_name}`);
/** More stored text a test knows of (settings' texts, infrastructures' names), cut like the people's names. */
const KNOWN_STORED: string[] = [];

/** The interface text of the page (see the file's comment), each piece with where it was found. */
async function interfaceText(page: Page): Promise<Seen[]> {
  return page.evaluate(
    ({ STORED, storedFacts, people }) => {
      const out: { where: string; text: string }[] = [];
      // Stored text also shows inside interface text ("Modifier X", the tab's title): it is cut out.
      const fields = document.querySelectorAll<HTMLInputElement>("input:not([type=hidden], [type=checkbox], [type=radio], [type=submit]), textarea");
      const storedTexts = [...document.querySelectorAll(STORED)].map((el) => el.textContent ?? "")
        .concat([...fields].map((f) => f.value), people)
        .map((t) => t.replace(/[ \t\r\n]+/g, " ").trim())
        .filter((t) => t.length >= 4)
        .sort((a, b) => b.length - a.length);
      const add = (where: string, text: string | null | undefined) => {
        let t = (text ?? "").replace(/[ \t\r\n]+/g, " ").trim();
        for (const cut of storedTexts) if (t.includes(cut)) t = t.split(cut).join(" ");
        if (t.trim()) out.push({ where, text: t.trim() });
      };
      // A row of the database offered as a choice: its value is an id.
      const isRowChoice = (el: Element | null) => {
        const input = el instanceof HTMLLabelElement ? (el.control ?? el.querySelector("input")) : el;
        return (input instanceof HTMLInputElement || input instanceof HTMLOptionElement) && /^\d+$/.test(input.value);
      };
      const stored = (el: Element): boolean => {
        if (el.closest("script, style, template, noscript")) return true;
        if (el.closest("[lang]")?.getAttribute("lang") !== document.documentElement.lang) return true;
        // Buttons, labels and the delete question in a table row are the interface (their inserted title is in « »).
        const inRow = el.closest("td");
        if (el.closest(STORED) && !(inRow && el.closest("button, label, [role=status], [role=group]"))) return true;
        if (isRowChoice(el.closest("option, label"))) return true;
        const dd = el.closest("dd");
        let dt = dd?.previousElementSibling;
        while (dt && dt.tagName !== "DT") dt = dt.previousElementSibling;
        return Boolean(dt && storedFacts.includes(dt.textContent?.trim() ?? ""));
      };
      // Each element's own text, its adjacent text nodes joined ("Admin" and ":" are two nodes in {t("nav.admin")}:).
      for (const el of document.body.querySelectorAll("*")) {
        if (stored(el)) continue;
        let own = "";
        for (const child of el.childNodes) own += child.nodeType === Node.TEXT_NODE ? child.textContent : child.nodeType === Node.ELEMENT_NODE ? " " : "";
        add(el.tagName.toLowerCase(), own);
      }
      for (const el of document.body.querySelectorAll("[aria-label], [title], [placeholder], img[alt], input[type=submit], input[type=button]")) {
        if (stored(el)) continue;
        for (const attr of ["aria-label", "title", "placeholder", "alt"]) add(`${el.tagName.toLowerCase()}@${attr}`, el.getAttribute(attr));
        if (el instanceof HTMLInputElement && (el.type === "submit" || el.type === "button")) add("input@value", el.value);
      }
      add("title", document.title);
      return out;
    },
    { STORED, storedFacts: STORED_FACTS, people: [...PEOPLE, ...KNOWN_STORED] },
  );
}

/**
 * What is wrong with the page's interface text: its English words, as "word in
 * “text” (where)", and French punctuation written in code without its space
 * (a ':' after a translated label wants a no-break space, '?' '!' ';' a narrow one).
 */
async function problemsOn(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const { where, text } of await interfaceText(page)) {
    // Inserted titles and names are quoted: « … ».
    const prose = text.replace(/«[^»]*»/g, " ");
    for (const w of wordsOf(prose)) {
      if (DENY.has(w.toLowerCase())) found.push(`${w} in “${text}” (${where})`);
    }
    // Web addresses, times and Markdown's image syntax (in a hint) are not prose.
    const marks = prose.replace(/\b[a-z]+:\/\/\S*|\d:\d|!\[/gi, " ");
    for (const m of marks.matchAll(/[?!;:]/g)) {
      const before = marks[m.index - 1];
      if (m.index > 0 && before !== "\u00a0" && before !== "\u202f") found.push(`“${m[0]}” without its no-break space in “${text}” (${where})`);
    }
  }
  return [...new Set(found)];
}

/** Switches the interface to French from the header, as a visitor does. */
async function toFrench(page: Page) {
  if (!page.url().startsWith("http")) await page.goto("/");
  const header = page.getByRole("banner");
  await header.getByText("Display", { exact: true }).click();
  await header.getByLabel("Language").selectOption({ label: "Français" });
  await header.getByRole("button", { name: "Change language" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
}

type Screen = string | (() => Promise<string>) | { path: string; submit: string };

/** Checks the open page: its English and its punctuation, then axe. */
async function checkPage(page: Page, name: string, problems: string[]) {
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator("h1").first()).toBeVisible();
  problems.push(...(await problemsOn(page)).map((e) => `${name}: ${e}`));
  await expectNoA11yViolations(page);
}

/**
 * Opens each screen in French and checks it. A form screen given with its
 * submit button's key is also sent empty, and its error summary and field
 * errors are checked in turn.
 */
async function checkScreens(page: Page, screens: Screen[]) {
  const problems: string[] = [];
  for (const screen of screens) {
    const target = typeof screen === "string" ? screen : typeof screen === "function" ? await screen() : screen.path;
    const res = await page.goto(target);
    expect(res?.status(), target).toBeLessThan(500);
    await checkPage(page, target, problems);
    if (typeof screen === "object") {
      await page.getByRole("button", { name: FR.get(screen.submit), exact: true }).click();
      await expect(page.getByRole("alert").getByRole("heading", { name: FR.get("validation.unable-to-save") })).toBeVisible();
      await checkPage(page, `${target} (sent empty)`, problems);
    }
  }
  expect(problems, `English on French screens:\n${problems.join("\n")}`).toEqual([]);
}

/** The first link of the page whose address matches, as a path. */
const firstLink = (page: Page, pattern: RegExp) => async () => {
  const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const href = hrefs.find((h) => pattern.test(h));
  expect(href, `a link matching ${pattern} on ${page.url()}`).toBeTruthy();
  return href!;
};

// Without JavaScript the same server-rendered text shows: one project is enough
// for each test, and these run without it, which evens out the two projects' times.
const WITHOUT_JAVASCRIPT = new Set(["the editor's screens are in French", "the admin's screens are in French"]);
test.beforeEach(async ({ page }, testInfo) => {
  testInfo.skip(testInfo.project.name !== (WITHOUT_JAVASCRIPT.has(testInfo.title) ? "js-off" : "js-on"), "the French text is the server's; JavaScript adds no screen");
  await acceptCookies(page);
});

test("the deny list holds the interface's English words, not the ones French shares", () => {
  for (const w of ["save", "delete", "search", "next", "previous", "sign", "settings", "status", "title", "yes", "no", "required", "optional", "of"]) {
    expect(DENY, w).toContain(w);
  }
  for (const w of ["documents", "page", "description", "infrastructures", "date", "total"]) expect(DENY, w).not.toContain(w);
});

test("the check sees English where there is some: an English screen fails it", async ({ page }) => {
  await signIn(page, "editor", "/admin/call/create");
  const english = (await problemsOn(page)).join("\n");
  for (const w of ["Title", "Sign", "Language", "Back"]) expect(english).toContain(`${w} in`);
});

test("public screens are in French", async ({ page }) => {
  test.slow();
  await toFrench(page);
  const contentPage = async () => {
    await page.goto("/");
    return (await page.getByRole("navigation").locator("a[href^='/page/']").first().getAttribute("href"))!;
  };
  await checkScreens(page, ["/", "/call", "/document-library", contentPage, "/cookies", "/no-such-screen"]);
});

test("the applicant's screens are in French", async ({ page }) => {
  await signIn(page, "applicant", "/application");
  await toFrench(page);
  await checkScreens(page, ["/", "/application", "/profile"]);
});

/** A page of the demo's accepted KELPFOREST (not a test's copy), found in My applications: `/application/{id}/<tail>`. */
const kelpforest = (page: Page, tail: string) => async () => {
  await page.goto("/application?status%5B%5D=accepted&per_page=100");
  const href = await page.getByRole("row").filter({ hasText: /KELPFOREST(?!-)/ }).locator('a[href$="/review"]').first().getAttribute("href");
  expect(href, "KELPFOREST's review link").toMatch(/^\/application\/\d+\/review$/);
  return href!.replace(/review$/, tail);
};

test("the applicant's grant screens are in French: timeline, agreements, withdraw", async ({ page }) => {
  await signIn(page, "applicant", "/application");
  await toFrench(page);
  await checkScreens(page, [kelpforest(page, "review"), kelpforest(page, "agreements"), kelpforest(page, "withdraw")]);
});

/** A page of the demo's application `acronym` (not a test's copy) in `status`, found in My applications by its View link (after its next action's): `/application/{id}/<tail>`. */
const demoApplication = (page: Page, acronym: string, status: string, tail: string) => async () => {
  await page.goto(`/application?status%5B%5D=${status}&per_page=100`);
  const href = await page.getByRole("row").filter({ hasText: new RegExp(`${acronym}(?!-)`) }).locator('a[href$="/review"]').first().getAttribute("href");
  expect(href, `${acronym}'s review link`).toMatch(/^\/application\/\d+\/review$/);
  return href!.replace(/review$/, tail);
};

test("the applicant's report screens are in French: every part, and a submitted report on the application page", async ({ page }) => {
  test.slow();
  await signIn(page, "applicant", "/application");
  await toFrench(page);
  const parts = ["activity", "accesses", "documents", "feedback", "publications", "submit"];
  await checkScreens(page, [...parts.map((part) => demoApplication(page, "SEABIRDLOG", "reporting", `report/${part}`)), demoApplication(page, "ICEQUAKE", "reporting", "review")]);
});

test("the report's staff screen is in French: the report panel, and the call's report reminders", async ({ page }) => {
  test.slow();
  await signIn(page, "editor", "/admin/application?q=ICEQUAKE");
  await toFrench(page);
  await checkScreens(page, [firstLink(page, /^\/admin\/application\/\d+$/), "/admin/call/1/update"]);
});

test("the infrastructure's report confirmation is in French", async ({ page }) => {
  test.slow();
  await signIn(page, "infrastructure-manager", "/application-at-my-ri");
  await toFrench(page);
  await checkScreens(page, ["/application-at-my-ri?report_status=pending", firstLink(page, /^\/application-at-my-ri\/\d+$/)]);
});

test("the infrastructure manager's screens are in French", async ({ page }) => {
  await signIn(page, "infrastructure-manager", "/infrastructure");
  await toFrench(page);
  await checkScreens(page, ["/", "/infrastructure", firstLink(page, /^\/infrastructure\/\d+\/update$/)]);
  // Applications at my RI (docs/lifecycle.md#infrastructure-decision): the list with its filters, and one application's decisions.
  await checkScreens(page, ["/application-at-my-ri", firstLink(page, /^\/application-at-my-ri\/\d+$/)]);
});

test("the editor's screens are in French", async ({ page }) => {
  test.slow();
  await signIn(page, "editor", "/admin/call");
  await toFrench(page);
  await checkScreens(page, [
    "/admin/application?status%5B%5D=submit&sort_by=acronym&order=asc", // filtered and sorted
    "/admin/call",
    "/admin/call?confirm=5", // the delete question
    firstLink(page, /^\/admin\/call\/\d+\/update$/),
    { path: "/admin/call/create", submit: "admin-call.submit-create" },
    "/admin/infrastructure",
    firstLink(page, /^\/admin\/infrastructure\/\d+\/update$/),
    { path: "/admin/infrastructure/create", submit: "infrastructure.submit-create" },
    "/admin/page",
    { path: "/admin/page/create", submit: "page.submit-create" },
    "/admin/document",
    "/admin/document?confirm=1",
    firstLink(page, /^\/admin\/document\/\d+\/update$/),
    { path: "/admin/document/create", submit: "document.submit-create" },
    "/notifications",
    { path: "/admin/invitations", submit: "notifications.invitations.send" },
  ]);
});

test("the editor's application screen is in French", async ({ page }) => {
  test.slow(); // a long page: the application, its panels and its evaluations
  await signIn(page, "editor", "/admin/application");
  await toFrench(page);
  // An application's staff screen (docs/lifecycle.md#history): the demo's TUNDRACARB is under evaluation, with scores.
  await checkScreens(page, ["/admin/application?q=TUNDRACARB", firstLink(page, /^\/admin\/application\/\d+$/)]);
});

test("the panel recommendation screens are in French", async ({ page }) => {
  test.slow(); // scores and the call's ranking
  await signIn(page, "editor", "/admin/application?q=ICEALGAE");
  // The demo's ICEALGAE awaits the panel (not a test's copy); the editor reads the panel's screens too.
  const href = await page.getByRole("row").filter({ hasText: /ICEALGAE(?!-)/ }).getByRole("link").first().getAttribute("href");
  expect(href, "ICEALGAE's staff screen").toMatch(/^\/admin\/application\/\d+$/);
  const id = /\d+$/.exec(href!)![0];
  await toFrench(page);
  await checkScreens(page, [{ path: `/admin/application/${id}/recommendation`, submit: "recommendation.screen.save" }, "/panel", `/panel/${id}`]);
});

for (const [user, list] of [["evaluator", "/my-evaluations"], ["watchdog", "/my-evaluations-reviews"], ["viewer", "/my-applications-reviews"]] as const) {
  test(`the ${user}'s screens are in French`, async ({ page }) => {
    test.slow(); // the application itself is read on the second screen
    await signIn(page, user, list);
    // The watchdog's screens are named after the watchdog-name setting: stored text.
    const settings = (await (await page.request.get("/api/settings")).json()) as { data: { key: string; value: string | null }[] };
    KNOWN_STORED.push(...settings.data.filter((s) => s.key === "watchdog-name" && s.value).map((s) => s.value!));
    await toFrench(page);
    await checkScreens(page, [list, firstLink(page, new RegExp(`^${list}/\\d+$`))]);
  });
}

test("the admin's screens are in French", async ({ page }) => {
  await signIn(page, "admin", "/admin/users");
  await toFrench(page);
  await checkScreens(page, ["/", "/admin/users", firstLink(page, /^\/admin\/users\/\d+$/), "/admin/settings", "/admin/settings?section=texts", "/admin/mail", firstLink(page, /^\/admin\/mail\/\d+$/), "/admin/audit"]);
});

test("the application wizard is in French, every step and the pages around it", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "applicant", "/application");
  await toFrench(page);
  // The settings' texts the steps show (terms, alerts, labels) and the call's infrastructures' names are stored content.
  const settings = (await (await page.request.get("/api/settings")).json()) as { data: { value: string | null }[] };
  const calls = (await (await page.request.get("/api/calls/opened")).json()) as { data: { available_infrastructures?: { name: string }[] }[] };
  KNOWN_STORED.push(...settings.data.flatMap((x) => (x.value ? x.value.split(/\n+/) : [])), ...calls.data.flatMap((c) => (c.available_infrastructures ?? []).map((i) => i.name)));
  // The demo's draft (POSIDONIA) is complete through every step, so each step opens.
  await page.goto("/application?status%5B%5D=draft&per_page=100");
  const id = await page.locator("tr", { hasText: "POSIDONIA" }).locator("a[href$='/update']").first().getAttribute("href").then((h) => /\/application\/(\d+)\//.exec(h!)![1]);
  const steps = ["intro", "terms", "project", "user-group", "logistics", "costs", "publications", "appendices", "review"];
  await checkScreens(page, [
    firstLink(page, /^\/application\/\d+\/review$/),
    ...steps.map((s) => `/application/${id}/update/${s}`),
    `/application/${id}/review`,
    `/application/${id}/delete`,
  ]);
  // The Apply page of the open call, and a step sent with an error (a fresh draft's Terms, after Before you start).
  await page.goto("/call");
  const apply = (await page.locator("main a[href^='/application/create/']").first().getAttribute("href"))!;
  await checkScreens(page, [apply]);
  await page.getByRole("button", { name: FR.get("apply.start"), exact: true }).click();
  await expect(page).toHaveURL(/\/update\/intro$/);
  await page.getByRole("button", { name: FR.get("wizard.save-continue"), exact: true }).click();
  await expect(page).toHaveURL(/\/update\/terms$/);
  await checkScreens(page, [{ path: page.url().replace(/^https?:\/\/[^/]+/, ""), submit: "wizard.save-continue" }]);
});
