import type { Db } from "../database.server";
import { demoStorage, pdfBytes, storeDemoFile } from "./demo-media";

interface DemoFile {
  name: string;
  mime_type: "text/plain" | "application/pdf";
  text: string;
}

interface DemoDocument {
  title: string;
  status: "published" | "draft";
  tags: string[];
  roles: string[];
  files: DemoFile[];
}

interface DemoPage {
  title: string;
  slug: string;
  summary: string;
  /** Markdown, as an editor writes it (ADR 014); rendered and sanitized when read. */
  content: string;
  status: "published" | "draft";
  is_public: boolean;
  in_menu: boolean;
  menu_order: number;
  documents: string[];
}

const pdf = (name: string, text: string): DemoFile => ({ name, mime_type: "application/pdf", text });
const txt = (name: string, text: string): DemoFile => ({ name, mime_type: "text/plain", text });

const DOCUMENTS: DemoDocument[] = [
  {
    title: "Guidelines for applicants 2027",
    status: "published",
    tags: ["guidelines"],
    roles: [],
    files: [pdf("guidelines-for-applicants-2027.pdf", "Guidelines for applicants 2027: eligibility, access types, evaluation criteria and reporting.")],
  },
  {
    title: "Data management plan template",
    status: "published",
    tags: ["templates"],
    roles: [],
    files: [txt("data-management-plan-template.txt", "Data management plan\n\n1. Data description\n2. Storage and backup\n3. Sharing and reuse\n4. Responsibilities\n")],
  },
  {
    title: "Scientific report template",
    status: "published",
    tags: ["templates", "reports"],
    roles: [],
    files: [txt("scientific-report-template.txt", "Scientific report\n\nObjectives of the season\nAchievements and difficulties\nPublications planned\n")],
  },
  {
    title: "Transnational access annual report 2026",
    status: "published",
    tags: ["reports"],
    roles: [],
    files: [pdf("ta-annual-report-2026.pdf", "Transnational access annual report 2026: 42 groups hosted at 4 infrastructures.")],
  },
  {
    title: "Evaluation guidelines for reviewers",
    status: "published",
    tags: ["guidelines"],
    roles: ["evaluator", "editor", "admin"],
    files: [pdf("evaluation-guidelines.pdf", "Evaluation guidelines: score each criterion from 1 to 5 and justify every score.")],
  },
  {
    title: "Call 2028 guidelines (in preparation)",
    status: "draft",
    tags: ["guidelines"],
    roles: [],
    files: [],
  },
];

const PAGES: DemoPage[] = [
  {
    title: "About the programme",
    slug: "about-the-programme",
    summary: "Free access for research groups to Europe's polar and marine research infrastructures.",
    content: [
      "## What we offer",
      "",
      "The programme funds **transnational access**: research groups travel to, or work remotely with, " +
        "infrastructures outside their own country. Travel, accommodation and the use of the facilities are covered.",
      "",
      "## Who may apply",
      "",
      "- Research groups led by a researcher working in an eligible country",
      "- Early-career researchers, who are especially encouraged",
      "",
      "Read the [how to apply](/page/how-to-apply) page before you start.",
    ].join("\n"),
    status: "published",
    is_public: true,
    in_menu: true,
    menu_order: 1,
    documents: ["Guidelines for applicants 2027", "Transnational access annual report 2026"],
  },
  {
    title: "How to apply",
    slug: "how-to-apply",
    summary: "The steps from choosing an infrastructure to submitting your application.",
    content: [
      "1. Pick an open call and the infrastructures you need.",
      "2. Contact the infrastructure operator to check feasibility.",
      "3. Prepare your research plan, the group leader's CV and a data management plan draft.",
      "4. Fill in the application form and submit it before the call closes.",
      "",
      "> Only the group leader can submit the application.",
      "",
      "Questions? Write to [ta-office@example.org](mailto:ta-office@example.org).",
    ].join("\n"),
    status: "published",
    is_public: true,
    in_menu: true,
    menu_order: 2,
    documents: ["Guidelines for applicants 2027", "Data management plan template"],
  },
  {
    title: "Information for evaluators",
    slug: "information-for-evaluators",
    summary: "How the evaluation works, for the scientists who score applications.",
    // Markdown tables have no caption: HTML, which Markdown keeps, gives it one.
    content: [
      "Each application is scored by at least two evaluators. Declare any conflict of interest before you read it.",
      "",
      "<table><caption>Scores</caption><thead><tr><th scope=\"col\">Score</th><th scope=\"col\">Meaning</th></tr></thead>" +
        "<tbody><tr><td>5</td><td>Excellent</td></tr><tr><td>3</td><td>Good</td></tr><tr><td>1</td><td>Poor</td></tr></tbody></table>",
    ].join("\n"),
    status: "published",
    is_public: false,
    in_menu: true,
    menu_order: 3,
    documents: ["Evaluation guidelines for reviewers"],
  },
  {
    title: "Privacy policy",
    slug: "privacy-policy",
    summary: "What personal data the portal keeps, why, and for how long.",
    content: [
      "## Data we keep",
      "",
      "Your name, e-mail address, organisation and the content of your applications.",
      "",
      "## Why",
      "",
      "To evaluate applications, organise access and report to the funding agency.",
      "",
      "## Your rights",
      "",
      "You may ask for a copy or the deletion of your data at [privacy@example.org](mailto:privacy@example.org).",
    ].join("\n"),
    status: "published",
    is_public: true,
    in_menu: false,
    menu_order: 0,
    documents: [],
  },
  {
    title: "Cookie policy",
    slug: "cookie-policy",
    summary: "The portal uses only the cookies it needs to work.",
    content: "No cookie is used for tracking or advertising. The [cookie management](/cookies) screen lists each cookie and lets you revoke your consent.",
    status: "published",
    is_public: true,
    in_menu: false,
    menu_order: 0,
    documents: [],
  },
  {
    title: "Access statistics 2027",
    slug: "access-statistics-2027",
    summary: "Figures of the 2027 access campaign (to be published after the season).",
    content: "*Draft:* figures will be added after the season.",
    status: "draft",
    is_public: true,
    in_menu: false,
    menu_order: 0,
    documents: [],
  },
];

async function seedDocuments(db: Db, editor: number | null): Promise<Map<string, number>> {
  const storage = demoStorage();
  const ids = new Map<string, number>();
  for (const d of DOCUMENTS) {
    // Looked up among trashed ones too: a demo document an editor deleted stays deleted.
    const existing = await db.selectFrom("documents").select("id").where("title", "=", d.title).executeTakeFirst();
    if (existing) {
      ids.set(d.title, existing.id);
      continue;
    }
    const { id } = await db.insertInto("documents").values({ title: d.title, status: d.status, user_id: editor }).returning("id").executeTakeFirstOrThrow();
    ids.set(d.title, id);
    if (d.tags.length) await db.insertInto("document_tags").values(d.tags.map((tag) => ({ document_id: id, tag }))).execute();
    if (d.roles.length) {
      const roles = await db.selectFrom("roles").select("id").where("name", "in", d.roles).execute();
      await db.insertInto("document_roles").values(roles.map((r) => ({ document_id: id, role_id: r.id }))).execute();
    }
    for (const [position, file] of d.files.entries()) {
      const bytes = file.mime_type === "application/pdf" ? pdfBytes([file.text]) : Buffer.from(file.text, "utf8");
      const mediaId = await storeDemoFile(db, storage, { name: file.name, mime_type: file.mime_type, bytes }, editor);
      await db
        .insertInto("media_links")
        .values({ media_id: mediaId, attached_to_type: "document", attached_to_id: String(id), collection: "attachments", position })
        .execute();
    }
  }
  return ids;
}

/** Demo pages (some in the menu, the legal ones, a draft) and documents with tags and roles. */
export async function seedContent(db: Db, users: Map<string, number>): Promise<void> {
  const editor = users.get("editor") ?? null;
  const documents = await seedDocuments(db, editor);
  for (const p of PAGES) {
    const existing = await db.selectFrom("pages").select("id").where("slug", "=", p.slug).executeTakeFirst();
    if (existing) continue;
    const { documents: linked, ...page } = p;
    const { id } = await db
      .insertInto("pages")
      .values({ ...page, user_id: editor })
      .returning("id")
      .executeTakeFirstOrThrow();
    const docIds = linked.map((title) => documents.get(title)).filter((x): x is number => x !== undefined);
    if (docIds.length) await db.insertInto("page_documents").values(docIds.map((document_id) => ({ page_id: id, document_id }))).execute();
  }
}
