// The intake demo data: submitted applications in two calls, with their
// infrastructure and access rows as a submission writes them, and one under
// evaluation with two evaluators (one evaluation submitted, one open), the
// watchdog and the viewer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as intake from "~/api/intake/contract";
import { createTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const byAcronym = (acronym: string) => api.db.selectFrom("applications").select(["id", "status", "call_id"]).where("acronym", "=", acronym).executeTakeFirstOrThrow();

describe("the demo seed (intake)", () => {
  it("has submitted applications in two calls, each with its access rows waiting for eligibility", async () => {
    const [fjord, sea] = [await byAcronym("FJORDMELT"), await byAcronym("SEAWARM")];
    expect([fjord.status, sea.status]).toEqual(["submit", "submit"]);
    expect(fjord.call_id).not.toBe(sea.call_id);
    for (const app of [fjord, sea]) {
      const { data } = await api.op(intake.intake, { as: "editor", param: { id: app.id } });
      expect(data.infrastructures.flatMap((i) => i.accesses).map((a) => a.eligible)).toEqual([null]);
      expect(data.transitions.find((t) => t.name === "under-evaluation")?.blockers).toEqual(["eligibility-done", "eligible-access"]);
    }
    const { data: remote } = await api.op(intake.intake, { as: "editor", param: { id: sea.id } });
    expect(remote.infrastructures[0].accesses[0].type).toBe("remote");
  });

  it("has one under evaluation: every access eligible, two evaluators (one submitted, one open), the watchdog and the viewer", async () => {
    const app = await byAcronym("TUNDRACARB");
    expect(app.status).toBe("under-evaluation");
    const { data } = await api.op(intake.intake, { as: "editor", param: { id: app.id } });
    expect(data.infrastructures[0]).toMatchObject({ has_eligible_accesses: true });
    expect(data.reviewers.map((r) => [r.email.split("@")[0], r.role, r.state]).sort()).toEqual([
      ["evaluator", "evaluator", "submitted"],
      ["evaluator2", "evaluator", "accepted"],
      ["viewer", "viewer", "assigned"],
      ["watchdog", "watchdog", "assigned"],
    ]);
    expect(data.evaluation_complete).toBe(false);
    const scores = await api.db.selectFrom("application_reviewers").select("scores").where("application_id", "=", app.id).where("state", "=", "submitted").executeTakeFirstOrThrow();
    const criteria = await api.db.selectFrom("criteria").select("id").where("key", "is not", null).execute();
    expect(Object.keys(scores.scores).sort()).toEqual(criteria.map((c) => String(c.id)).sort());
  });
});
