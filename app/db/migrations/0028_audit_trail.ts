import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// The audit trail (docs/decisions/051-audit-trail.md): one entry per write the
// API answers, written by the database itself in the write's own transaction.
// The API names the request in the connection's `portal.audit` setting
// (app/db/audit-context.server.ts); a trigger on each audited table adds the
// row's changed fields to that request's entry, creating it on the first
// change. Without the setting (the seeds, the scheduled jobs, a migration)
// nothing is recorded.

/** Tables never audited: sign-in sessions and kept forms (secrets, a person's typing), outgoing mail (its text), histories the writes already keep, and the trail itself. */
export const UNAUDITED = ["sessions", "kept_forms", "mail_outbox", "application_history", "report_events", "audit_entries"];

/** Columns never recorded on any table: secrets, stamps, and what PostgreSQL keeps from other columns (its triggers and generated columns). */
export const HIDDEN_COLUMNS = ["token_hash", "created_at", "updated_at", "mean_score", "criterion_means", "evaluations_submitted", "infrastructure_names"];

export async function up(db: Db): Promise<void> {
  await sql`create table audit_entries (
    id bigint generated always as identity primary key,
    request_id uuid not null unique,
    at timestamptz not null default now(),
    actor_id integer,
    actor_roles text[] not null default '{}',
    operation text not null,
    entity text,
    entity_id text,
    application_id integer,
    changes jsonb not null default '[]',
    more_changes integer not null default 0
  )`.execute(db);
  await sql`create index audit_entries_at on audit_entries (at desc, id desc)`.execute(db);
  await sql`create index audit_entries_actor on audit_entries (actor_id, at desc, id desc)`.execute(db);
  await sql`create index audit_entries_application on audit_entries (application_id, at desc, id desc) where application_id is not null`.execute(db);
  await sql`create index audit_entries_entity on audit_entries (entity, entity_id, at desc, id desc)`.execute(db);

  // A value as recorded: long texts cut (a description's every word is not worth keeping twice), large lists and objects summed up.
  await sql`
    create function audit_value(v jsonb) returns jsonb language sql immutable as $$
      select case
        when v is null then null
        when jsonb_typeof(v) = 'string' and length(v #>> '{}') > 500 then to_jsonb(left(v #>> '{}', 500) || '…')
        when jsonb_typeof(v) in ('array', 'object') and length(v::text) > 4000 then to_jsonb('… (' || length(v::text) || ' characters)')
        else v
      end
    $$`.execute(db);

  // The fields that differ between two rows (or documents), by path: objects are
  // compared field by field to three levels (a draft's "project.title"), lists whole.
  await sql`
    create function audit_diff(o jsonb, n jsonb, prefix text, depth integer) returns jsonb language plpgsql immutable as $$
    declare
      k text;
      result jsonb := '{}';
    begin
      for k in select jsonb_object_keys(coalesce(o, '{}')) union select jsonb_object_keys(coalesce(n, '{}')) loop
        if (o -> k) is distinct from (n -> k) then
          if depth < 3 and jsonb_typeof(o -> k) = 'object' and jsonb_typeof(n -> k) = 'object' then
            result := result || audit_diff(o -> k, n -> k, prefix || k || '.', depth + 1);
          elsif (o is null or n is null) and jsonb_typeof(coalesce(o -> k, n -> k)) = 'null' then
            continue;
          else
            result := result || jsonb_build_object(prefix || k, jsonb_build_array(audit_value(o -> k), audit_value(n -> k)));
          end if;
        end if;
      end loop;
      return result;
    end $$`.execute(db);

  // TG_ARGV[0]: the row's key columns (comma-separated); TG_ARGV[1]: columns never recorded.
  // At most 200 changed rows per entry; past that they are counted (a bulk write).
  await sql`
    create function audit_row() returns trigger language plpgsql as $$
    declare
      ctx jsonb := nullif(current_setting('portal.audit', true), '')::jsonb;
      hidden text[];
      o jsonb;
      n jsonb;
      r jsonb;
      k text;
      row_key jsonb := '{}';
      fields jsonb;
      change jsonb := '[]';
      app integer;
    begin
      if ctx is null then return null; end if;
      hidden := string_to_array(tg_argv[1], ',');
      if tg_op <> 'INSERT' then o := to_jsonb(old) - hidden; end if;
      if tg_op <> 'DELETE' then n := to_jsonb(new) - hidden; end if;
      r := coalesce(n, o);
      foreach k in array string_to_array(tg_argv[0], ',') loop
        row_key := row_key || jsonb_build_object(k, r -> k);
      end loop;
      fields := audit_diff(o, n, '', 0);
      if (ctx ->> 'redact') = 'true' then
        fields := coalesce((select jsonb_object_agg(f, jsonb_build_array(null, null)) from jsonb_object_keys(fields) f), '{}');
      end if;
      if fields <> '{}' or tg_op <> 'UPDATE' then
        change := jsonb_build_array(jsonb_build_object('table', tg_table_name, 'op', lower(tg_op), 'key', row_key, 'fields', fields));
      end if;
      -- The application a write is about: its own row, or the row the path names (an evaluation, an access), never
      -- the first of a bulk write's rows (a person's notifications, which name many).
      app := case when tg_table_name = 'applications' then (r ->> 'id')::integer
                  when tg_table_name = ctx ->> 'entity' and ctx ? 'entity_id' and jsonb_typeof(r -> 'application_id') = 'number' then (r ->> 'application_id')::integer end;
      insert into audit_entries as a (request_id, actor_id, actor_roles, operation, entity, entity_id, application_id, changes)
      values (
        (ctx ->> 'request')::uuid,
        (ctx ->> 'actor')::integer,
        array(select jsonb_array_elements_text(coalesce(ctx -> 'roles', '[]'))),
        ctx ->> 'operation',
        ctx ->> 'entity',
        coalesce(ctx ->> 'entity_id', case when tg_op = 'INSERT' and tg_table_name = ctx ->> 'entity' then row_key ->> 'id' end,
                 case when ctx ->> 'entity' = 'users' then r ->> 'user_id' end),
        coalesce((ctx ->> 'application')::integer, app),
        change
      )
      on conflict (request_id) do update set
        changes = case when jsonb_array_length(a.changes) < 200 then a.changes || excluded.changes else a.changes end,
        more_changes = a.more_changes + case when jsonb_array_length(a.changes) >= 200 then jsonb_array_length(excluded.changes) else 0 end,
        entity_id = coalesce(a.entity_id, excluded.entity_id),
        application_id = coalesce(a.application_id, excluded.application_id);
      return null;
    end $$`.execute(db);

  const tables = await sql<{ table_name: string; keys: string | null; hidden: string | null }>`
    select t.table_name,
      (select string_agg(a.attname, ',' order by a.attnum) from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = format('public.%I', t.table_name)::regclass and i.indisprimary) as keys,
      (select string_agg(c.column_name, ',') from information_schema.columns c
        where c.table_schema = 'public' and c.table_name = t.table_name and (c.is_generated = 'ALWAYS' or c.column_name = any(${HIDDEN_COLUMNS}::text[]))) as hidden
    from information_schema.tables t
    where t.table_schema = 'public' and t.table_type = 'BASE TABLE' and t.table_name not like 'kysely%' and t.table_name <> all(${UNAUDITED}::text[])
    order by t.table_name`.execute(db);
  for (const t of tables.rows) {
    // A notification made is part of the write that made it; reading or deleting one is a write of its own.
    const events = t.table_name === "notifications" ? "update or delete" : "insert or update or delete";
    await sql`create trigger audit_row after ${sql.raw(events)} on ${sql.table(t.table_name)}
      for each row execute function audit_row(${sql.lit(t.keys ?? "id")}, ${sql.lit(t.hidden ?? "")})`.execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  const tables = await sql<{ table_name: string }>`select event_object_table as table_name from information_schema.triggers where trigger_name = 'audit_row' group by 1`.execute(db);
  for (const t of tables.rows) await sql`drop trigger audit_row on ${sql.table(t.table_name)}`.execute(db);
  await sql`drop function audit_row()`.execute(db);
  await sql`drop function audit_diff(jsonb, jsonb, text, integer)`.execute(db);
  await sql`drop function audit_value(jsonb)`.execute(db);
  await sql`drop table audit_entries`.execute(db);
}
