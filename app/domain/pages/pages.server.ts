import type { Transaction } from "kysely";
import type { Db } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { documentsOfPage, type Reader } from "../documents/documents.server";
import { AppError, notFound, unauthenticated } from "../errors";
import { linkMedia, mediaOf, type MediaActor } from "../media/media.server";
import { renderMarkdown, renderPageContent } from "./markdown.server";
import { slugify, type PageInput, type PagePreviewInput, type PageStatus, type PageUpdateInput } from "./page";
import type { PageVisibility } from "./page-status";
import { pageStatusOf } from "./page-status";
import { documentStatusOf } from "../documents/document-status";
import { countTotal, likePattern, offsetOf, pageMeta, trashedFilter } from "../list-query.server";
import { isUniqueViolation } from "../unique-violation.server";
import { claimVersion, versionNow } from "../write.server";
import { setTrashed } from "../trash.server";

export interface PageListQuery {
  q?: string;
  status?: PageStatus;
  visibility?: PageVisibility;
  sort_by: "id" | "title" | "slug" | "status" | "menu_order" | "created_at" | "updated_at";
  order: "asc" | "desc";
  trashed?: "with" | "only";
  page: number;
  per_page: number;
}

// Each text with its French version (ADR 052): readers get both, the screens pick the reader's.
const LIST_COLUMNS = [
  "pages.id", "pages.title", "pages.title_fr", "pages.slug", "pages.summary", "pages.summary_fr", "pages.status", "pages.is_public", "pages.in_menu",
  "pages.menu_order", "pages.user_id", "pages.created_at", "pages.updated_at", "pages.deleted_at",
] as const;

const files = (db: Db, id: number) =>
  mediaOf(db, "page", [id], "attachments").then((m) => (m.get(String(id)) ?? []).map(({ id, name, mime_type, size }) => ({ id, name, mime_type, size })));

const slugTaken = () => new AppError(422, "validation.failed", { slug: ["page-validation.slug-taken"] });

export async function listPages(db: Db, q: PageListQuery) {
  let query = db.selectFrom("pages").where(trashedFilter("pages.deleted_at", q.trashed));
  if (q.q) {
    const like = likePattern(q.q);
    query = query.where((eb) => eb.or([eb("pages.title", "ilike", like), eb("pages.title_fr", "ilike", like), eb("pages.slug", "ilike", like), eb("pages.summary", "ilike", like)]));
  }
  if (q.status) query = query.where("pages.status", "=", q.status);
  if (q.visibility) query = query.where("pages.is_public", "=", q.visibility === "public");
  const [{ total }] = await query.select(countTotal()).execute();
  const data = await query
    .select(LIST_COLUMNS)
    .orderBy(`pages.${q.sort_by}`, q.order)
    .orderBy("pages.id", q.order)
    .limit(q.per_page)
    .offset(offsetOf(q))
    .execute();
  return { data: data.map((r) => ({ ...r, status: pageStatusOf(r.status) })), meta: pageMeta(q, total) };
}

/**
 * One page for the admin area (trashed ones included): its Markdown source as
 * written (for the form; never to be shown as HTML) and that source rendered
 * to sanitized HTML.
 */
export async function getPage(db: Db, id: number) {
  const row = await db.selectFrom("pages").select([...LIST_COLUMNS, "pages.content", "pages.content_fr"]).where("pages.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  const [attachments, documents] = await Promise.all([
    files(db, id),
    db
      .selectFrom("documents")
      .innerJoin("page_documents", "page_documents.document_id", "documents.id")
      .select(["documents.id", "documents.title", "documents.title_fr", "documents.status"])
      .where("page_documents.page_id", "=", id)
      .where("documents.deleted_at", "is", null)
      .orderBy("documents.title")
      .execute(),
  ]);
  return {
    ...row,
    status: pageStatusOf(row.status),
    content: row.content ?? "",
    content_fr: row.content_fr ?? "",
    content_html: renderPageContent(row.content),
    attachments,
    documents: documents.map((d) => ({ ...d, status: documentStatusOf(d.status) })),
  };
}

/**
 * The slug a page gets: the one given, which must be free among live pages, or
 * one derived from the title, made free by a numeric suffix.
 */
async function chooseSlug(trx: Transaction<Database>, input: PageInput, exceptId: number | null): Promise<string> {
  const taken = async (slug: string) => {
    let q = trx.selectFrom("pages").select("id").where("slug", "=", slug).where("deleted_at", "is", null);
    if (exceptId !== null) q = q.where("id", "!=", exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  };
  if (input.slug) {
    if (await taken(input.slug)) throw slugTaken();
    return input.slug;
  }
  const base = slugify(input.title);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
}

async function linkDocuments(trx: Transaction<Database>, pageId: number, documentIds: number[]) {
  const ids = [...new Set(documentIds)];
  if (ids.length) {
    const found = await trx.selectFrom("documents").select("id").where("id", "in", ids).where("deleted_at", "is", null).execute();
    if (found.length !== ids.length) throw new AppError(422, "validation.failed", { documents: ["page-validation.document-not-found"] });
  }
  await trx.deleteFrom("page_documents").where("page_id", "=", pageId).execute();
  if (ids.length) await trx.insertInto("page_documents").values(ids.map((document_id) => ({ page_id: pageId, document_id }))).execute();
}

function columns(input: PageInput, slug: string) {
  return {
    title: input.title,
    slug,
    summary: input.summary || null,
    // The Markdown as written; rendered and sanitized on every read (ADR 014).
    content: input.content || null,
    // Blank French versions are null: the English text is shown (ADR 052).
    title_fr: input.title_fr || null,
    summary_fr: input.summary_fr || null,
    content_fr: input.content_fr || null,
    status: input.status,
    is_public: input.is_public,
    in_menu: input.in_menu,
    menu_order: input.menu_order,
  };
}

/**
 * Runs a page write; a slug taken by a concurrent save still answers the form's
 * 422. Its commit ends the kept menu and footer links (app/cache).
 */
async function write<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
}

/** POST /api/pages: a page from a body the API's contract parsed (pageSchema). */
export async function createPage(db: Db, input: PageInput, user: NonNullable<MediaActor>) {
  const id = await write(db, async (trx) => {
    const row = await trx
      .insertInto("pages")
      .values({ ...columns(input, await chooseSlug(trx, input, null)), user_id: user.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    await linkMedia(trx, { type: "page", id: row.id, collection: "attachments" }, input.attachments, user);
    await linkDocuments(trx, row.id, input.documents);
    return row.id;
  });
  return getPage(db, id);
}

/** A full update against the version the client read: 409 when someone saved in between. */
export async function updatePage(db: Db, id: number, input: PageUpdateInput, user: MediaActor) {
  await write(db, async (trx) => {
    await claimVersion(trx, "pages", id, input.updated_at, "page.stale");
    await trx
      .updateTable("pages")
      .set({ ...columns(input, await chooseSlug(trx, input, id)), updated_at: versionNow() })
      .where("id", "=", id)
      .execute();
    await linkMedia(trx, { type: "page", id, collection: "attachments" }, input.attachments, user);
    await linkDocuments(trx, id, input.documents);
  });
  return getPage(db, id);
}

/** Soft delete: the page leaves the site and the menu but can be restored. */
export async function deletePage(db: Db, id: number) {
  await setTrashed(db, "pages", id, true);
}

/**
 * Brings a trashed page back. Its slug may have been given to another page
 * meanwhile: it then takes the first free suffixed one rather than failing.
 */
export async function restorePage(db: Db, id: number) {
  await write(db, async (trx) => {
    const row = await trx.selectFrom("pages").select(["id", "slug", "title"]).where("id", "=", id).where("deleted_at", "is not", null).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    const live = (slug: string) => trx.selectFrom("pages").select("id").where("slug", "=", slug).where("deleted_at", "is", null).executeTakeFirst();
    let slug = row.slug;
    for (let n = 2; await live(slug); n++) slug = `${row.slug}-${n}`;
    await trx.updateTable("pages").set({ deleted_at: null, slug, updated_at: versionNow() }).where("id", "=", id).execute();
  });
  return getPage(db, id);
}

/** Published, live pages the reader may see: public ones when signed out, all when signed in. */
function visiblePages(db: Db, reader: Reader) {
  let query = db.selectFrom("pages").where("pages.deleted_at", "is", null).where("pages.status", "=", "published");
  if (!reader) query = query.where("pages.is_public", "=", true);
  return query;
}

/** The public list (no content): the menu, the footer's legal pages, a site map. */
export async function publicPages(db: Db, reader: Reader, q: { in_menu?: boolean; slug?: string[]; page: number; per_page: number }) {
  let query = visiblePages(db, reader);
  if (q.in_menu) query = query.where("pages.in_menu", "=", true);
  if (q.slug?.length) query = query.where("pages.slug", "in", q.slug);
  const [{ total }] = await query.select(countTotal()).execute();
  const data = await query
    .select(["pages.id", "pages.title", "pages.title_fr", "pages.slug", "pages.summary", "pages.summary_fr", "pages.is_public", "pages.in_menu", "pages.menu_order", "pages.updated_at"])
    .orderBy("pages.menu_order")
    .orderBy("pages.title")
    .orderBy("pages.id")
    .limit(q.per_page)
    .offset(offsetOf(q))
    .execute();
  return { data, meta: pageMeta(q, total) };
}

/** One published page by id or slug, with what the reader may download; 404 otherwise. */
export async function publicPage(db: Db, reader: Reader, idOrSlug: string) {
  // Slugs always hold a letter (SLUG_PATTERN), so digits are an id.
  const byId = /^\d{1,9}$/.test(idOrSlug);
  const which = byId ? "pages.id" : "pages.slug";
  const value = byId ? Number(idOrSlug) : idOrSlug;
  const row = await visiblePages(db, reader)
    .select(["pages.id", "pages.title", "pages.title_fr", "pages.slug", "pages.summary", "pages.summary_fr", "pages.content", "pages.content_fr", "pages.is_public", "pages.in_menu", "pages.updated_at"])
    .where(which, "=", value)
    .executeTakeFirst();
  if (!row) {
    // A members' page asks a signed-out visitor to sign in (401) rather than saying it is not there.
    const anyMember = { id: 0, roles: [] };
    const members = !reader && (await visiblePages(db, anyMember).select("pages.id").where(which, "=", value).executeTakeFirst());
    throw members ? unauthenticated() : notFound();
  }
  const [attachments, documents] = await Promise.all([files(db, row.id), documentsOfPage(db, reader, row.id)]);
  const { content, content_fr, ...rest } = row;
  // Readers get the HTML only: the source may hold what the sanitizer removes.
  // Both versions: the screen shows the reader's, else the English one (ADR 052).
  return { ...rest, content_html: renderPageContent(content), content_html_fr: content_fr ? renderPageContent(content_fr) : null, attachments, documents };
}

/**
 * The page form's Preview: the content rendered exactly as a page shows it,
 * saving nothing. Not memoised: previews are one-offs, and the cache is for
 * what readers see.
 */
export async function previewContent({ content }: PagePreviewInput): Promise<{ html: string }> {
  return { html: renderMarkdown(content) };
}
