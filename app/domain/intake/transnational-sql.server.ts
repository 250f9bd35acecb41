// The transnational rule of transnational.ts in SQL, for the statistics that
// count users of transnational access (docs/lifecycle.md#transnational-access):
// the same cases, true, false, or null when it cannot be told. Kept beside
// the rule; tests/api/stats-funder-report.test.ts holds both to one table of cases.
import { sql, type RawBuilder } from "kysely";

/** The members of a draft's group (an array, else none), from a draft expression. */
export const draftMembers = (draft: RawBuilder<unknown>) =>
  sql`(case when jsonb_typeof(${draft} -> 'group' -> 'members') = 'array' then ${draft} -> 'group' -> 'members' else '[]'::jsonb end)`;

/** Whether an application infrastructure is transnational: its country, its call's excluded countries (varchar[]) and its group's members (a jsonb array). */
export function transnationalSql(country: RawBuilder<unknown>, excluded: RawBuilder<unknown>, members: RawBuilder<unknown>): RawBuilder<boolean | null> {
  const leaderCountry = sql`max(m.wc) filter (where m.leader)`;
  const outsideOrMissing = sql`m.wc <> h.home and not (m.wc = any(h.barred))`;
  return sql<boolean | null>`(select case
      when h.home = '' then null
      when count(*) filter (where m.leader) <> 1 then null
      when ${leaderCountry} = '' then null
      when ${leaderCountry} = h.home or ${leaderCountry} = any(h.barred) then false
      when 2 * count(*) filter (where m.wc <> '' and ${outsideOrMissing}) > count(m.wc) then true
      when 2 * count(*) filter (where ${outsideOrMissing}) > count(m.wc) then null
      else false end
    from (select upper(btrim(coalesce(${country}, ''))) as home,
      coalesce((select array_agg(upper(btrim(e))) from unnest(${excluded}) e), '{}'::text[]) as barred) h
    left join lateral (select upper(btrim(coalesce(x ->> 'work_country', ''))) as wc, coalesce(x -> 'leader' = 'true'::jsonb, false) as leader
      from jsonb_array_elements(${members}) x) m on true
    group by h.home, h.barred)`;
}
