// The panel's recommendation (docs/lifecycle.md#panel-recommendation,
// docs/validation.md#panel-recommendation): the rules per application infrastructure, completeness and its
// date, the version and status checks, the bounds, the ranking by mean score,
// and who reads it (editors; panel members named by e-mail, read-only).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as intake from "~/api/intake/contract";
import * as users from "~/api/users/contract";
import * as rec from "~/api/recommendation/contract";
import { createTestApi, type TestApi } from "../support/api";
import { callId } from "./application-helpers";
import { applicationVersion as versionOf, panelReady } from "./recommendation-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

async function setSetting(key: string, value: string) {
  await api.db.insertInto("settings").values({ key, value, label: key }).onConflict((oc) => oc.column("key").doUpdateSet({ value })).execute();
}

const read = async (id: number, as = "editor") => {
  const res = await api.op(rec.recommendation, { as, param: { id } });
  expect(res.status, JSON.stringify(res.data)).toBe(200);
  return res.data;
};
type Item = { id: number; ta_recommended?: boolean; ta_units?: number; ta_participants?: number; ta_budget?: number; ta_recommendation?: string };
const save = async (id: number, infrastructures: Item[], notes?: string, as = "editor", updated_at?: string) =>
  api.op(rec.saveRecommendation, { as, param: { id }, json: { infrastructures, notes, updated_at: updated_at ?? (await versionOf(api, id)) } });
const full = (id: number, recommended = true): Item => ({ id, ta_recommended: recommended, ta_units: 8, ta_participants: 2, ta_budget: 3200.5, ta_recommendation: "Strong plan, fund it." });

describe("reading the recommendation", () => {
  it("gives the editor the requested figures, the submitted scores with their mean, and an editable form", async () => {
    const app = await panelReady(api, "applicant", { second: "ineligible", scores: { evaluator: 4, evaluator2: 2 } });
    const view = await read(app.id);
    expect(view.editable).toBe(true);
    expect(view.application).toMatchObject({ id: app.id, status: "under-evaluation", ta_recommendation_complete: false, recommendation_date: null, mean_score: 3 });
    expect(view.infrastructures.map((i) => [i.id, i.has_eligible_accesses])).toEqual([[app.firstAi, true], [app.secondAi, false]]);
    expect(view.infrastructures[0].requested.accesses).toBeGreaterThan(0);
    expect(view.infrastructures[0].requested.units).toBeGreaterThan(0);
    expect(view.infrastructures[1].requested).toEqual({ accesses: 0, units: 0, participants: 0 });
    expect(view.evaluations).toHaveLength(2);
    expect(Object.values(view.evaluations[0].scores).every((s) => typeof s.score === "number")).toBe(true);
    expect(view.criteria.length).toBeGreaterThan(0);
    expect(view.ranking.find((r) => r.id === app.id)).toMatchObject({ mean_score: 3, evaluations: 2 });
  });

  it("answers 404 for an application that does not exist, and is not editable once the application has left evaluation", async () => {
    expect((await api.op(rec.recommendation, { as: "editor", param: { id: 2147483647 } })).status).toBe(404);
    const app = await panelReady(api);
    await api.db.updateTable("applications").set({ status: "granted" }).where("id", "=", app.id).execute();
    expect((await read(app.id)).editable).toBe(false);
  });
});

describe("the rules of docs/validation.md#panel-recommendation", () => {
  it("requires the flag, units, participants and budget for an infrastructure with eligible accesses", async () => {
    const app = await panelReady(api);
    const res = await save(app.id, [{ id: app.firstAi }], "Notes");
    expect(res.status).toBe(422);
    const errors = (res.data as unknown as { errors: Record<string, string[]> }).errors;
    for (const f of ["ta_recommended", "ta_units", "ta_participants", "ta_budget"]) expect(errors[`infrastructures[0].${f}`]).toEqual(["validation.required"]);
  });

  it("requires the recommendation text when recommended, even without eligible accesses", async () => {
    const app = await panelReady(api, "applicant", { second: "ineligible" });
    const res = await save(app.id, [{ ...full(app.firstAi), ta_recommendation: " " }, { id: app.secondAi!, ta_recommended: true }]);
    expect(res).toMatchObject({
      status: 422,
      data: { errors: { "infrastructures[0].ta_recommendation": ["recommendation.errors.text-required"], "infrastructures[1].ta_recommendation": ["recommendation.errors.text-required"] } },
    });
  });

  it("asks nothing of an infrastructure without eligible accesses, and no text when not recommended", async () => {
    const app = await panelReady(api, "applicant", { second: "ineligible" });
    const { ta_recommendation: _, ...noText } = full(app.firstAi, true);
    expect((await save(app.id, [noText])).status).toBe(422);
    const res = await save(app.id, [full(app.firstAi), { id: app.secondAi! }]);
    expect(res.status, JSON.stringify(res.data)).toBe(200);
  });

  it("requires the panel's notes when no infrastructure is recommended, and keeps them", async () => {
    const app = await panelReady(api);
    const refused = await save(app.id, [full(app.firstAi, false)]);
    expect(refused).toMatchObject({ status: 422, data: { errors: { notes: ["recommendation.errors.notes-required"] } } });
    const ok = await save(app.id, [full(app.firstAi, false)], "  Outside the panel's priorities.  ");
    expect(ok.status).toBe(200);
    expect((await read(app.id)).application.recommendation_notes).toBe("Outside the panel's priorities.");
  });

  it("does not require notes when one infrastructure is recommended", async () => {
    const app = await panelReady(api);
    expect((await save(app.id, [full(app.firstAi, true)])).status).toBe(200);
  });
});

describe("saving", () => {
  it("writes every field, completes the recommendation with its date, and lets the editor grant", async () => {
    const app = await panelReady(api, "applicant", { second: "ineligible" });
    const blockersOf = async () => {
      const view = await api.op(intake.intake, { as: "editor", param: { id: app.id } });
      return view.status === 200 ? view.data.transitions.flatMap((t) => t.blockers) : ["unreadable"];
    };
    expect(await blockersOf()).toContain("recommendation-complete");
    const res = await save(app.id, [full(app.firstAi), { id: app.secondAi!, ta_recommended: false }]);
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    if (res.status !== 200) return;
    expect(res.data.application.ta_recommendation_complete).toBe(true);
    expect(Date.now() - new Date(res.data.application.recommendation_date!).getTime()).toBeLessThan(60_000);
    expect(res.data.infrastructures[0]).toMatchObject({ ta_recommended: true, ta_units: 8, ta_participants: 2, ta_budget: "3200.50", ta_recommendation: "Strong plan, fund it." });
    expect(res.data.infrastructures[1]).toMatchObject({ ta_recommended: false, ta_units: null, ta_budget: null });
    expect(await blockersOf()).not.toContain("recommendation-complete");
  });

  it("is complete only once every infrastructure with eligible accesses has a flag; infrastructures left out keep theirs", async () => {
    const app = await panelReady(api, "applicant", { second: "eligible" });
    const first = await save(app.id, [full(app.firstAi)]);
    expect(first.status).toBe(200);
    if (first.status !== 200) return;
    expect(first.data.application).toMatchObject({ ta_recommendation_complete: false, recommendation_date: null });
    const second = await save(app.id, [{ ...full(app.secondAi!, true), ta_units: 3 }]);
    expect(second.status).toBe(200);
    if (second.status !== 200) return;
    expect(second.data.application.ta_recommendation_complete).toBe(true);
    expect(second.data.infrastructures.map((i) => i.ta_units)).toEqual([8, 3]);
  });

  it("answers 409 on a stale updated_at and leaves everything as it was", async () => {
    const app = await panelReady(api);
    const stale = await versionOf(api, app.id);
    expect((await save(app.id, [full(app.firstAi)])).status).toBe(200);
    const res = await save(app.id, [full(app.firstAi, false)], "Changed", "editor", stale);
    expect(res).toMatchObject({ status: 409, data: { code: "applications.stale" } });
    expect((await read(app.id)).infrastructures[0].ta_recommended).toBe(true);
  });

  it("answers 409 when the application is not under evaluation", async () => {
    const app = await panelReady(api);
    await api.db.updateTable("applications").set({ status: "submit" }).where("id", "=", app.id).execute();
    expect(await save(app.id, [full(app.firstAi)])).toMatchObject({ status: 409, data: { code: "recommendation.errors.not-under-evaluation" } });
  });

  it("refuses another application's infrastructure and the same one twice", async () => {
    const app = await panelReady(api);
    const other = await panelReady(api, "applicant2");
    expect(await save(app.id, [full(other.firstAi)])).toMatchObject({ status: 422, data: { errors: { "infrastructures[0].id": ["validation.invalid"] } } });
    expect(await save(app.id, [full(app.firstAi), full(app.firstAi)])).toMatchObject({ status: 422, data: { errors: { "infrastructures[1].id": ["validation.invalid"] } } });
    expect((await read(other.id)).infrastructures[0].ta_recommended).toBe(null);
  });

  it("bounds every input: cents, whole non-negative numbers, text length, list length, ids", async () => {
    const app = await panelReady(api);
    const bad = await save(app.id, [{ ...full(app.firstAi), ta_budget: 12.255, ta_units: -1, ta_participants: 1.5, ta_recommendation: "x".repeat(2001) }], "y".repeat(2001));
    expect(bad).toMatchObject({
      status: 422,
      data: {
        errors: {
          "infrastructures[0].ta_budget": ["validation.invalid"], "infrastructures[0].ta_units": ["validation.invalid"],
          "infrastructures[0].ta_participants": ["validation.invalid"], "infrastructures[0].ta_recommendation": ["validation.max"], notes: ["validation.max"],
        },
      },
    });
    expect((await save(app.id, [{ ...full(app.firstAi), ta_budget: 1e13 }])).status).toBe(422);
    expect((await save(app.id, Array.from({ length: 21 }, () => full(app.firstAi)))).status).toBe(422);
    expect((await save(app.id, [full(2147483648)])).status).toBe(422);
    const wrongType = await api.call("PUT", `/applications/${app.id}/recommendation`, {
      as: "editor", body: { infrastructures: [{ ...full(app.firstAi), ta_recommended: "yes", ta_units: "8" }], updated_at: await versionOf(api, app.id) },
    });
    expect(wrongType.status).toBe(422);
  });
});

describe("ranking", () => {
  it("ranks the call's evaluated applications by mean score, ties sharing a rank, the unscored last", async () => {
    // A call of their own: the demo has applications in the others (a grant of last year's call among them).
    const own = await callId(api, "Transnational Access Call 2027 autumn");
    const a = await panelReady(api, "applicant", { scores: { evaluator: 5, evaluator2: 4 } });
    const b = await panelReady(api, "applicant", { scores: { evaluator: 4.5, evaluator2: 4.5 } });
    const c = await panelReady(api, "applicant", { scores: { evaluator: 2, evaluator2: 1 } });
    const d = await panelReady(api, "applicant");
    const e = await panelReady(api, "applicant", { scores: { evaluator: 3 } });
    await api.db.updateTable("applications").set({ status: "submit" }).where("id", "=", e.id).execute();
    await api.db.updateTable("applications").set({ call_id: own }).where("id", "in", [a.id, b.id, c.id, d.id, e.id]).execute();
    const view = await read(c.id);
    expect(view.ranking.map((r) => [r.id, r.rank, r.mean_score])).toEqual([[a.id, 1, 4.5], [b.id, 1, 4.5], [c.id, 3, 1.5], [d.id, null, null]]);
    expect(view.application).toMatchObject({ rank: 3, mean_score: 1.5 });
    expect(view.ranked).toBe(4);
    // What a screen shows of it (rankingWindow: the top ten, five either side), with its full length beside.
    const shown = await api.op(rec.recommendation, { as: "editor", param: { id: c.id }, query: { ranking: "window" } });
    expect(shown.status).toBe(200);
    const data = shown.data as typeof view;
    expect(data.ranked).toBe(4);
    expect(data.ranking.map((r) => [r.id, r.gap])).toEqual([[a.id, false], [b.id, false], [c.id, false], [d.id, false]]);
    expect((await api.call("GET", `/applications/${c.id}/recommendation?ranking=some`, { as: "editor" })).status).toBe(422);
  });
});

describe("who reads and writes it", () => {
  it("refuses the write to everyone but editors and admins (403), and the read to those not on the panel", async () => {
    const app = await panelReady(api);
    for (const as of ["applicant", "evaluator", "watchdog", "viewer", "infrastructure-manager"]) {
      expect((await save(app.id, [full(app.firstAi)], undefined, as)).status, as).toBe(403);
      expect((await api.op(rec.recommendation, { as, param: { id: app.id } })).status, as).toBe(403);
    }
    expect((await save(app.id, [full(app.firstAi)], undefined, "admin")).status).toBe(200);
  });

  it("lets panel members named by e-mail read, not write, evaluated applications only, while the panel setting is yes", async () => {
    const app = await panelReady(api);
    const submitted = await panelReady(api, "applicant2");
    await api.db.updateTable("applications").set({ status: "submit" }).where("id", "=", submitted.id).execute();
    const viewer = await api.db.selectFrom("users").select("email").where("sub", "=", "demo-viewer").executeTakeFirstOrThrow();
    await setSetting("panel", "yes");
    await setSetting("panel-members", `someone@example.org\n  ${viewer.email.toUpperCase()} ;other@example.org`);
    try {
      const view = await read(app.id, "viewer");
      expect(view.editable).toBe(false);
      expect((await api.op(rec.recommendation, { as: "viewer", param: { id: submitted.id } })).status).toBe(404);
      expect((await save(app.id, [full(app.firstAi)], undefined, "viewer")).status).toBe(403);
      const list = await api.op(rec.panelApplications, { as: "viewer", query: { call_id: view.call.id } });
      expect(list.status).toBe(200);
      if (list.status !== 200) return;
      const ids = list.data.applications.map((a) => a.id);
      expect(ids).toContain(app.id);
      expect(ids).not.toContain(submitted.id);
      expect((await api.op(rec.panelApplications, { as: "evaluator", query: {} })).status).toBe(403);
      // The menu offers /panel to exactly those who may read it: the members, and editors while there is a panel.
      const reader = async (as: string) => {
        const me = await api.op(users.me, { as });
        return me.status === 200 && me.data.panel_reader;
      };
      expect([await reader("viewer"), await reader("editor"), await reader("evaluator"), await reader("applicant")]).toEqual([true, true, false, false]);
      await setSetting("panel", "no");
      expect((await api.op(rec.recommendation, { as: "viewer", param: { id: app.id } })).status).toBe(403);
      expect([await reader("viewer"), await reader("editor")]).toEqual([false, false]);
    } finally {
      await setSetting("panel", "yes");
      await setSetting("panel-members", "");
    }
  });

  it("lists the calls under evaluation, newest first, and ranks the one asked for, else the newest", async () => {
    const app = await panelReady(api);
    const call = (await read(app.id)).call.id;
    const list = await api.op(rec.panelApplications, { as: "editor", query: { call_id: call } });
    expect(list.status).toBe(200);
    if (list.status !== 200) return;
    expect(list.data.call?.id).toBe(call);
    expect(list.data.applications.every((a) => a.status === "under-evaluation")).toBe(true);
    const ids = list.data.calls.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(list.data.calls.find((c) => c.id === call)?.under_evaluation).toBeGreaterThan(0);
    const newest = await api.op(rec.panelApplications, { as: "editor", query: {} });
    expect(newest.status === 200 && newest.data.call?.id).toBe(ids[0]);
    expect((await api.op(rec.panelApplications, { as: "editor", query: { call_id: 2147483647 } })).data).toMatchObject({ call: null, applications: [] });
  });
});
