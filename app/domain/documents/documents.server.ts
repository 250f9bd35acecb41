import { sql, type ExpressionBuilder, type Transaction } from "kysely";
import type { Db } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { normalizeTags, type DocumentInput, type DocumentStatus, type DocumentUpdateInput } from "./document";
import { documentStatusOf } from "./document-status";
import { notFound } from "../errors";
import { linkMedia, mediaOf, type LinkedMedium, type MediaActor } from "../media/media.server";
import { countTotal, likePattern, offsetOf, pageMeta, trashedFilter } from "../list-query.server";
import { claimVersion, versionNow } from "../write.server";
import { readingRoles, type Role } from "../users/roles";
import type { DocumentVisibility } from "./document-status";
import { setTrashed } from "../trash.server";

/** Who reads: the API's user, or null when signed out. */
export type Reader = { id: number; roles: string[] } | null;

export interface DocumentListQuery {
  q?: string;
  status?: DocumentStatus;
  tag?: string;
  visibility?: DocumentVisibility;
  /** Documents a user with this role may see (those for everyone included). */
  role?: Role;
  sort_by: "id" | "title" | "status" | "created_at" | "updated_at";
  order: "asc" | "desc";
  trashed?: "with" | "only";
  page: number;
  per_page: number;
}

const COLUMNS = ["documents.id", "documents.title", "documents.title_fr", "documents.status", "documents.user_id", "documents.created_at", "documents.updated_at", "documents.deleted_at"] as const;
/** A row of COLUMNS with its status narrowed. */
const withStatus = <R extends { status: string }>(row: R) => ({ ...row, status: documentStatusOf(row.status) });

type Eb = ExpressionBuilder<Database, "documents">;

/**
 * docs/roles.md#documents, "documents have a roles list of who may view them": no role listed
 * means everyone; otherwise the reader needs one of them (signed out: none);
 * an admin reads as an editor too (readingRoles).
 */
/** A document with no role listed: everyone may see it. */
const unrestricted = (eb: Eb) =>
  eb.not(eb.exists(eb.selectFrom("document_roles").select("document_roles.role_id").whereRef("document_roles.document_id", "=", "documents.id")));

export function visibleTo(reader: Reader) {
  return (eb: Eb) => {
    if (!reader?.roles.length) return unrestricted(eb);
    const roles = readingRoles(reader.roles);
    return eb.or([
      unrestricted(eb),
      eb.exists(
        eb
          .selectFrom("document_roles")
          .innerJoin("roles", "roles.id", "document_roles.role_id")
          .select("document_roles.role_id")
          .whereRef("document_roles.document_id", "=", "documents.id")
          .where("roles.name", "in", roles),
      ),
    ]);
  };
}

const withTag = (tag: string) => (eb: Eb) =>
  eb.exists(
    eb
      .selectFrom("document_tags")
      .select("document_tags.tag")
      .whereRef("document_tags.document_id", "=", "documents.id")
      .where(sql<string>`lower(document_tags.tag)`, "=", tag.trim().toLocaleLowerCase("en")),
  );

async function tagsOf(db: Db, ids: number[]) {
  const map = new Map<number, string[]>();
  if (!ids.length) return map;
  const rows = await db.selectFrom("document_tags").select(["document_id", "tag"]).where("document_id", "in", ids).orderBy("tag").execute();
  for (const r of rows) map.set(r.document_id, [...(map.get(r.document_id) ?? []), r.tag]);
  return map;
}

async function rolesOf(db: Db, ids: number[]) {
  const map = new Map<number, string[]>();
  if (!ids.length) return map;
  const rows = await db
    .selectFrom("document_roles")
    .innerJoin("roles", "roles.id", "document_roles.role_id")
    .select(["document_roles.document_id", "roles.name"])
    .where("document_roles.document_id", "in", ids)
    .orderBy("roles.name")
    .execute();
  for (const r of rows) map.set(r.document_id, [...(map.get(r.document_id) ?? []), r.name]);
  return map;
}

const files = (list: LinkedMedium[] | undefined) => (list ?? []).map(({ id, name, mime_type, size }) => ({ id, name, mime_type, size }));

/** Documents with their tags, roles and attachments: the shape every endpoint returns. */
async function present<R extends { id: number }>(db: Db, rows: R[]) {
  const ids = rows.map((r) => r.id);
  const [tags, roles, media] = await Promise.all([tagsOf(db, ids), rolesOf(db, ids), mediaOf(db, "document", ids, "attachments")]);
  return rows.map((r) => ({ ...r, tags: tags.get(r.id) ?? [], roles: roles.get(r.id) ?? [], attachments: files(media.get(String(r.id))) }));
}

export async function listDocuments(db: Db, q: DocumentListQuery) {
  let query = db.selectFrom("documents").where(trashedFilter("documents.deleted_at", q.trashed));
  if (q.q) query = query.where((eb) => eb.or([eb("documents.title", "ilike", likePattern(q.q!)), eb("documents.title_fr", "ilike", likePattern(q.q!))]));
  if (q.status) query = query.where("documents.status", "=", q.status);
  if (q.tag) query = query.where(withTag(q.tag));
  if (q.visibility) query = query.where((eb) => (q.visibility === "everyone" ? unrestricted(eb) : eb.not(unrestricted(eb))));
  if (q.role) query = query.where(visibleTo({ id: 0, roles: [q.role] }));
  const [{ total }] = await query.select(countTotal()).execute();
  const rows = await query
    .select(COLUMNS)
    .orderBy(`documents.${q.sort_by}`, q.order)
    .orderBy("documents.id", q.order)
    .limit(q.per_page)
    .offset(offsetOf(q))
    .execute();
  return { data: await present(db, rows.map(withStatus)), meta: pageMeta(q, total) };
}

/** One document for the admin area, trashed ones included. */
export async function getDocument(db: Db, id: number) {
  const row = await db.selectFrom("documents").select(COLUMNS).where("documents.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return (await present(db, [withStatus(row)]))[0];
}

async function saveRelations(trx: Transaction<Database>, id: number, input: { tags: string[]; roles: string[]; attachments: number[] }, user: MediaActor) {
  await trx.deleteFrom("document_tags").where("document_id", "=", id).execute();
  const typed = normalizeTags(input.tags);
  // A tag that exists in another case keeps its spelling: "guidelines" joins "Guidelines".
  const keys = typed.map((tag) => tag.toLocaleLowerCase("en"));
  const known = keys.length
    ? await trx
        .selectFrom("document_tags")
        .select([sql<string>`lower(tag)`.as("key"), sql<string>`mode() within group (order by tag)`.as("tag")])
        .where(sql<string>`lower(tag)`, "in", keys)
        .groupBy(sql`lower(tag)`)
        .execute()
    : [];
  const spelling = new Map(known.map((k) => [k.key, k.tag]));
  const tags = typed.map((tag) => spelling.get(tag.toLocaleLowerCase("en")) ?? tag);
  if (tags.length) await trx.insertInto("document_tags").values(tags.map((tag) => ({ document_id: id, tag }))).execute();
  await trx.deleteFrom("document_roles").where("document_id", "=", id).execute();
  if (input.roles.length) {
    await trx
      .insertInto("document_roles")
      .columns(["document_id", "role_id"])
      .expression((eb) => eb.selectFrom("roles").select([sql.lit(id).as("document_id"), "roles.id"]).where("roles.name", "in", input.roles))
      .execute();
  }
  await linkMedia(trx, { type: "document", id, collection: "attachments" }, input.attachments, user);
}

/** POST /api/documents: a document from a body the API's contract parsed (documentSchema). */
export async function createDocument(db: Db, input: DocumentInput, user: NonNullable<MediaActor>) {
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("documents")
      .values({ title: input.title, title_fr: input.title_fr || null, status: input.status, user_id: user.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    await saveRelations(trx, row.id, input, user);
    return row.id;
  });
  return getDocument(db, id);
}

/** A full update against the version the client read: 409 when someone saved in between. */
export async function updateDocument(db: Db, id: number, input: DocumentUpdateInput, user: MediaActor) {
  await db.transaction().execute(async (trx) => {
    await claimVersion(trx, "documents", id, input.updated_at, "document.stale");
    await trx.updateTable("documents").set({ title: input.title, title_fr: input.title_fr || null, status: input.status, updated_at: versionNow() }).where("id", "=", id).execute();
    await saveRelations(trx, id, input, user);
  });
  return getDocument(db, id);
}

/** Soft delete: the document leaves every list and page but can be restored. */
export async function deleteDocument(db: Db, id: number) {
  await setTrashed(db, "documents", id, true);
}

export async function restoreDocument(db: Db, id: number) {
  await setTrashed(db, "documents", id, false);
  return getDocument(db, id);
}

/** Published documents the reader may see, newest first, with their files' names and ids. */
export async function publicDocuments(db: Db, reader: Reader, q: { tag?: string; q?: string; page: number; per_page: number }) {
  let query = db.selectFrom("documents").where("documents.deleted_at", "is", null).where("documents.status", "=", "published").where(visibleTo(reader));
  if (q.tag) query = query.where(withTag(q.tag));
  if (q.q) query = query.where((eb) => eb.or([eb("documents.title", "ilike", likePattern(q.q!)), eb("documents.title_fr", "ilike", likePattern(q.q!))]));
  const [{ total }] = await query.select(countTotal()).execute();
  const rows = await query
    .select(["documents.id", "documents.title", "documents.title_fr", "documents.updated_at"])
    .orderBy("documents.updated_at", "desc")
    .orderBy("documents.id", "desc")
    .limit(q.per_page)
    .offset(offsetOf(q))
    .execute();
  const shown = await present(db, rows);
  // Who else may read a document is not the reader's business.
  return { data: shown.map(({ roles: _roles, ...d }) => d), meta: pageMeta(q, total) };
}

/** Published, visible documents linked to a page, in title order. */
export async function documentsOfPage(db: Db, reader: Reader, pageId: number) {
  const rows = await db
    .selectFrom("documents")
    .innerJoin("page_documents", "page_documents.document_id", "documents.id")
    .select(["documents.id", "documents.title", "documents.title_fr", "documents.updated_at"])
    .where("page_documents.page_id", "=", pageId)
    .where("documents.deleted_at", "is", null)
    .where("documents.status", "=", "published")
    .where(visibleTo(reader))
    .orderBy("documents.title")
    .orderBy("documents.id")
    .execute();
  return (await present(db, rows)).map(({ roles: _roles, ...d }) => d);
}

/** The tags of the documents the reader may see, one entry per tag whatever its case, with counts. */
export async function documentTags(db: Db, reader: Reader) {
  const rows = await db
    .selectFrom("document_tags")
    .innerJoin("documents", "documents.id", "document_tags.document_id")
    .where("documents.deleted_at", "is", null)
    .where("documents.status", "=", "published")
    .where(visibleTo(reader))
    // The spelling most documents use stands for the tag.
    .select([sql<string>`mode() within group (order by document_tags.tag)`.as("tag"), sql<number>`count(distinct documents.id)::int`.as("count")])
    .groupBy(sql`lower(document_tags.tag)`)
    .orderBy(sql`lower(document_tags.tag)`)
    .execute();
  return { data: rows };
}

