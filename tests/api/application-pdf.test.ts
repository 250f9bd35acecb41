// GET /api/applications/pdf/{id} (docs/api.md#application-pdf): the whole application as a
// tagged PDF for whoever reads it (docs/roles.md#reading-rules), read back with unpdf.
import { Readable } from "node:stream";
import { extractText, getDocumentProxy, getMeta } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogoPng } from "~/db/seeds/demo-logo";
import { folderStorage } from "~/media/storage.server";
import { createTestApi, type TestApi } from "../support/api";
import { completeDraft, OPEN_CALL, saveStep, startDraft, submittedApplication, type App } from "./application-helpers";
import { applicationAt, setSetting } from "./ri-decisions-helpers";
import { assignReviewers, userId } from "./review-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const get = (id: number, as?: string, query = "", headers?: Record<string, string>) => api.call("GET", `/applications/pdf/${id}${query}`, { as, headers });

interface Read {
  pages: string[];
  flat: string;
  info: Record<string, unknown>;
  bytes: Uint8Array;
}

async function read(res: Response): Promise<Read> {
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const doc = await getDocumentProxy(bytes.slice());
  const { text } = await extractText(doc, { mergePages: false });
  const { info } = await getMeta(bytes.slice());
  return { pages: text, flat: text.join("\n").replace(/\s+/g, " "), info, bytes };
}

/** A draft of the applicant with a group of three whose names need more than ASCII, and a second access with two costs. */
async function accentedDraft(): Promise<App> {
  let app = await completeDraft(api, "applicant", (await startDraft(api, "applicant")).data);
  const members = app.draft.group!.members!;
  app = await saveStep(
    api, "applicant", app, "user-group",
    {
      members: [
        ...members,
        { ...members[0], key: undefined, leader: false, name: "Zoë", surname: "Łódź-Øresund", email: "zoe@example.org", orcid: "0000-0002-1825-0097" },
        { ...members[0], key: undefined, leader: false, name: "Ἀθηνᾶ", surname: "Šťastná 🦭 李", email: "athena@example.org" },
      ],
    },
    false,
  );
  return app;
}

describe("the application PDF", () => {
  let draft: App;
  beforeAll(async () => {
    draft = await accentedDraft();
  });

  it("holds every section of a draft, each member's accented name, and Draft and the page number on every page", async () => {
    const res = await get(draft.id, "applicant", "?lang=en");
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="ICEFLOW\.pdf"/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const { pages, flat } = await read(res);
    for (const heading of ["Application ICEFLOW", "Status and timeline", "Project", "User group", "Logistic information", "Travel and logistic costs", "Publications", "Appendices"]) {
      expect(flat, heading).toContain(heading);
    }
    expect(flat).toContain(OPEN_CALL);
    expect(flat).toContain("Ice flow under a warming sky");
    expect(flat).toContain("Zoë Łódź-Øresund");
    // What DejaVu cannot draw prints as "?", never as an empty box.
    expect(flat).toContain("Ἀθηνᾶ Šťastná ? ?");
    expect(flat).toContain("Total of the application: €120.50");
    expect(flat).toContain("plan.pdf");
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page, `page ${i + 1}`).toContain("Draft");
      expect(page, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page, `page ${i + 1}`).toContain("Application ICEFLOW");
    });
  });

  it("shows a member's ORCID iD as its https://orcid.org/ link", async () => {
    const { flat, bytes } = await read(await get(draft.id, "applicant", "?lang=en"));
    // The icon's "iD" is an artifact (a reader skips it); the label and the address are the text.
    expect(flat).toContain("ORCID iD: https://orcid.org/0000-0002-1825-0097");
    expect(Buffer.from(bytes).toString("latin1")).toMatch(/\/URI \(https:\/\/orcid\.org\/0000-0002-1825-0097\)/);
  });

  it("is tagged, titled and in the reader's language", async () => {
    const en = await read(await get(draft.id, "applicant", "?lang=en"));
    expect(en.info.Title).toBe("Application ICEFLOW");
    const raw = Buffer.from(en.bytes).toString("latin1");
    expect(raw).toContain("/StructTreeRoot");
    expect(raw).toMatch(/\/MarkInfo/);
    expect(raw).toMatch(/\/Lang \(en\)/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);

    // The first page's structure: a Document holding the title (H1), sections (H2), facts (P) and lists (L).
    const page = await (await getDocumentProxy(en.bytes.slice())).getPage(1);
    const roles = new Set<string>();
    const walk = (node: { role?: string; children?: unknown[] }) => {
      if (node.role) roles.add(node.role);
      for (const child of node.children ?? []) walk(child as typeof node);
    };
    walk((await page.getStructTree()) as unknown as { role?: string; children?: unknown[] });
    expect([...roles]).toEqual(expect.arrayContaining(["Document", "H1", "H2", "H3", "P", "L", "LI", "LBody"]));

    const fr = await read(await get(draft.id, "applicant", "", { "Accept-Language": "fr-BE, en;q=0.5" }));
    expect(fr.info.Title).toBe("Candidature ICEFLOW");
    expect(Buffer.from(fr.bytes).toString("latin1")).toMatch(/\/Lang \(fr\)/);
    expect(fr.flat).toContain("Brouillon");
    expect(fr.flat).toMatch(/Page 1 sur \d+/);
    // French typography: a (no-break) space before the colon, in the facts and in the costs' lists.
    expect(fr.flat).toMatch(/Statut\s: Brouillon/);
    expect(fr.flat).toMatch(/\(Coût unitaire \(euros\)\s: 120,50/);
    expect(fr.flat).not.toMatch(/[\p{L})]: /u);
  });

  it("keeps a paragraph's size across a page break", async () => {
    const app = (await startDraft(api, "applicant")).data;
    const description = Array.from({ length: 1200 }, (_, i) => `word${i}`).join(" ");
    await saveStep(api, "applicant", app, "project", { acronym: "LONGTEXT", description }, false);
    const bytes = new Uint8Array(await (await get(app.id, "applicant", "?lang=en")).arrayBuffer());
    const doc = await getDocumentProxy(bytes);
    const heights = new Set<number>();
    for (let n = 1; n <= doc.numPages; n++) {
      for (const item of (await (await doc.getPage(n)).getTextContent()).items) {
        if ("str" in item && /word\d/.test(item.str)) heights.add(Math.round(item.height));
      }
    }
    expect(doc.numPages).toBeGreaterThan(1);
    expect([...heights]).toEqual([10]);
  });

  it("carries the portal's name and its logo from the settings", async () => {
    const uuid = crypto.randomUUID();
    const png = demoLogoPng(120);
    await folderStorage(api.mediaDir).put(uuid, Readable.from([png]), png.length);
    const name = await api.db.selectFrom("settings").select("value").where("key", "=", "project-name").executeTakeFirst();
    const logo = await api.db.insertInto("media").values({ uuid, name: "logo.png", mime_type: "image/png", size: png.length }).returning("id").executeTakeFirstOrThrow();
    try {
      await setSetting(api, "project-logo", String(logo.id));
      await setSetting(api, "project-name", "Réseau Ægir");
      const { flat, bytes, info } = await read(await get(draft.id, "applicant", "?lang=en"));
      expect(flat).toContain("Réseau Ægir · Application ICEFLOW");
      expect(info.Author).toBe("Réseau Ægir");
      expect(Buffer.from(bytes).toString("latin1")).toMatch(/\/Subtype \/Image/);
      // A setting that names no stored image leaves the document without a logo.
      await setSetting(api, "project-logo", "999999999");
      expect(Buffer.from((await read(await get(draft.id, "applicant", "?lang=en"))).bytes).toString("latin1")).not.toMatch(/\/Subtype \/Image/);
    } finally {
      await setSetting(api, "project-logo", "");
      await setSetting(api, "project-name", name?.value ?? "Transnational Access Portal");
    }
  });

  it("of a submitted application says no Draft", async () => {
    const app = await submittedApplication(api);
    const { flat } = await read(await get(app.id, "applicant", "?lang=en"));
    // Once, in the timeline: the draft it was; no page is marked.
    expect(flat.match(/Draft/g)).toHaveLength(1);
    expect(flat).toMatch(/\d{4}: Draft • \d{1,2} \w+ \d{4}: Submitted/);
  });

  it("tells the admin area which fields the assistant filled and what the applicant did with them, and nobody else", async () => {
    const app = (await startDraft(api, "applicant")).data;
    await api.db
      .updateTable("applications")
      .set({
        draft: JSON.stringify({ project: { title: "Kept as suggested", acronym: "MINE" } }),
        ai_response: JSON.stringify({
          provider: "extractive", model: null, at: "2027-03-02T10:00:00Z", raw: "{}",
          filled: [{ field: "project.title", value: "Kept as suggested" }, { field: "project.acronym", value: "SUGGESTED" }],
          confirmed: { project: "2027-03-02T10:05:00Z" },
        }),
      } as never)
      .where("id", "=", app.id)
      .execute();
    const staff = (await read(await get(app.id, "editor", "?lang=en"))).flat;
    expect(staff).toContain("Assistant");
    expect(staff).toContain("The assistant pre-filled this application on 2 March 2027.");
    expect(staff).toContain("Title: Suggested by the assistant, confirmed");
    expect(staff).toContain("Acronym: Suggested by the assistant, then edited");
    const owner = (await read(await get(app.id, "applicant", "?lang=en"))).flat;
    expect(owner).not.toContain("Suggested by the assistant");
  });

  it("is named application-<id>.pdf when the acronym leaves nothing", async () => {
    const app = (await startDraft(api, "applicant")).data;
    const res = await get(app.id, "applicant");
    expect(res.headers.get("content-disposition")).toContain(`filename="application-${app.id}.pdf"`);
    await res.arrayBuffer();
  });
});

describe("who reads the application PDF", () => {
  const status = async (id: number, as?: string) => {
    const res = await get(id, as);
    await res.arrayBuffer();
    return res.status;
  };

  it("a draft: its owner and the admin area; 404 for another applicant, reviewers and staff; 401 signed out", async () => {
    const app = (await startDraft(api, "applicant")).data;
    expect(await status(app.id, "applicant")).toBe(200);
    expect(await status(app.id, "editor")).toBe(200);
    expect(await status(app.id, "admin")).toBe(200);
    for (const as of ["applicant2", "evaluator", "watchdog", "viewer", "infrastructure-manager", "infrastructure-administrator"]) {
      expect([as, await status(app.id, as)]).toEqual([as, 404]);
    }
    expect(await status(app.id)).toBe(401);
    expect(await status(2_000_000_000, "admin")).toBe(404);
  });

  it("assigned evaluators and watchdogs; viewers only once declared", async () => {
    const app = await submittedApplication(api);
    await api.db.updateTable("applications").set({ status: "under-evaluation" }).where("id", "=", app.id).execute();
    for (const as of ["evaluator", "watchdog", "viewer"]) expect([as, await status(app.id, as)]).toEqual([as, 404]);
    await assignReviewers(api, app.id, { evaluator: ["evaluator"], watchdog: ["watchdog"], viewer: ["viewer"] });
    expect(await status(app.id, "evaluator")).toBe(200);
    expect(await status(app.id, "watchdog")).toBe(200);
    expect(await status(app.id, "viewer")).toBe(404);
    await api.db.updateTable("application_reviewers").set({ confidential_declaration: true }).where("application_id", "=", app.id).where("user_id", "=", await userId(api, "viewer")).execute();
    expect(await status(app.id, "viewer")).toBe(200);
  });

  it("its infrastructures' staff once they see it, not another infrastructure's", async () => {
    const { id } = await applicationAt(api, { status: "submit" });
    try {
      await setSetting(api, "show-application-submit-ri-staff", "no");
      expect(await status(id, "infrastructure-manager")).toBe(404);
      await setSetting(api, "show-application-submit-ri-staff", "yes");
      expect(await status(id, "infrastructure-manager")).toBe(200);
    } finally {
      await setSetting(api, "show-application-submit-ri-staff", "no");
    }
    // AIL is administered by the demo administrator, not run by the demo manager.
    const ail = await applicationAt(api, { only: "AIL" });
    expect(await status(ail.id, "infrastructure-manager")).toBe(404);
    expect(await status(ail.id, "infrastructure-administrator")).toBe(200);
  });

  it("refuses a bad id or language before reading anything", async () => {
    expect((await api.call("GET", "/applications/pdf/abc", { as: "admin" })).status).toBe(422);
    expect((await api.call("GET", "/applications/pdf/1?lang=de", { as: "admin" })).status).toBe(422);
  });
});

