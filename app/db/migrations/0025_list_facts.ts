import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// The project statistics (docs/api.md#statistics) count the applications by
// keyword and by working region, two lists of the draft: unpacking every
// matching draft for each took seconds at 100 000 applications. Each list, as
// the statistics compare its values (trimmed, lower-cased, each once, blanks
// left out), is now a column computed by PostgreSQL from the draft whatever
// writes it, as the members' and the costs' facts are (migrations 0015, 0024).
export async function up(db: Db): Promise<void> {
  await sql`
    create function draft_list_facts(list jsonb) returns jsonb language sql immutable parallel safe as $$
      select coalesce(jsonb_agg(distinct lower(btrim(x))), '[]'::jsonb)
      from jsonb_array_elements_text(case when jsonb_typeof(list) = 'array' then list else '[]'::jsonb end) x
      where btrim(x) <> ''
    $$`.execute(db);
  await sql`alter table applications
    add column keyword_facts jsonb generated always as (draft_list_facts(draft -> 'project' -> 'activity_keywords')) stored,
    add column region_facts jsonb generated always as (draft_list_facts(draft -> 'publications' -> 'working_region')) stored`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`alter table applications drop column if exists keyword_facts, drop column if exists region_facts`.execute(db);
  await sql`drop function if exists draft_list_facts(jsonb)`.execute(db);
}
