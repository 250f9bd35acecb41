import type { Db } from "../database.server";
import { demoStorage, pdfBytes, storeDemoFile } from "./demo-media";

interface DemoFile {
  name: string;
  mime_type: "text/plain" | "application/pdf";
  text: string;
}

interface DemoDocument {
  title: string;
  /** The French title (ADR 052). */
  title_fr: string;
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
  /** The French versions (ADR 052); the draft has none, and shows the English text to French readers. */
  title_fr: string | null;
  summary_fr: string | null;
  content_fr: string | null;
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
    title_fr: "Guide des candidats 2027",
    status: "published",
    tags: ["guidelines"],
    roles: [],
    files: [pdf("guidelines-for-applicants-2027.pdf", "Guidelines for applicants 2027: eligibility, access types, evaluation criteria and reporting.")],
  },
  {
    title: "Data management plan template",
    title_fr: "Modèle de plan de gestion des données",
    status: "published",
    tags: ["templates"],
    roles: [],
    files: [txt("data-management-plan-template.txt", "Data management plan\n\n1. Data description\n2. Storage and backup\n3. Sharing and reuse\n4. Responsibilities\n")],
  },
  {
    title: "Scientific report template",
    title_fr: "Modèle de rapport scientifique",
    status: "published",
    tags: ["templates", "reports"],
    roles: [],
    files: [txt("scientific-report-template.txt", "Scientific report\n\nObjectives of the season\nAchievements and difficulties\nPublications planned\n")],
  },
  {
    title: "Transnational access annual report 2026",
    title_fr: "Rapport annuel 2026 de l’accès transnational",
    status: "published",
    tags: ["reports"],
    roles: [],
    files: [pdf("ta-annual-report-2026.pdf", "Transnational access annual report 2026: 42 groups hosted at 4 infrastructures.")],
  },
  {
    title: "Evaluation guidelines for reviewers",
    title_fr: "Guide d’évaluation pour les évaluateurs",
    status: "published",
    tags: ["guidelines"],
    roles: ["evaluator", "editor", "admin"],
    files: [pdf("evaluation-guidelines.pdf", "Evaluation guidelines: score each criterion from 1 to 5 and justify every score.")],
  },
  {
    title: "Call 2028 guidelines (in preparation)",
    title_fr: "Guide de l’appel 2028 (en préparation)",
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
    title_fr: "Le programme",
    summary_fr: "Un accès gratuit pour les équipes de recherche aux infrastructures européennes de recherche polaire et marine.",
    content_fr: [
      "## Ce que nous offrons",
      "",
      "Le programme finance l’**accès transnational** : des équipes de recherche se rendent dans des infrastructures situées hors de leur pays, ou y travaillent à distance. Le voyage, l’hébergement et l’usage des installations sont pris en charge.",
      "",
      "## Qui peut candidater",
      "",
      "- Les équipes de recherche dirigées par un chercheur travaillant dans un pays éligible",
      "- Les chercheurs en début de carrière, particulièrement encouragés",
      "",
      "Lisez la page [comment candidater](/page/how-to-apply) avant de commencer.",
    ].join("\n"),
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
    title_fr: "Comment candidater",
    summary_fr: "Les étapes, du choix d’une infrastructure à la soumission de votre candidature.",
    content_fr: [
      "1. Choisissez un appel ouvert et les infrastructures dont vous avez besoin.",
      "2. Contactez l’opérateur de l’infrastructure pour vérifier la faisabilité.",
      "3. Préparez votre plan de recherche, le CV du chef de groupe et un projet de plan de gestion des données.",
      "4. Remplissez le formulaire de candidature et soumettez-le avant la clôture de l’appel.",
      "",
      "> Seul le chef de groupe peut soumettre la candidature.",
      "",
      "Des questions ? Écrivez à [ta-office@example.org](mailto:ta-office@example.org).",
    ].join("\n"),
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
    title_fr: "Informations pour les évaluateurs",
    summary_fr: "Le déroulement de l’évaluation, pour les scientifiques qui notent les candidatures.",
    content_fr: [
      "Chaque candidature est notée par au moins deux évaluateurs. Déclarez tout conflit d’intérêts avant de la lire.",
      "",
      "<table><caption>Notes</caption><thead><tr><th scope=\"col\">Note</th><th scope=\"col\">Signification</th></tr></thead>" +
        "<tbody><tr><td>5</td><td>Excellent</td></tr><tr><td>3</td><td>Bon</td></tr><tr><td>1</td><td>Insuffisant</td></tr></tbody></table>",
    ].join("\n"),
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
    title_fr: "Politique de confidentialité",
    summary_fr: "Les données personnelles que garde le portail, pourquoi, et combien de temps.",
    content_fr: [
      "## Les données que nous gardons",
      "",
      "Votre nom, votre adresse électronique, votre organisme et le contenu de vos candidatures.",
      "",
      "## Pourquoi",
      "",
      "Pour évaluer les candidatures, organiser les accès et rendre compte à l’agence de financement.",
      "",
      "## Vos droits",
      "",
      "Vous pouvez demander une copie ou la suppression de vos données à [privacy@example.org](mailto:privacy@example.org).",
    ].join("\n"),
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
    title_fr: "Politique des cookies",
    summary_fr: "Le portail n’utilise que les cookies dont il a besoin pour fonctionner.",
    content_fr: "Aucun cookie ne sert au suivi ni à la publicité. L’écran de [gestion des cookies](/cookies) liste chaque cookie et vous permet de retirer votre consentement.",
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
    title_fr: null,
    summary_fr: null,
    content_fr: null,
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
      // A demo made before titles had a French version gets it; one written since is kept.
      await db.updateTable("documents").set({ title_fr: d.title_fr }).where("id", "=", existing.id).where("title_fr", "is", null).execute();
      continue;
    }
    const { id } = await db
      .insertInto("documents")
      .values({ title: d.title, title_fr: d.title_fr, status: d.status, user_id: editor })
      .returning("id")
      .executeTakeFirstOrThrow();
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
    if (existing) {
      // A demo made before pages had a French version gets it; one written since is kept.
      const { title_fr, summary_fr, content_fr } = p;
      await db.updateTable("pages").set({ title_fr, summary_fr, content_fr }).where("id", "=", existing.id).where("title_fr", "is", null).execute();
      continue;
    }
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
