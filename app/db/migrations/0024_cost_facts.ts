import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// The statistics of costs (docs/data.md#statistics-of-costs) read every
// proposed cost from the draft (ADR 018: costs.accesses[].costs[]), whose
// whole document PostgreSQL keeps compressed out of line: at 100 000
// applications, unpacking the matching drafts took a second of each reading.
// The costs the statistics add up (each item's access key, label and amount in
// cents, read as amountCents reads it: app/domain/applications/costs.ts) are
// now a column of the application computed by PostgreSQL from the draft
// whatever writes it, as the members' facts are (migration 0015). The draft
// stays the one source.
export async function up(db: Db): Promise<void> {
  await sql`
    create function draft_cost_facts(draft jsonb) returns jsonb language sql immutable parallel safe as $$
      select coalesce(jsonb_agg(jsonb_build_object(
        'key', ca ->> 'key',
        'label', coalesce(btrim(x ->> 'item'), ''),
        'cents', (case when x ->> 'cost' ~ '^\\s*\\d{1,9}([.,]\\d{1,2})?\\s*$' then round(replace(btrim(x ->> 'cost'), ',', '.')::numeric * 100) else 0 end)
          * (case when x ->> 'unit_number' ~ '^\\s*\\d{1,7}\\s*$' then btrim(x ->> 'unit_number')::bigint else 1 end))), '[]'::jsonb)
      from jsonb_array_elements(case when jsonb_typeof(draft -> 'costs' -> 'accesses') = 'array' then draft -> 'costs' -> 'accesses' else '[]'::jsonb end) ca
      cross join lateral jsonb_array_elements(case when jsonb_typeof(ca -> 'costs') = 'array' then ca -> 'costs' else '[]'::jsonb end) x
      where ca ->> 'key' is not null
    $$`.execute(db);
  await sql`alter table applications add column cost_facts jsonb generated always as (draft_cost_facts(draft)) stored`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`alter table applications drop column if exists cost_facts`.execute(db);
  await sql`drop function if exists draft_cost_facts(jsonb)`.execute(db);
}
