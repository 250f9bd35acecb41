import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// The admin list sorted by infrastructures (docs/data.md#list-filters) ordered 10 000
// applications by a subquery each, joining their infrastructures' short names:
// 28 ms of PostgreSQL per page. The joined names are now a column of the
// application, kept by the database itself whatever writes the rows (the
// submit's materialisation, a seed, a rename of an infrastructure), with an
// index in the list's order.
export async function up(db: Db): Promise<void> {
  await sql`alter table applications add column infrastructure_names text`.execute(db);
  // The names as the list shows them: short name (else name), in the applicant's order; null for none.
  await sql`
    create function application_infrastructure_names(app integer) returns text language sql stable as $$
      select nullif(string_agg(coalesce(i.short_name, i.name), ', ' order by ai.position), '')
      from application_infrastructures ai join infrastructures i on i.id = ai.infrastructure_id
      where ai.application_id = app
    $$`.execute(db);
  // Rows added or removed, a statement at a time (a seed adds thousands in one).
  await sql`
    create function refresh_infrastructure_names() returns trigger language plpgsql as $$
    begin
      update applications a set infrastructure_names = application_infrastructure_names(a.id)
      where a.id in (select distinct application_id from changed);
      return null;
    end $$`.execute(db);
  await sql`create trigger application_infrastructures_added after insert on application_infrastructures
    referencing new table as changed for each statement execute function refresh_infrastructure_names()`.execute(db);
  await sql`create trigger application_infrastructures_removed after delete on application_infrastructures
    referencing old table as changed for each statement execute function refresh_infrastructure_names()`.execute(db);
  // A row moved to another infrastructure or position (no code does it today), and a renamed infrastructure.
  await sql`
    create function refresh_infrastructure_names_of_row() returns trigger language plpgsql as $$
    begin
      update applications set infrastructure_names = application_infrastructure_names(id) where id = new.application_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger application_infrastructures_moved after update of infrastructure_id, position on application_infrastructures
    for each row when (old.infrastructure_id is distinct from new.infrastructure_id or old.position is distinct from new.position)
    execute function refresh_infrastructure_names_of_row()`.execute(db);
  await sql`
    create function refresh_infrastructure_names_of_infrastructure() returns trigger language plpgsql as $$
    begin
      update applications a set infrastructure_names = application_infrastructure_names(a.id)
      where a.id in (select application_id from application_infrastructures where infrastructure_id = new.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger infrastructures_renamed after update of name, short_name on infrastructures
    for each row when (old.name is distinct from new.name or old.short_name is distinct from new.short_name)
    execute function refresh_infrastructure_names_of_infrastructure()`.execute(db);
  await sql`update applications set infrastructure_names = application_infrastructure_names(id)`.execute(db);
  await sql`create index applications_infrastructure_names on applications (infrastructure_names, id) where deleted_at is null`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`drop trigger if exists infrastructures_renamed on infrastructures`.execute(db);
  await sql`drop trigger if exists application_infrastructures_moved on application_infrastructures`.execute(db);
  await sql`drop trigger if exists application_infrastructures_removed on application_infrastructures`.execute(db);
  await sql`drop trigger if exists application_infrastructures_added on application_infrastructures`.execute(db);
  await sql`drop function if exists refresh_infrastructure_names_of_infrastructure()`.execute(db);
  await sql`drop function if exists refresh_infrastructure_names_of_row()`.execute(db);
  await sql`drop function if exists refresh_infrastructure_names()`.execute(db);
  await sql`drop function if exists application_infrastructure_names(integer)`.execute(db);
  await sql`alter table applications drop column if exists infrastructure_names`.execute(db);
}
