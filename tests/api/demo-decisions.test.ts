// The decision stages' demo data: one application at each stage from the panel
// recommendation to the accepted grant, each at two infrastructures, with what
// the stages before it wrote, so the lifecycle offers the next step.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as intake from "~/api/intake/contract";
import * as acceptance from "~/api/acceptance/contract";
import { DECISION_PROJECTS, LATE_GRANT } from "~/db/seeds/demo-decisions";
import { createTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const app = (stage: keyof typeof DECISION_PROJECTS) =>
  api.db.selectFrom("applications").selectAll().where("acronym", "=", DECISION_PROJECTS[stage].acronym).executeTakeFirstOrThrow();
const infrastructures = (id: number) =>
  api.db.selectFrom("application_infrastructures").selectAll().where("application_id", "=", id).orderBy("position").execute();
const blockersOf = async (id: number, name: string) =>
  (await api.op(intake.intake, { as: "editor", param: { id } })).data.transitions.find((t) => t.name === name)?.blockers;

describe("the demo seed (decision stages)", () => {
  it("has one application waiting for the panel: evaluations complete, two eligible infrastructures, no recommendation", async () => {
    const a = await app("recommend");
    expect([a.status, a.evaluation_complete, a.ta_recommendation_complete]).toEqual(["under-evaluation", true, false]);
    const rows = await infrastructures(a.id);
    expect(rows.map((r) => [r.has_eligible_accesses, r.ta_recommended])).toEqual([[true, null], [true, null]]);
    expect(await blockersOf(a.id, "granted")).toEqual(["recommendation-complete", "infrastructures-decided", "infrastructure-accepted"]);
  });

  it("has one waiting for the infrastructures' decisions, one ready to grant, one granted and one accepted with its signed agreement", async () => {
    const decide = await app("decide");
    expect((await infrastructures(decide.id)).map((r) => [r.ta_recommended, r.sm_accepted])).toEqual([[true, null], [true, null]]);
    expect(await blockersOf(decide.id, "granted")).toEqual(["infrastructures-decided", "infrastructure-accepted"]);

    const grant = await app("grant");
    expect((await infrastructures(grant.id)).every((r) => r.sm_accepted && r.sm_budget !== null)).toBe(true);
    expect(await blockersOf(grant.id, "granted")).toEqual([]);
    // The staff screen's decisions panel reads them from the intake view.
    const { data: view } = await api.op(intake.intake, { as: "editor", param: { id: grant.id } });
    expect(view).toMatchObject({ ta_recommendation_complete: true, recommendation_date: expect.any(String), sm_decision_date: expect.any(String) });
    expect(view.infrastructures.map((i) => [i.ta_recommended, i.ta_budget, i.sm_accepted, i.sm_budget, i.sm_units])).toEqual([
      [true, "9500.00", true, "9000.00", 10],
      [true, "11000.00", true, "10500.00", 12],
    ]);
    expect(grant.status).toBe("under-evaluation");

    const granted = await app("granted");
    expect([granted.status, granted.accepted_at]).toEqual(["granted", null]);
    const accepted = await app("accepted");
    expect(accepted.status).toBe("accepted");
    expect(accepted.accepted_at).not.toBeNull();
    const history = await api.db.selectFrom("application_history").select("to_status").where("application_id", "=", accepted.id).orderBy("id").execute();
    expect(history.map((h) => h.to_status)).toEqual(["draft", "submit", "under-evaluation", "granted", "accepted"]);
    const signed = await api.db.selectFrom("media_links").select("media_id").where("attached_to_type", "=", "application").where("attached_to_id", "=", String(accepted.id)).where("collection", "=", "signed_agreement").execute();
    expect(signed).toHaveLength(1);
  });

  it("has a grant of last year's call past its acceptance date, which its applicant may still accept", async () => {
    const late = await api.db.selectFrom("applications").select(["id", "status"]).where("acronym", "=", LATE_GRANT.acronym).executeTakeFirstOrThrow();
    expect(late.status).toBe("granted");
    const res = await api.op(acceptance.timeline, { as: "applicant", param: { id: late.id } });
    expect(res.status).toBe(200);
    if (res.status !== 200) return;
    expect(res.data.acceptance).toMatchObject({ late: true, can_accept: true });
  });
});
