import { type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// The application wizard's lookup lists (docs/data.md#lookup-lists): one row per
// item, its list, its stored value, its English label and its place in the list.
// Seeded by app/db/seeds/lookups.ts; the UI translates `lookups.<list>.<value>`.
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("lookup_items")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("list", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("lookup_items_list_value", ["list", "value"])
    .execute();
  await db.schema.createIndex("lookup_items_list_position").on("lookup_items").columns(["list", "position"]).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("lookup_items").execute();
}
