import { sql, type Kysely } from "kysely";

// Kysely<any> is the documented type for migrations: they must not depend on
// today's schema types, which later migrations change.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const timestamps = (t: ReturnType<Db["schema"]["createTable"]>) =>
  t
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`));

export async function up(db: Db): Promise<void> {
  await timestamps(
    db.schema
      .createTable("users")
      .addColumn("id", "serial", (c) => c.primaryKey())
      .addColumn("sub", "text", (c) => c.unique())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("email_cc", "text")
      .addColumn("name", "text")
      .addColumn("surname", "text")
      .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
      .addColumn("slug", "text")
      .addColumn("display_name", "text")
      .addColumn("accept_conditions_disclaimer", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("website", "text")
      .addColumn("address", "text")
      .addColumn("nationality", "text")
      .addColumn("phone", "text")
      .addColumn("organization_name", "text")
      .addColumn("organization_address", "text")
      .addColumn("organization_email", "text")
      .addColumn("organization_country", "text")
      .addColumn("groups", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)),
  ).execute();
  await sql`create unique index users_email_lower on users (lower(email))`.execute(db);

  await db.schema
    .createTable("roles")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable("permissions")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("entity_id", "integer")
    .execute();
  await sql`create unique index permissions_unique on permissions (entity_type, name, coalesce(entity_id, 0))`.execute(db);
  await db.schema
    .createTable("user_roles")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role_id", "integer", (c) => c.notNull().references("roles.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("user_roles_pk", ["user_id", "role_id"])
    .execute();
  await db.schema
    .createTable("role_permissions")
    .addColumn("role_id", "integer", (c) => c.notNull().references("roles.id").onDelete("cascade"))
    .addColumn("permission_id", "integer", (c) => c.notNull().references("permissions.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("role_permissions_pk", ["role_id", "permission_id"])
    .execute();
  await db.schema
    .createTable("user_permissions")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("permission_id", "integer", (c) => c.notNull().references("permissions.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("user_permissions_pk", ["user_id", "permission_id"])
    .execute();

  await timestamps(
    db.schema
      .createTable("sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
      .addColumn("data", "jsonb", (c) => c.notNull())
      .addColumn("expires_at", "timestamptz", (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex("sessions_expires_at").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("countries")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("code", "varchar(2)", (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text")
    .addColumn("label", "text")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await timestamps(
    db.schema
      .createTable("infrastructures")
      .addColumn("id", "serial", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("short_name", "text")
      .addColumn("country", "varchar(2)")
      .addColumn("type", "text")
      .addColumn("owner", "text")
      .addColumn("owner_contact", "text")
      .addColumn("description", "text")
      .addColumn("website", "text")
      .addColumn("installation_name", "text")
      .addColumn("ta_installation_number", "text")
      .addColumn("ra_installation_number", "text")
      .addColumn("ga_usage_cost_budget", "numeric(14, 2)")
      .addColumn("ga_other_cost_budget", "numeric(14, 2)")
      .addColumn("ga_access_quantity", "integer")
      .addColumn("actual_cost", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("preset_unit_cost", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("cost_per_unit", "numeric(14, 2)")
      .addColumn("unit_cost_type", "text")
      .addColumn("category", "text")
      .addColumn("cost_calculation", "text")
      .addColumn("manager_id", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("deleted_at", "timestamptz"),
  ).execute();
  await db.schema
    .createTable("infrastructure_periods")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("infrastructure_id", "integer", (c) => c.notNull().references("infrastructures.id").onDelete("cascade"))
    .addColumn("date_from", "date", (c) => c.notNull())
    .addColumn("date_to", "date", (c) => c.notNull())
    .addCheckConstraint("infrastructure_periods_order", sql`date_from <= date_to`)
    .execute();
  await db.schema
    .createTable("infrastructure_administrators")
    .addColumn("infrastructure_id", "integer", (c) => c.notNull().references("infrastructures.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("infrastructure_administrators_pk", ["infrastructure_id", "user_id"])
    .execute();

  await timestamps(
    db.schema
      .createTable("calls")
      .addColumn("id", "serial", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("title", "varchar(255)", (c) => c.notNull())
      .addColumn("description", "varchar(4242)")
      .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
      .addColumn("open_at", "date", (c) => c.notNull())
      .addColumn("close_at", "date", (c) => c.notNull())
      .addColumn("start_at", "date")
      .addColumn("end_at", "date")
      .addColumn("remote_access", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("physical_access", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("evaluation_date", "date", (c) => c.notNull())
      .addColumn("evaluation_manager_date", "date", (c) => c.notNull())
      .addColumn("acceptance_date", "date", (c) => c.notNull())
      .addColumn("sm_reminder_date", "date")
      .addColumn("user_report_days", "integer", (c) => c.notNull().check(sql`user_report_days >= 1`))
      .addColumn("unauthorized_countries", sql`varchar(2)[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn("ri_training", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("data_management_training", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("spare_berths_training", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("new_publications", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("half_point_rating", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("data_management_plan", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("deleted_at", "timestamptz"),
  ).execute();
  await db.schema.createIndex("calls_status").on("calls").columns(["status", "open_at", "close_at"]).execute();
  await db.schema
    .createTable("call_infrastructures")
    .addColumn("call_id", "integer", (c) => c.notNull().references("calls.id").onDelete("cascade"))
    .addColumn("infrastructure_id", "integer", (c) => c.notNull().references("infrastructures.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("call_infrastructures_pk", ["call_id", "infrastructure_id"])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of [
    "call_infrastructures", "calls", "infrastructure_administrators", "infrastructure_periods",
    "infrastructures", "settings", "countries", "sessions", "user_permissions", "role_permissions",
    "user_roles", "permissions", "roles", "users",
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
