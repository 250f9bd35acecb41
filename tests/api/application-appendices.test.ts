// Steps 7 and 8 through the API (docs/validation.md#publications, #documents): the top five keep their places, the
// working region comes from its list, the appendices are the applicant's own
// files (linked to the application, readable by its owner), all different,
// letters required for an early-career leader, the data management plan draft
// only when the call asks for one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as applications from "~/api/applications/contract";
import * as media from "~/api/media/contract";
import { createTestApi, type TestApi } from "../support/api";
import { callId, completeDraft, medium, OPEN_CALL, saveStep, startDraft, type App } from "./application-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const errorsOf = (app: App, slug: string) => app.steps.find((s) => s.slug === slug)!.errors;

/** A complete draft of the applicant, and three fresh files of theirs. */
async function ready() {
  const { data } = await startDraft(api, "applicant");
  const app = await completeDraft(api, "applicant", data);
  const [plan, cv, dmp] = await Promise.all(["plan.pdf", "cv.pdf", "dmp.pdf"].map((n) => medium(api, app.owner.id, n)));
  return { app, plan, cv, dmp };
}

/** The applicant's draft with its leader early-career or not. */
async function withYoungLeader(app: App, young: boolean) {
  const [leader, ...others] = app.draft.group!.members!;
  return saveStep(api, "applicant", app, "user-group", { members: [{ ...leader, young }, ...others] }, false);
}

describe("step 7, publications", () => {
  it("asks for five publications: four leave the fifth row missing", async () => {
    const { app } = await ready();
    const saved = await saveStep(api, "applicant", app, "publications", { top_five: ["P1", "P2", "P3", "P4"] }, false);
    expect(errorsOf(saved, "publications")).toMatchObject({ "top_five[4]": ["validation.required"] });
    const six = await saveStep(api, "applicant", saved, "publications", { top_five: ["1", "2", "3", "4", "5", "6"] }, false);
    expect(errorsOf(six, "publications")).toMatchObject({ top_five: ["applications-validation.top-five"] });
  });

  it("keeps a blank third row in its place when the rows come by position (as the form sends them)", async () => {
    const { app } = await ready();
    const saved = await saveStep(api, "applicant", app, "publications", { top_five: { 0: "P1", 1: "P2", 2: "  ", 3: "P4", 4: "P5" } }, false);
    expect(saved.draft.publications!.top_five).toEqual(["P1", "P2", "", "P4", "P5"]);
    expect(errorsOf(saved, "publications")).toEqual({ "top_five[2]": ["validation.required"] });
    const fixed = await saveStep(api, "applicant", saved, "publications", { top_five: { 0: "P1", 1: "P2", 2: "P3", 3: "P4", 4: "P5" } }, false);
    expect(fixed.draft.publications!.top_five).toEqual(["P1", "P2", "P3", "P4", "P5"]);
    expect(errorsOf(fixed, "publications")).toEqual({});
    // Positions beyond the draft's bound are refused, not stored.
    const refused = await api.op(applications.update, {
      as: "applicant", param: { id: app.id }, json: { step: "publications", values: { top_five: { 10: "P" } }, updated_at: fixed.updated_at },
    });
    expect(refused.status).toBe(422);
  });

  it("refuses a working region that is not in the list", async () => {
    const { app } = await ready();
    const saved = await saveStep(api, "applicant", app, "publications", { top_five: ["1", "2", "3", "4", "5"], working_region: ["atlantis"] }, false);
    expect(errorsOf(saved, "publications")).toEqual({ "working_region[0]": ["validation.invalid"] });
  });
});

describe("step 8, appendices", () => {
  it("asks for a different file in each appendix", async () => {
    const { app, plan, dmp } = await ready();
    const saved = await saveStep(api, "applicant", app, "appendices", { research_plan: plan, group_leader_cv: plan, data_man_draft: dmp }, false);
    expect(errorsOf(saved, "appendices")).toEqual({ group_leader_cv: ["applications-validation.same-file"] });
  });

  it("asks for recommendation letters when any other member is early-career too", async () => {
    const { app, plan, cv, dmp } = await ready();
    const files = { research_plan: plan, group_leader_cv: cv, data_man_draft: dmp };
    let a = await saveStep(api, "applicant", await withYoungLeader(app, false), "appendices", files, false);
    expect(errorsOf(a, "appendices")).toEqual({});
    const members = a.draft.group!.members!;
    const young = { ...members[0], key: "m-young", email: "young.member@example.org", leader: false, young: true };
    a = await saveStep(api, "applicant", a, "user-group", { members: [...members, young] }, false);
    expect(errorsOf(a, "appendices")).toEqual({ recommendation_letter: ["applications-validation.letters"] });
    await api.db.updateTable("settings").set({ value: "no", updated_at: new Date() }).where("key", "=", "recommendation-letter").execute();
    try {
      a = (await api.op(applications.one, { as: "applicant", param: { id: a.id } })).data;
      expect(errorsOf(a, "appendices")).toEqual({});
    } finally {
      await api.db.updateTable("settings").set({ value: "yes", updated_at: new Date() }).where("key", "=", "recommendation-letter").execute();
    }
  });

  it("asks for recommendation letters when the group leader is early-career, not otherwise, and refuses a letter that is the CV", async () => {
    const { app, plan, cv, dmp } = await ready();
    const files = { research_plan: plan, group_leader_cv: cv, data_man_draft: dmp };
    let a = await saveStep(api, "applicant", await withYoungLeader(app, false), "appendices", files, false);
    expect(errorsOf(a, "appendices")).toEqual({});
    a = await withYoungLeader(a, true);
    expect(errorsOf(a, "appendices")).toEqual({ recommendation_letter: ["applications-validation.letters"] });
    a = await saveStep(api, "applicant", a, "appendices", { ...files, recommendation_letter: [cv] }, false);
    expect(errorsOf(a, "appendices")).toEqual({ recommendation_letter: ["applications-validation.same-file"] });
    const letter = await medium(api, app.owner.id, "letter.pdf");
    a = await saveStep(api, "applicant", a, "appendices", { ...files, recommendation_letter: [letter] }, false);
    expect(errorsOf(a, "appendices")).toEqual({});
    expect(a.media.filter((m) => m.collection === "recommendation_letter").map((m) => m.id)).toEqual([letter]);
  });

  it("refuses another user's file with 422 media.not-found, and links nothing", async () => {
    const { app, cv, dmp } = await ready();
    await startDraft(api, "applicant2");
    const other = await api.db.selectFrom("users").select("id").where("email", "=", "applicant2@demo.ta-portal.test").executeTakeFirstOrThrow();
    const theirs = await medium(api, other.id, "theirs.pdf");
    const refused = await api.op(applications.update, {
      as: "applicant", param: { id: app.id },
      json: { step: "appendices", values: { research_plan: theirs, group_leader_cv: cv, data_man_draft: dmp }, updated_at: app.updated_at },
    });
    expect(refused).toMatchObject({ status: 422, data: { errors: { research_plan: ["media.not-found"] } } });
    const after = await api.op(applications.one, { as: "applicant", param: { id: app.id } });
    expect(after.data.media.map((m) => m.id)).not.toContain(theirs);
  });

  it("does not ask for the data management plan draft when the call's switch is off", async () => {
    const { app, plan, cv } = await ready();
    const id = await callId(api, OPEN_CALL);
    await api.db.updateTable("calls").set({ data_management_plan: false }).where("id", "=", id).execute();
    // A write through the portal's pool: the calls kept in memory hear of it, as of a save (ADR 019).
    try {
      const saved = await saveStep(api, "applicant", app, "appendices", { research_plan: plan, group_leader_cv: cv }, false);
      expect(errorsOf(saved, "appendices")).toEqual({});
    } finally {
      await api.db.updateTable("calls").set({ data_management_plan: true }).where("id", "=", id).execute();
    }
    const again = await api.op(applications.one, { as: "applicant", param: { id: app.id } });
    expect(errorsOf(again.data, "appendices")).toEqual({ data_man_draft: ["validation.required"] });
  });

  it("lets the owner read the application's files through GET /api/media/{id}, and no one else", async () => {
    const { app } = await ready();
    const cv = app.draft.appendices!.group_leader_cv as number;
    expect(app.media).toContainEqual(expect.objectContaining({ id: cv, collection: "group_leader_cv", name: "cv.pdf" }));
    expect(await api.op(media.one, { as: "applicant", param: { id: cv } })).toMatchObject({ status: 200, data: { id: cv, name: "cv.pdf" } });
    expect((await api.op(media.one, { as: "applicant2", param: { id: cv } })).status).toBe(404);
    expect((await api.op(media.one, { param: { id: cv } })).status).toBe(404);
  });
});
