// Evaluators, criteria and evaluation_complete (docs/lifecycle.md#evaluation): accept or
// conflict, scores per criterion of the call, save and submit, the deadline,
// and that an evaluator never reads another's scores.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as applications from "~/api/applications/contract";
import * as calls from "~/api/calls/contract";
import * as reviews from "~/api/reviews/contract";
import { todayIso } from "~/domain/dates";
import { refreshEvaluationComplete } from "~/domain/reviews/evaluations.server";
import { createTestApi, type TestApi } from "../support/api";
import { callId, OPEN_CALL } from "./application-helpers";
import { applicationUnderEvaluation } from "./review-helpers";

let api: TestApi;
let criteria: { id: number; key: string | null }[];
beforeAll(async () => {
  api = await createTestApi();
  criteria = await api.db.selectFrom("criteria").select(["id", "key"]).orderBy("position").execute();
});
afterAll(() => api.close());

const DECLARED = { confidential_declaration: true, conflictofinterest_declaration: true } as const;
const allScored = (score = 4, justification = "Sound plan.") =>
  Object.fromEntries(criteria.map((c) => [String(c.id), { score, justification }]));

async function evaluation(as: string, id: number) {
  const res = await api.op(reviews.one, { as, param: { id } });
  expect(res.status).toBe(200);
  return res.data;
}

async function accepted(as: string, id: number) {
  const e = await evaluation(as, id);
  const res = await api.op(reviews.accept, { as, param: { id }, json: { ...DECLARED, updated_at: e.updated_at } });
  expect(res.status, JSON.stringify(res.data)).toBe(200);
  return res.data;
}

const setHalves = async (on: boolean) =>
  api.db.updateTable("calls").set({ half_point_rating: on }).where("id", "=", await callId(api, OPEN_CALL)).execute();

describe("criteria", () => {
  it("seeds the four defaults once, by key", () => {
    expect(criteria.map((c) => c.key)).toEqual(["scientific-excellence", "methodology-feasibility", "expected-impact", "team-competence"]);
  });

  it("GET /api/criteria offers every criterion, the defaults chosen for a call that chose none (editor, admin)", async () => {
    const res = await api.op(reviews.criteriaList, { as: "editor", query: {} });
    expect(res.data.data.map((c) => c.chosen)).toEqual([true, true, true, true]);
    expect((await api.op(reviews.criteriaList, { as: "evaluator", query: {} })).status).toBe(403);
  });

  it("saves a call's criteria with the call; none sent is the defaults; an empty list or an unknown id is refused", async () => {
    const id = await callId(api, OPEN_CALL);
    const call = (await api.op(calls.one, { as: "editor", param: { id } })).data;
    const body = {
      ...call, description: call.description ?? undefined, available_infrastructures: call.available_infrastructures?.map((i) => i.id),
      acceptance_agreement: call.acceptance_agreement?.id, scientific_report_template: call.scientific_report_template?.id ?? undefined,
      data_man_template: call.data_man_template?.id ?? undefined,
    };
    const empty = await api.call("PUT", `/calls/${id}`, { as: "editor", body: { ...body, criteria: [] } });
    expect(await empty.json()).toMatchObject({ errors: { criteria: ["reviews.validation.criteria-required"] } });
    const unknown = await api.call("PUT", `/calls/${id}`, { as: "editor", body: { ...body, criteria: [999999] } });
    expect(await unknown.json()).toMatchObject({ errors: { criteria: ["reviews.validation.criterion"] } });

    const two = await api.call("PUT", `/calls/${id}`, { as: "editor", body: { ...body, criteria: [criteria[2].id, criteria[0].id] } });
    expect(two.status).toBe(200);
    const chosen = await api.op(reviews.criteriaList, { as: "editor", query: { call_id: id } });
    expect(chosen.data.data.filter((c) => c.chosen).map((c) => c.value).sort()).toEqual([criteria[0].id, criteria[2].id].sort());

    const again = (await two.json()) as { updated_at: string };
    const back = await api.call("PUT", `/calls/${id}`, { as: "editor", body: { ...body, updated_at: again.updated_at } });
    expect(back.status).toBe(200);
    expect(await api.db.selectFrom("call_criteria").select("criterion_id").where("call_id", "=", id).execute()).toEqual([]);
  });
});

describe("the evaluator", () => {
  it("lists their evaluations with the call's deadline and their state, and only theirs", async () => {
    const { app, ids } = await applicationUnderEvaluation(api, { evaluator: ["evaluator"] });
    const list = await api.op(reviews.myEvaluations, { as: "evaluator" });
    expect(list.data.data).toContainEqual(expect.objectContaining({
      id: ids.evaluator.evaluator, application_id: app.id, acronym: "ICEFLOW", call_title: OPEN_CALL, state: "assigned",
      evaluation_date: app.call.evaluation_date, deadline_passed: false,
    }));
    expect((await api.op(reviews.myEvaluations, { as: "applicant" })).status).toBe(403);
    // The application reads as the evaluator's to review.
    const read = await api.op(applications.one, { as: "evaluator", param: { id: app.id } });
    expect(read.data.reviewer_roles).toEqual(["evaluator"]);
  });

  it("accepts only with both declarations, and cannot score before", async () => {
    const { ids } = await applicationUnderEvaluation(api, { evaluator: ["evaluator"] });
    const id = ids.evaluator.evaluator;
    const e = await evaluation("evaluator", id);
    expect(e.criteria.map((c) => c.key)).toEqual(criteria.map((c) => c.key));
    const early = await api.op(reviews.save, { as: "evaluator", param: { id }, json: { scores: allScored(), updated_at: e.updated_at } });
    expect(early).toMatchObject({ status: 409, data: { code: "reviews.errors.accept-first" } });
    const none = await api.op(reviews.accept, { as: "evaluator", param: { id }, json: { updated_at: e.updated_at } as never });
    expect(none).toMatchObject({
      status: 422,
      data: { errors: { confidential_declaration: ["reviews.validation.declaration-required"], conflictofinterest_declaration: ["reviews.validation.declaration-required"] } },
    });
    const half = await api.op(reviews.accept, { as: "evaluator", param: { id }, json: { confidential_declaration: true, conflictofinterest_declaration: false as true, updated_at: e.updated_at } });
    expect(half.data).toMatchObject({ errors: { conflictofinterest_declaration: ["reviews.validation.declaration-required"] } });
    const ok = await accepted("evaluator", id);
    expect(ok).toMatchObject({ state: "accepted", confidential_declaration: true, conflictofinterest_declaration: true, editable: true });
  });

  it("refuses a conflict without a note, or one over 2000 characters, and takes one with", async () => {
    const { ids } = await applicationUnderEvaluation(api, { evaluator: ["evaluator"] });
    const id = ids.evaluator.evaluator;
    const e = await evaluation("evaluator", id);
    const none = await api.op(reviews.sendConflict, { as: "evaluator", param: { id }, json: { note: "  ", updated_at: e.updated_at } });
    expect(none).toMatchObject({ status: 422, data: { errors: { note: ["validation.required"] } } });
    const long = await api.op(reviews.sendConflict, { as: "evaluator", param: { id }, json: { note: "x".repeat(2001), updated_at: e.updated_at } });
    expect(long).toMatchObject({ status: 422, data: { errors: { note: ["validation.max"] } } });
    const sent = await api.op(reviews.sendConflict, { as: "evaluator", param: { id }, json: { note: "I co-authored with the leader.", updated_at: e.updated_at } });
    expect(sent.data).toMatchObject({ state: "conflict", conflict_note: "I co-authored with the leader.", editable: false });
    const after = await api.op(reviews.accept, { as: "evaluator", param: { id }, json: { ...DECLARED, updated_at: sent.data.updated_at } });
    expect(after).toMatchObject({ status: 409, data: { code: "reviews.errors.in-conflict" } });
  });

  it("scores 1 to 5: 4.5 only on a call with half points, 6 never", async () => {
    const { ids } = await applicationUnderEvaluation(api, { evaluator: ["evaluator"] });
    const id = ids.evaluator.evaluator;
    const e = await accepted("evaluator", id);
    const c = String(criteria[0].id);
    await setHalves(false);
    const half = await api.op(reviews.save, { as: "evaluator", param: { id }, json: { scores: { [c]: { score: 4.5 } }, updated_at: e.updated_at } });
    expect(half).toMatchObject({ status: 422, data: { errors: { [`scores.${c}.score`]: ["reviews.validation.score-half"] } } });
    const six = await api.op(reviews.save, { as: "evaluator", param: { id }, json: { scores: { [c]: { score: 6 } }, updated_at: e.updated_at } });
    expect(six).toMatchObject({ status: 422, data: { errors: { [`scores.${c}.score`]: ["reviews.validation.score-range"] } } });
    const zero = await api.op(reviews.save, { as: "evaluator", param: { id }, json: { scores: { [c]: { score: 0.5 } }, updated_at: e.updated_at } });
    expect(zero.data).toMatchObject({ errors: { [`scores.${c}.score`]: ["reviews.validation.score-range"] } });
    const other = await api.op(reviews.save, { as: "evaluator", param: { id }, json: { scores: { "999999": { score: 3 } }, updated_at: e.updated_at } });
    expect(other.data).toMatchObject({ errors: { scores: ["reviews.validation.criterion"] } });
    await setHalves(true);
    try {
      const ok = await api.op(reviews.save, { as: "evaluator", param: { id }, json: { scores: { [c]: { score: 4.5 } }, updated_at: e.updated_at } });
      expect(ok.status, JSON.stringify(ok.data)).toBe(200);
      expect(ok.data.scores).toEqual({ [c]: { score: 4.5 } });
      const six2 = await api.op(reviews.save, { as: "evaluator", param: { id }, json: { scores: { [c]: { score: 6 } }, updated_at: ok.data.updated_at } });
      expect(six2.data).toMatchObject({ errors: { [`scores.${c}.score`]: ["reviews.validation.score-range"] } });
    } finally {
      await setHalves(false);
    }
  });

  it("saves as often as they like, submits only every criterion scored and justified, then no more changes; a stale version is 409", async () => {
    const { app, ids } = await applicationUnderEvaluation(api, { evaluator: ["evaluator"] });
    const id = ids.evaluator.evaluator;
    let e = await accepted("evaluator", id);
    const first = String(criteria[0].id);
    const saved = await api.op(reviews.save, { as: "evaluator", param: { id }, json: { scores: { [first]: { score: 3 } }, submit: false, updated_at: e.updated_at } });
    expect(saved.data).toMatchObject({ state: "accepted", scores: { [first]: { score: 3 } } });
    const stale = await api.op(reviews.save, { as: "evaluator", param: { id }, json: { scores: {}, updated_at: e.updated_at } });
    expect(stale).toMatchObject({ status: 409, data: { code: "reviews.errors.stale" } });
    e = saved.data;
    const incomplete = await api.op(reviews.save, { as: "evaluator", param: { id }, json: { scores: { [first]: { score: 3 } }, submit: true, updated_at: e.updated_at } });
    expect(incomplete.status).toBe(422);
    expect(incomplete.data).toMatchObject({ errors: { [`scores.${first}.justification`]: ["validation.required"], [`scores.${criteria[1].id}.score`]: ["validation.required"] } });
    const long = await api.op(reviews.save, { as: "evaluator", param: { id }, json: { scores: allScored(4, "x".repeat(2001)), updated_at: e.updated_at } });
    expect(long.status).toBe(422);
    const submitted = await api.op(reviews.save, { as: "evaluator", param: { id }, json: { scores: allScored(), submit: true, updated_at: e.updated_at } });
    expect(submitted.data).toMatchObject({ state: "submitted", submitted_at: expect.any(String), editable: false });
    const after = await api.op(reviews.save, { as: "evaluator", param: { id }, json: { scores: allScored(5), updated_at: submitted.data.updated_at } });
    expect(after).toMatchObject({ status: 409, data: { code: "reviews.errors.submitted" } });
    const row = await api.db.selectFrom("applications").select(["evaluation_complete", "mean_score", "evaluations_submitted"]).where("id", "=", app.id).executeTakeFirstOrThrow();
    expect(row.evaluation_complete).toBe(true);
    // The panel's ranking reads the mean the submission keeps on the application (a saved, unsubmitted score does not count).
    expect([Number(row.mean_score), row.evaluations_submitted]).toEqual([4, 1]);
  });

  it("after the call's evaluation_date: 422 with the words of docs/validation.md#messages, and the evaluation reads as not editable", async () => {
    const { ids } = await applicationUnderEvaluation(api, { evaluator: ["evaluator"] });
    const id = ids.evaluator.evaluator;
    const e = await accepted("evaluator", id);
    const call = await callId(api, OPEN_CALL);
    const { evaluation_date } = await api.db.selectFrom("calls").select("evaluation_date").where("id", "=", call).executeTakeFirstOrThrow();
    const yesterday = new Date(`${todayIso()}T12:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    await api.db.updateTable("calls").set({ evaluation_date: yesterday.toISOString().slice(0, 10) }).where("id", "=", call).execute();
    try {
      const late = await api.op(reviews.save, { as: "evaluator", param: { id }, json: { scores: allScored(), updated_at: e.updated_at } });
      expect(late).toMatchObject({ status: 422, data: { message: "The evaluation deadline passed, this application can not be evaluated", code: "reviews.errors.deadline-passed" } });
      expect(await evaluation("evaluator", id)).toMatchObject({ deadline_passed: true, editable: false });
      expect((await api.op(reviews.myEvaluations, { as: "evaluator" })).data.data.find((r) => r.id === id)).toMatchObject({ deadline_passed: true });
      // The evaluation day itself still counts.
      await api.db.updateTable("calls").set({ evaluation_date: todayIso() }).where("id", "=", call).execute();
      expect(await evaluation("evaluator", id)).toMatchObject({ deadline_passed: false, editable: true });
    } finally {
      await api.db.updateTable("calls").set({ evaluation_date }).where("id", "=", call).execute();
    }
  });

  it("never reads another evaluator's evaluation or scores", async () => {
    const { app, ids } = await applicationUnderEvaluation(api, { evaluator: ["evaluator", "applicant2"] });
    const mine = await accepted("evaluator", ids.evaluator.evaluator);
    await api.op(reviews.save, { as: "evaluator", param: { id: mine.id }, json: { scores: allScored(5, "Secret praise."), submit: true, updated_at: mine.updated_at } });
    for (const path of [`/evaluations/${mine.id}`, `/applications/${app.id}/evaluations`]) {
      expect((await api.call("GET", path, { as: "applicant2" })).status).toBe(404);
    }
    const write = await api.op(reviews.save, { as: "applicant2", param: { id: mine.id }, json: { scores: {}, updated_at: mine.updated_at } });
    expect(write.status).toBe(404);
    const read = await api.call("GET", `/applications/${app.id}`, { as: "applicant2" });
    expect(read.status).toBe(200);
    expect(await read.text()).not.toContain("Secret praise.");
    expect(JSON.stringify(await api.op(reviews.myEvaluations, { as: "evaluator" }))).not.toContain("Secret praise.");
  });
});

describe("evaluation_complete", () => {
  it("is set when every evaluator not in conflict has submitted, and at least one has", async () => {
    const { app, ids } = await applicationUnderEvaluation(api, { evaluator: ["evaluator", "applicant2"] });
    const complete = async () => (await api.db.selectFrom("applications").select("evaluation_complete").where("id", "=", app.id).executeTakeFirstOrThrow()).evaluation_complete;
    const first = await accepted("evaluator", ids.evaluator.evaluator);
    await api.op(reviews.save, { as: "evaluator", param: { id: first.id }, json: { scores: allScored(), submit: true, updated_at: first.updated_at } });
    expect(await complete()).toBe(false);
    const second = await evaluation("applicant2", ids.evaluator.applicant2);
    await api.op(reviews.sendConflict, { as: "applicant2", param: { id: second.id }, json: { note: "My former student.", updated_at: second.updated_at } });
    expect(await complete()).toBe(true);
    // Everyone in conflict: nobody evaluated it.
    await api.db.updateTable("application_reviewers").set({ state: "conflict" }).where("id", "=", first.id).execute();
    expect(await refreshEvaluationComplete(api.db, app.id)).toBe(false);
    expect(await complete()).toBe(false);
  });
});
