// The demo's finished calls (app/db/seeds/demo-history.ts): three closed calls
// of different years at several infrastructures, each with reported
// applications that have feedback, publications, scientific reports and
// accesses the infrastructure confirmed, evaluations, recommendations and
// decisions, varied groups, and a rejected and a withdrawn one; the
// statistics then count them. Counts are the seed's, worked out by hand.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAST_CALLS, pastCallTitle } from "~/db/seeds/demo-history";
import { seedDemo } from "~/db/seeds/demo";
import { createTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const perCall = () =>
  sql<Record<string, number | string>>`
    select c.title, count(distinct a.id)::int as applications,
      (count(distinct a.id) filter (where a.status = 'reported'))::int as reported,
      (count(distinct a.id) filter (where a.status = 'rejected'))::int as rejected,
      (count(distinct a.id) filter (where a.status = 'withdrawn'))::int as withdrawn,
      (select count(*)::int from application_reports r join applications x on x.id = r.application_id
        where x.call_id = c.id and r.quantitative_feedback_overall between 1 and 5 and r.feedback_recommend is not null and r.text_feedback_overall <> '') as feedback,
      (select count(*)::int from publications p join applications x on x.id = p.application_id where x.call_id = c.id) as publications,
      (select count(*)::int from accesses ac join applications x on x.id = ac.application_id
        where x.call_id = c.id and ac.sm_report_confirmed and ac.sm_report_units > 0 and ac.sm_report_date_from is not null) as confirmed,
      (select count(*)::int from media_links l join applications x on l.attached_to_id = x.id::text where l.attached_to_type = 'application' and x.call_id = c.id and l.collection = 'scientific_report') as scientific_reports,
      (select count(*)::int from application_reviewers v join applications x on x.id = v.application_id where x.call_id = c.id and v.state = 'submitted' and v.scores is not null) as evaluations,
      (select count(*)::int from application_infrastructures ai join applications x on x.id = ai.application_id where x.call_id = c.id and ai.ta_recommended is not null and ai.sm_accepted is not null) as decided,
      (select count(distinct ai.infrastructure_id)::int from application_infrastructures ai join applications x on x.id = ai.application_id where x.call_id = c.id) as infrastructures
    from calls c join applications a on a.call_id = c.id
    where c.title in (${sql.join(PAST_CALLS.map((p) => pastCallTitle(p.year)))}) and c.status = 'closed'
    group by c.id, c.title order by c.title`.execute(api.db);

describe("the demo seed (finished calls)", () => {
  it("holds three closed calls of 2023 to 2025, each with reported applications that have feedback, publications, reports and confirmed accesses", async () => {
    const { rows } = await perCall();
    // Per call: six applications, four reported (each with feedback, a confirmed access, a scientific report, one article,
    // and a data set for the even-numbered ones: 0 in 2023, 6 in 2024, 12 in 2025), one rejected, one withdrawn; two evaluations each.
    const call = (year: number) => ({
      title: pastCallTitle(year), applications: 6, reported: 4, rejected: 1, withdrawn: 1,
      feedback: 4, publications: 5, confirmed: 4, scientific_reports: 4, evaluations: 12, decided: 6, infrastructures: 3,
    });
    expect(rows).toEqual([call(2023), call(2024), call(2025)]);
  });

  it("varies the groups and the answers, so the statistics have something to tell apart", async () => {
    const { rows: [v] } = await sql<Record<string, number>>`
      select count(distinct m ->> 'gender')::int as genders, count(distinct m ->> 'nationality')::int as nationalities,
        count(distinct m ->> 'work_country')::int as work_countries, count(distinct m ->> 'researcher_status')::int as statuses,
        count(distinct m ->> 'birth_year')::int as birth_years,
        (select count(distinct r.quantitative_feedback_overall)::int from application_reports r) as overall_scores,
        (select count(*)::int from application_reports r where r.feedback_recommend = false) as would_not_recommend
      from applications a join calls c on c.id = a.call_id cross join lateral jsonb_array_elements(a.draft -> 'group' -> 'members') m
      where c.title like 'Transnational Access Call 202_' and c.title <> 'Transnational Access Call 2026'`.execute(api.db);
    expect(v.genders).toBe(4);
    expect(v.nationalities).toBeGreaterThanOrEqual(10);
    expect(v.work_countries).toBeGreaterThanOrEqual(10);
    expect(v.statuses).toBe(5);
    expect(v.birth_years).toBeGreaterThanOrEqual(10);
    expect(v.overall_scores).toBeGreaterThanOrEqual(4);
    expect(v.would_not_recommend).toBeGreaterThan(0);
  });

  it("is added once: seeding again changes nothing", async () => {
    const before = (await perCall()).rows;
    await seedDemo(api.db);
    expect((await perCall()).rows).toEqual(before);
    expect(await api.db.selectFrom("users").select("id").where("sub", "like", "demo-past-%").execute()).toHaveLength(8);
    // The panel's two accepted invitations and a pending one.
    const invitations = await api.db.selectFrom("invitations").select(["role", "accepted_at"]).where("email", "like", "%@past.demo.ta-portal.test").orderBy("id").execute();
    expect(invitations.map((i) => [i.role, i.accepted_at !== null])).toEqual([["evaluator", true], ["evaluator", true], ["viewer", false]]);
  });
});
