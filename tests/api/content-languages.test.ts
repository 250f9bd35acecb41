// What editors write exists in English and French (ADR 052): both versions
// saved and read back through the API, bounded like the English ones, a stale
// save still refused; and through the portal's own loaders, a reader sees
// their language, or the English text marked lang="en" when the French is empty.
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { usePortalEnv } from "../support/portal";
import { unique } from "../support/guards";
import { sessionCookie } from "../support/session";
import { callId, OPEN_CALL, startDraft } from "./application-helpers";
import { grantedApplication } from "./acceptance-helpers";
import { fillReport, reportingApplication } from "./reporting-helpers";

let api: TestApi;
let pageRoute: typeof import("../../app/routes/page.$idOrSlug");
let callRoute: typeof import("../../app/routes/call");
let libraryRoute: typeof import("../../app/routes/document-library");
let root: typeof import("../../app/root");
let wizard: typeof import("../../app/routes/application.$id.update");
let agreementsRoute: typeof import("../../app/routes/application.$id.agreements");
let acceptRoute: typeof import("../../app/routes/application.$id.accept");
let withdrawRoute: typeof import("../../app/routes/application.$id.withdraw");
let deleteRoute: typeof import("../../app/routes/application.$id.delete");
let submitReportRoute: typeof import("../../app/routes/application.$id.submit-report");
let createRoute: typeof import("../../app/routes/application.create.$callId");

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  // The routes import vanilla-extract styles, which need a file scope outside the bundler.
  setFileScope("tests/api/content-languages.test.ts", "ta-portal");
  pageRoute = await import("../../app/routes/page.$idOrSlug");
  callRoute = await import("../../app/routes/call");
  libraryRoute = await import("../../app/routes/document-library");
  root = await import("../../app/root");
  wizard = await import("../../app/routes/application.$id.update");
  agreementsRoute = await import("../../app/routes/application.$id.agreements");
  acceptRoute = await import("../../app/routes/application.$id.accept");
  withdrawRoute = await import("../../app/routes/application.$id.withdraw");
  deleteRoute = await import("../../app/routes/application.$id.delete");
  submitReportRoute = await import("../../app/routes/application.$id.submit-report");
  createRoute = await import("../../app/routes/application.create.$callId");
});
afterAll(() => api.close());

/** A signed-out request for `path` by a reader whose browser asks for `lng`. */
const reader = (path: string, lng: string) => new Request(`http://portal.test${path}`, { headers: { "accept-language": lng } });

interface Page {
  id: number;
  slug: string;
  title: string;
  title_fr: string | null;
  summary_fr: string | null;
  content_fr: string;
  updated_at: string;
}

async function createPage(body: Record<string, unknown>): Promise<Page> {
  const res = await api.call("POST", "/pages", { as: "editor", body: { status: "published", is_public: true, ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

async function pageAs(slug: string, lng: string) {
  const res = await pageRoute.loader({ request: reader(`/page/${slug}`, lng), params: { idOrSlug: slug }, context: {} });
  return (await res.json()).page as { title: { text: string; lang?: string }; summary: { text: string; lang?: string }; content_html: { text: string; lang?: string } };
}

describe("pages in two languages", () => {
  it("saves both versions, reads them back, and shows each reader theirs", async () => {
    const title = unique("Access rules");
    const page = await createPage({ title, title_fr: "Règles d’accès", summary: "The rules.", summary_fr: "Les règles.", content: "In **English**.", content_fr: "En **français**." });
    expect(page).toMatchObject({ title, title_fr: "Règles d’accès", summary_fr: "Les règles.", content_fr: "En **français**." });
    const read = await (await api.call("GET", `/pages/${page.id}`, { as: "editor" })).json();
    expect(read).toMatchObject({ title_fr: "Règles d’accès", summary_fr: "Les règles.", content_fr: "En **français**." });
    const published = await (await api.call("GET", `/pages/public/${page.slug}`)).json();
    expect(published).toMatchObject({ title, title_fr: "Règles d’accès" });
    expect(published.content_html_fr).toContain("<strong>français</strong>");

    const fr = await pageAs(page.slug, "fr");
    expect(fr.title).toEqual({ text: "Règles d’accès" });
    expect(fr.summary).toEqual({ text: "Les règles." });
    expect(fr.content_html.text).toContain("<strong>français</strong>");
    expect(fr.content_html.lang).toBeUndefined();
    const en = await pageAs(page.slug, "en");
    expect(en.title).toEqual({ text: title });
    expect(en.content_html.text).toContain("<strong>English</strong>");
  });

  it("shows a French reader the English text, marked lang=en, where the French is empty", async () => {
    const title = unique("Only English");
    const page = await createPage({ title, summary: "Said once.", content: "Written once.", title_fr: "Seulement le titre" });
    expect(page).toMatchObject({ summary_fr: null, content_fr: "" });
    const fr = await pageAs(page.slug, "fr");
    expect(fr.title).toEqual({ text: "Seulement le titre" });
    expect(fr.summary).toEqual({ text: "Said once.", lang: "en" });
    expect(fr.content_html).toMatchObject({ lang: "en" });
    expect(fr.content_html.text).toContain("Written once.");
  });

  it("names the menu's pages in the reader's language", async () => {
    const title = unique("Menu page");
    await createPage({ title, title_fr: "Page du menu", in_menu: true });
    const english = unique("Menu english");
    await createPage({ title: english, in_menu: true });
    const menu = async (lng: string) =>
      ((await (await root.loader({ request: reader("/", lng), params: {}, context: {} })).json()) as { menuPages: { title: string; lang?: string }[] }).menuPages;
    expect(await menu("fr")).toEqual(expect.arrayContaining([expect.objectContaining({ title: "Page du menu" }), { title: english, lang: "en", slug: expect.any(String) }]));
    expect((await menu("en")).map((p) => p.title)).toContain(title);
  });

  it("clears a French version saved blank, and still refuses a stale save", async () => {
    const page = await createPage({ title: unique("Stale"), title_fr: "Périmé", content_fr: "Texte" });
    const body = { title: page.title, status: "published", is_public: true, title_fr: "", content_fr: "", updated_at: page.updated_at };
    const saved = await api.call("PUT", `/pages/${page.id}`, { as: "editor", body });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ title_fr: null, content_fr: "" });
    const stale = await api.call("PUT", `/pages/${page.id}`, { as: "editor", body: { ...body, title_fr: "Trop tard" } });
    expect(stale.status).toBe(409);
    expect((await (await api.call("GET", `/pages/${page.id}`, { as: "editor" })).json()).title_fr).toBeNull();
  });

  it("bounds the French versions like the English ones: one line, 255 characters for a title", async () => {
    const res = await api.call("POST", "/pages", { as: "editor", body: { title: unique("Bounds"), status: "draft", title_fr: "a\u0007b", summary_fr: "x".repeat(2001) } });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors).sort()).toEqual(["summary_fr", "title_fr"]);
    const long = await api.call("POST", "/pages", { as: "editor", body: { title: unique("Bounds"), status: "draft", title_fr: "é".repeat(256) } });
    expect((await long.json()).errors).toEqual({ title_fr: ["validation.max"] });
  });
});

/** The editor's save of call `id` as its form sends it (files as ids, unset dates left out), with `french` over what it holds. */
async function saveCall(id: number, french: { title_fr?: string; description_fr?: string }) {
  const current = await (await api.call("GET", `/calls/${id}`, { as: "editor" })).json();
  const body = {
    ...current,
    available_infrastructures: current.available_infrastructures.map((i: { id: number }) => i.id),
    acceptance_agreement: current.acceptance_agreement?.id,
    scientific_report_template: current.scientific_report_template?.id,
    data_man_template: current.data_man_template?.id,
    ...french,
  };
  for (const k of ["scientific_report_template", "data_man_template", "start_at", "end_at", "sm_reminder_date"]) if (body[k] == null) delete body[k];
  const saved = await api.call("PUT", `/calls/${id}`, { as: "editor", body });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return { current, body, saved };
}

describe("calls in two languages", () => {
  it("saves the French title and description, blank ones as none, and shows each reader theirs", async () => {
    const opened = (await (await api.call("GET", "/calls/opened")).json()).data as { id: number }[];
    const id = opened[0].id;
    const { current, body, saved } = await saveCall(id, { title_fr: "Appel de test", description_fr: "" });
    expect(await saved.json()).toMatchObject({ title_fr: "Appel de test", description_fr: null });
    const stale = await api.call("PUT", `/calls/${id}`, { as: "editor", body: { ...body, title_fr: "Trop tard" } });
    expect(stale.status).toBe(409);
    const bad = await api.call("PUT", `/calls/${id}`, { as: "editor", body: { ...body, title_fr: "x\u0000y" } });
    expect((await bad.json()).errors).toMatchObject({ title_fr: expect.any(Array) });

    const calls = async (lng: string) =>
      ((await (await callRoute.loader({ request: reader("/call", lng), params: {}, context: {} })).json()) as { calls: { id: number; title: { text: string; lang?: string }; description: { text: string; lang?: string } }[] }).calls;
    const fr = (await calls("fr")).find((c) => c.id === id)!;
    expect(fr.title).toEqual({ text: "Appel de test" });
    expect(fr.description).toEqual({ text: current.description, lang: "en" });
    const en = (await calls("en")).find((c) => c.id === id)!;
    expect(en.title).toEqual({ text: current.title });
  });
});

type Text = { text: string; lang?: string };

/** The texts of a PDF's parts tagged with a language of their own (a structure element's /Lang, as pdf.js reads it): [lang, text]. */
async function languageTags(bytes: Uint8Array): Promise<[string, string][]> {
  type Node = { lang?: string; type?: string; id?: string; children?: Node[] };
  const doc = await getDocumentProxy(bytes.slice());
  const out: [string, string][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [tree, content] = await Promise.all([page.getStructTree() as Promise<Node | null>, page.getTextContent({ includeMarkedContent: true })]);
    // The text of each marked-content sequence, by its id (what the tree's content nodes point at).
    const texts = new Map<string, string>();
    const open: (string | null)[] = [];
    for (const item of content.items as { type?: string; id?: string; str?: string }[]) {
      if (item.type === "beginMarkedContentProps" || item.type === "beginMarkedContent") open.push(item.id ?? null);
      else if (item.type === "endMarkedContent") open.pop();
      else if (item.str !== undefined && open.at(-1)) texts.set(open.at(-1)!, (texts.get(open.at(-1)!) ?? "") + item.str);
    }
    const textOf = (node: Node): string => (node.type === "content" ? (texts.get(node.id ?? "") ?? "") : (node.children ?? []).map(textOf).join(""));
    const walk = (node: Node) => (node.lang ? out.push([node.lang, textOf(node).trim()]) : (node.children ?? []).forEach(walk));
    if (tree) walk(tree);
  }
  return out;
}

describe("the call's name where its applicant reads it", () => {
  const FRENCH = "Appel 2027 : polaire et marin";
  let cookie: string;
  let call: number;
  let draft: number;
  let granted: number;
  let reported: number;
  beforeAll(async () => {
    cookie = await sessionCookie("applicant");
    call = await callId(api, OPEN_CALL);
    draft = (await startDraft(api, "applicant")).data.id;
    granted = (await grantedApplication(api)).id;
    reported = (await reportingApplication(api, "applicant", { watchdog: false })).id;
    await fillReport(api, reported);
  });

  /** A route's loader data for the applicant reading `path` in `lng`. */
  async function load<T>(route: { loader: (args: never) => Promise<Response> }, path: string, params: Record<string, string>, lng: string): Promise<T> {
    const request = new Request(`http://portal.test${path}`, { headers: { cookie, "accept-language": lng } });
    return (await route.loader({ request, params, context: {} } as never)).json() as Promise<T>;
  }
  /** Each screen's call name, as its loader sends it to the browser. */
  const screens: [string, (lng: string) => Promise<Text>][] = [
    ["agreements", async (lng) => (await load<{ agreements: { call: { title: Text } } }>(agreementsRoute, `/application/${granted}/agreements`, { id: String(granted) }, lng)).agreements.call.title],
    ["accept", async (lng) => (await load<{ call: Text }>(acceptRoute, `/application/${granted}/accept`, { id: String(granted) }, lng)).call],
    ["withdraw", async (lng) => (await load<{ call: Text }>(withdrawRoute, `/application/${granted}/withdraw`, { id: String(granted) }, lng)).call],
    ["delete", async (lng) => (await load<{ call: Text }>(deleteRoute, `/application/${draft}/delete`, { id: String(draft) }, lng)).call],
    ["submit-report", async (lng) => (await load<{ call: Text }>(submitReportRoute, `/application/${reported}/submit-report`, { id: String(reported) }, lng)).call],
    ["start page", async (lng) => (await load<{ call: { title: Text } }>(createRoute, `/application/create/${call}`, { callId: String(call) }, lng)).call.title],
    [
      "start page's earlier applications",
      async (lng) => (await load<{ earlier: { id: number; call: Text }[] }>(createRoute, `/application/create/${call}`, { callId: String(call) }, lng)).earlier.find((a) => a.id === draft)!.call,
    ],
  ];
  const pdf = async (id: number, lng: string) => {
    const res = await api.call("GET", `/applications/pdf/${id}?lang=${lng}`, { as: "applicant" });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
    return { text: text.replace(/\s+/g, " "), bytes };
  };

  it("is the French title for a French reader, the English one for an English reader", async () => {
    await saveCall(call, { title_fr: FRENCH });
    for (const [screen, name] of screens) {
      expect(await name("fr"), screen).toEqual({ text: FRENCH });
      expect(await name("en"), screen).toEqual({ text: OPEN_CALL });
    }
    const fr = await pdf(granted, "fr");
    expect(fr.text).toContain(FRENCH);
    expect(fr.text).not.toContain(OPEN_CALL);
    expect(await languageTags(fr.bytes)).toEqual([]);
    expect((await pdf(granted, "en")).text).toContain(`Call: ${OPEN_CALL}`);
  });

  it("is the English title, marked lang=en, where the French is empty", async () => {
    await saveCall(call, { title_fr: "" });
    for (const [screen, name] of screens) {
      expect(await name("fr"), screen).toEqual({ text: OPEN_CALL, lang: "en" });
      expect(await name("en"), screen).toEqual({ text: OPEN_CALL });
    }
    const fr = await pdf(granted, "fr");
    expect(fr.text).toContain(OPEN_CALL);
    expect(await languageTags(fr.bytes)).toEqual([["en", OPEN_CALL]]);
    expect(await languageTags((await pdf(granted, "en")).bytes)).toEqual([]);
  });
});

describe("documents in two languages", () => {
  it("saves the French title and shows it to French readers of the library", async () => {
    const title = unique("Handbook");
    const created = await api.call("POST", "/documents", { as: "editor", body: { title, title_fr: "Manuel", status: "draft" } });
    expect(created.status, await created.clone().text()).toBe(201);
    const doc = await created.json();
    expect(doc.title_fr).toBe("Manuel");
    const english = await api.call("POST", "/documents", { as: "editor", body: { title: unique("Untranslated"), status: "draft" } });
    expect((await english.json()).title_fr).toBeNull();
    const bad = await api.call("POST", "/documents", { as: "editor", body: { title: unique("Bad"), title_fr: "a\nb", status: "draft" } });
    expect((await bad.json()).errors).toMatchObject({ title_fr: expect.any(Array) });

    const library = async (lng: string) =>
      ((await (await libraryRoute.loader({ request: reader("/document-library", lng), params: {}, context: {} })).json()) as { documents: { data: { title: { text: string; lang?: string } }[] } }).documents.data;
    // The seeded documents carry their French titles.
    const fr = (await library("fr")).map((d) => d.title);
    expect(fr).toContainEqual({ text: "Guide des candidats 2027" });
    expect((await library("en")).map((d) => d.title)).toContainEqual({ text: "Guidelines for applicants 2027" });
  });
});

describe("text settings in two languages", () => {
  const version = async () => ((await (await api.call("GET", "/settings")).json()) as { updated_at: string }).updated_at;
  const founding = async (lng: string) => ((await (await root.loader({ request: reader("/", lng), params: {}, context: {} })).json()) as { founding: { text: string; lang?: string } }).founding;

  it("has the French funding notice by default, saves both versions, and falls back to the English one", async () => {
    expect(await founding("fr")).toEqual({ text: expect.stringMatching(/^Ce projet a reçu un financement/) });
    const read = await version();
    const saved = await api.call("PUT", "/settings", { as: "admin", body: { founding: "Funded by us.", "founding-fr": "Financé par nous.", updated_at: read } });
    expect(saved.status).toBe(200);
    const entries = Object.fromEntries(((await saved.json()).data as { key: string; value: string }[]).map((e) => [e.key, e.value]));
    expect(entries).toMatchObject({ founding: "Funded by us.", "founding-fr": "Financé par nous." });
    expect(await founding("fr")).toEqual({ text: "Financé par nous." });
    expect(await founding("en")).toEqual({ text: "Funded by us." });

    const stale = await api.call("PUT", "/settings", { as: "admin", body: { "founding-fr": "Trop tard", updated_at: read } });
    expect(stale.status).toBe(409);

    const blank = await api.call("PUT", "/settings", { as: "admin", body: { "founding-fr": "", updated_at: await version() } });
    expect(blank.status).toBe(200);
    expect(await founding("fr")).toEqual({ text: "Funded by us.", lang: "en" });
    // The English one stays required.
    const required = await api.call("PUT", "/settings", { as: "admin", body: { "terms-of-service": "", "terms-of-service-fr": "Conditions", updated_at: await version() } });
    expect((await required.json()).errors).toEqual({ "terms-of-service": ["validation.required"] });
  });

  it("keeps the staff-only French texts from signed-out readers, as the English ones", async () => {
    const keys = ((await (await api.call("GET", "/settings")).json()).data as { key: string }[]).map((e) => e.key);
    expect(keys).toContain("young-description-fr");
    expect(keys).not.toContain("invitation-mail-fr");
    const staff = ((await (await api.call("GET", "/settings", { as: "editor" })).json()).data as { key: string }[]).map((e) => e.key);
    expect(staff).toContain("invitation-mail-fr");
  });
});

describe("the wizard's texts", () => {
  it("tells a French applicant who is an early-career researcher in French", async () => {
    const cookie = await sessionCookie("applicant");
    const { id } = (await startDraft(api, "applicant")).data;
    const texts = async (lng: string) => {
      const request = new Request(`http://portal.test/application/${id}/update/intro`, { headers: { cookie, "accept-language": lng } });
      return ((await (await wizard.loader({ request, params: { id: String(id) }, context: {} })).json()) as { texts: Record<string, { text: string; lang?: string }> }).texts;
    };
    expect((await texts("fr"))["young-description"]).toEqual({ text: "Un chercheur en début de carrière a obtenu son premier diplôme il y a moins de 10 ans." });
    expect((await texts("en"))["young-description"]).toEqual({ text: "An early-career researcher is within 10 years of their first degree." });
  });
});
