import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// The statistics count the members of the matching applications' groups
// (docs/budgets.md#statistics). Members live in the draft (ADR 018), whose
// whole document PostgreSQL keeps compressed out of line: on 100 000
// applications, reading every matching draft to count distinct e-mails and
// countries took seconds. The facts about each member that the statistics
// count (e-mail lower-cased and country upper-cased as they compare them,
// nationality, residence, gender, researcher status, organization type, birth
// year, early-career, leader) are now a column of the application, computed by
// PostgreSQL from the draft whatever writes it: a few hundred bytes kept in the
// row. The draft stays the one source.
export async function up(db: Db): Promise<void> {
  await sql`
    create function draft_member_facts(draft jsonb) returns jsonb language sql immutable parallel safe as $$
      select coalesce(jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
        'email', nullif(lower(btrim(m ->> 'email')), ''), 'work_country', nullif(upper(btrim(m ->> 'work_country')), ''),
        'nationality', m -> 'nationality', 'residence_country', m -> 'residence_country', 'gender', m -> 'gender',
        'researcher_status', m -> 'researcher_status', 'organization_type', m -> 'organization_type', 'birth_year', m -> 'birth_year',
        'young', m -> 'young', 'leader', m -> 'leader'))), '[]'::jsonb)
      from jsonb_array_elements(case when jsonb_typeof(draft -> 'group' -> 'members') = 'array' then draft -> 'group' -> 'members' else '[]'::jsonb end) m
      where jsonb_typeof(m) = 'object'
    $$`.execute(db);
  await sql`alter table applications add column member_facts jsonb generated always as (draft_member_facts(draft)) stored`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`alter table applications drop column if exists member_facts`.execute(db);
  await sql`drop function if exists draft_member_facts(jsonb)`.execute(db);
}
