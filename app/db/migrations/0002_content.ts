import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// Media, their links to the entities that use them, pages and documents.
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("media")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("uuid", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // A medium is "in use" while a link to it exists (docs/validation.md#media: it cannot be deleted).
  await db.schema
    .createTable("media_links")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("media_id", "integer", (c) => c.notNull().references("media.id").onDelete("restrict"))
    .addColumn("attached_to_type", "text", (c) => c.notNull())
    .addColumn("attached_to_id", "text", (c) => c.notNull())
    .addColumn("collection", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("media_links_unique", ["media_id", "attached_to_type", "attached_to_id", "collection"])
    .execute();
  await db.schema.createIndex("media_links_owner").on("media_links").columns(["attached_to_type", "attached_to_id", "collection"]).execute();

  await db.schema
    .createTable("pages")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("title", "varchar(255)", (c) => c.notNull())
    .addColumn("slug", "varchar(255)", (c) => c.notNull())
    .addColumn("summary", "text")
    .addColumn("content", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("is_public", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("in_menu", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("menu_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("deleted_at", "timestamptz")
    .execute();
  await sql`create unique index pages_slug_live on pages (slug) where deleted_at is null`.execute(db);

  await db.schema
    .createTable("documents")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("title", "varchar(255)", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("deleted_at", "timestamptz")
    .execute();
  await db.schema
    .createTable("document_tags")
    .addColumn("document_id", "integer", (c) => c.notNull().references("documents.id").onDelete("cascade"))
    .addColumn("tag", "varchar(100)", (c) => c.notNull())
    .addPrimaryKeyConstraint("document_tags_pk", ["document_id", "tag"])
    .execute();
  // No row: everyone may read the document; rows: only users with one of the roles.
  await db.schema
    .createTable("document_roles")
    .addColumn("document_id", "integer", (c) => c.notNull().references("documents.id").onDelete("cascade"))
    .addColumn("role_id", "integer", (c) => c.notNull().references("roles.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("document_roles_pk", ["document_id", "role_id"])
    .execute();
  await db.schema
    .createTable("page_documents")
    .addColumn("page_id", "integer", (c) => c.notNull().references("pages.id").onDelete("cascade"))
    .addColumn("document_id", "integer", (c) => c.notNull().references("documents.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("page_documents_pk", ["page_id", "document_id"])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of ["page_documents", "document_roles", "document_tags", "documents", "pages", "media_links", "media"]) {
    await db.schema.dropTable(t).execute();
  }
}
