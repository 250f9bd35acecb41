// The editor changes an application's research infrastructure (docs/lifecycle.md#eligibility):
// PUT /api/applications/{id}/infrastructure moves one requested
// infrastructure, with its accesses, to another the call offers, until that
// infrastructure has decided; the rows, the draft and the list's names follow,
// the panel's recommendation for it is cleared, and the new infrastructure's
// staff hear of it once they may see the application.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as intake from "~/api/intake/contract";
import type { Draft } from "~/domain/applications/draft";
import { createTestApi, type TestApi } from "../support/api";
import { submittedApplication } from "./application-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const read = async (id: number) => (await api.op(intake.intake, { as: "editor", param: { id } })).data;

/** A submitted application, its one requested infrastructure and another the call offers. */
async function arranged() {
  const app = await submittedApplication(api, "applicant");
  const view = await read(app.id);
  const [row] = view.infrastructures;
  const other = view.offered.find((o) => o.id !== row.infrastructure_id)!;
  return { id: app.id, view, row, other };
}

const move = async (id: number, body: { application_infrastructure_id: number; infrastructure_id: number }, as = "editor") =>
  api.op(intake.changeInfrastructure, { as, param: { id }, json: { ...body, updated_at: (await read(id)).updated_at } });

describe("PUT /api/applications/{id}/infrastructure", () => {
  it("moves the request and its accesses to another infrastructure of the call, in the rows, the draft and the list's names", async () => {
    const { id, row, other } = await arranged();
    expect(row.changeable).toBe(true);
    const accessIds = row.accesses.map((a) => a.id);
    const res = await move(id, { application_infrastructure_id: row.id, infrastructure_id: other.id });
    expect(res.status).toBe(200);
    const moved = res.data.infrastructures.find((i) => i.id === row.id)!;
    expect(moved).toMatchObject({ infrastructure_id: other.id, name: other.name });
    expect(moved.accesses.map((a) => a.id)).toEqual(accessIds);
    const stored = await api.db.selectFrom("applications").select(["draft", "infrastructure_names"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect((stored.draft as Draft).logistics!.infrastructures![0].infrastructure_id).toBe(String(other.id));
    expect(stored.infrastructure_names).toContain(other.short_name ?? other.name);
  });

  it("clears the panel's recommendation for it, which is then no longer complete", async () => {
    const { id, row, other } = await arranged();
    await api.db.updateTable("application_infrastructures").set({ ta_recommended: true, ta_units: 5, ta_participants: 2, ta_budget: 1000, ta_recommendation: "Yes." }).where("id", "=", row.id).execute();
    await api.db.updateTable("applications").set({ status: "under-evaluation", ta_recommendation_complete: true, recommendation_date: new Date() }).where("id", "=", id).execute();
    expect((await move(id, { application_infrastructure_id: row.id, infrastructure_id: other.id })).status).toBe(200);
    const ai = await api.db.selectFrom("application_infrastructures").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    expect([ai.ta_recommended, ai.ta_units, ai.ta_budget, ai.ta_recommendation]).toEqual([null, null, null, null]);
    const app = await api.db.selectFrom("applications").select(["ta_recommendation_complete", "recommendation_date"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(app).toEqual({ ta_recommendation_complete: false, recommendation_date: null });
    // Under evaluation, the new infrastructure's staff are told.
    const told = await api.db.selectFrom("notifications").select("kind").where("application_id", "=", id).where("kind", "=", "application-at-my-ri").execute();
    expect(told.length).toBeGreaterThan(0);
  });

  it("refuses the same infrastructure, one already requested, one the call does not offer, another application's row and a stale copy", async () => {
    const { id, view, row, other } = await arranged();
    const errorsOf = async (body: { application_infrastructure_id: number; infrastructure_id: number }) => (await move(id, body)).data as unknown as { errors: Record<string, string[]> };
    expect((await errorsOf({ application_infrastructure_id: row.id, infrastructure_id: row.infrastructure_id })).errors).toEqual({ infrastructure_id: ["intake.infrastructure-same"] });
    const second = await api.db
      .insertInto("application_infrastructures")
      .values({ application_id: id, infrastructure_id: other.id, position: 1, draft_key: "second" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await errorsOf({ application_infrastructure_id: row.id, infrastructure_id: other.id })).errors).toEqual({ infrastructure_id: ["intake.infrastructure-twice"] });
    await api.db.deleteFrom("application_infrastructures").where("id", "=", second.id).execute();
    const offered = new Set(view.offered.map((o) => o.id));
    const notOffered = (await api.db.selectFrom("infrastructures").select("id").where("deleted_at", "is", null).execute()).find((i) => !offered.has(i.id));
    if (notOffered) expect((await errorsOf({ application_infrastructure_id: row.id, infrastructure_id: notOffered.id })).errors).toEqual({ infrastructure_id: ["intake.infrastructure-not-offered"] });
    const elsewhere = await arranged();
    expect((await errorsOf({ application_infrastructure_id: elsewhere.row.id, infrastructure_id: other.id })).errors).toEqual({ application_infrastructure_id: ["validation.invalid"] });
    const stale = await api.op(intake.changeInfrastructure, { as: "editor", param: { id }, json: { application_infrastructure_id: row.id, infrastructure_id: other.id, updated_at: "2020-01-01T00:00:00.000Z" } });
    expect(stale.status).toBe(409);
    expect((await api.db.selectFrom("application_infrastructures").select("infrastructure_id").where("id", "=", row.id).executeTakeFirstOrThrow()).infrastructure_id).toBe(row.infrastructure_id);
  });

  it("is closed (409) once the infrastructure has decided or the application is granted, and says so in the intake", async () => {
    const { id, row, other } = await arranged();
    await api.db.updateTable("application_infrastructures").set({ sm_decided_at: new Date(), sm_accepted: true }).where("id", "=", row.id).execute();
    expect((await read(id)).infrastructures[0].changeable).toBe(false);
    expect((await move(id, { application_infrastructure_id: row.id, infrastructure_id: other.id })).status).toBe(409);
    await api.db.updateTable("application_infrastructures").set({ sm_decided_at: null }).where("id", "=", row.id).execute();
    await api.db.updateTable("applications").set({ status: "granted" }).where("id", "=", id).execute();
    expect((await read(id)).infrastructures[0].changeable).toBe(false);
    expect((await move(id, { application_infrastructure_id: row.id, infrastructure_id: other.id })).status).toBe(409);
  });

  it("is the admin area's alone: the applicant and infrastructure staff get 403", async () => {
    const { id, row, other } = await arranged();
    for (const as of ["applicant", "infrastructure-manager", "evaluator"]) {
      const res = await api.op(intake.changeInfrastructure, { as, param: { id }, json: { application_infrastructure_id: row.id, infrastructure_id: other.id, updated_at: (await read(id)).updated_at } });
      expect(res.status, as).toBe(403);
    }
  });
});
