import type { Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// What editors write exists per interface language (ADR 052): English in the
// columns as they were, French in a companion column beside each, empty
// (null) until someone writes it; a reader whose French is missing gets the
// English, marked lang="en". The settings need no column: a French text
// setting is a setting of its own, `<key>-fr` (app/domain/settings/settings.ts).
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable("pages")
    .addColumn("title_fr", "varchar(255)")
    .addColumn("summary_fr", "text")
    .addColumn("content_fr", "text")
    .execute();
  await db.schema.alterTable("calls").addColumn("title_fr", "varchar(255)").addColumn("description_fr", "text").execute();
  await db.schema.alterTable("documents").addColumn("title_fr", "varchar(255)").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("documents").dropColumn("title_fr").execute();
  await db.schema.alterTable("calls").dropColumn("title_fr").dropColumn("description_fr").execute();
  await db.schema.alterTable("pages").dropColumn("title_fr").dropColumn("summary_fr").dropColumn("content_fr").execute();
}
