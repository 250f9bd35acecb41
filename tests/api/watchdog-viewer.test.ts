// Watchdogs and viewers (docs/lifecycle.md#watchdog-review, #viewing): the submitted evaluations and a
// review of each, a conflict, the editor reopening a review; a viewer reads
// an application only after the confidentiality declaration.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as applications from "~/api/applications/contract";
import * as reviews from "~/api/reviews/contract";
import { createTestApi, type TestApi } from "../support/api";
import { applicationUnderEvaluation } from "./review-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** An application with the evaluator's evaluation submitted (scores 4) and applicant2's still open, watched by the watchdog. */
async function watched() {
  const { app, ids } = await applicationUnderEvaluation(api, { evaluator: ["evaluator", "applicant2"], watchdog: ["watchdog"] });
  const id = ids.evaluator.evaluator;
  let e = (await api.op(reviews.one, { as: "evaluator", param: { id } })).data;
  e = (await api.op(reviews.accept, { as: "evaluator", param: { id }, json: { confidential_declaration: true, conflictofinterest_declaration: true, updated_at: e.updated_at } })).data;
  const scores = Object.fromEntries(e.criteria.map((c) => [String(c.id), { score: 4, justification: "Convincing." }]));
  const submitted = await api.op(reviews.save, { as: "evaluator", param: { id }, json: { scores, submit: true, updated_at: e.updated_at } });
  expect(submitted.status).toBe(200);
  return { app, ids, evaluationId: id };
}

describe("the watchdog", () => {
  it("lists the applications they watch, and reads the submitted evaluations with their scores (not the open ones)", async () => {
    const { app, ids, evaluationId } = await watched();
    const list = await api.op(reviews.toWatch, { as: "watchdog" });
    expect(list.data.data).toContainEqual(expect.objectContaining({ id: ids.watchdog.watchdog, application_id: app.id, evaluations_submitted: 1, reviews_done: 0, state: "assigned" }));
    expect((await api.op(reviews.toWatch, { as: "evaluator" })).status).toBe(403);
    const view = await api.op(reviews.evaluations, { as: "watchdog", param: { id: app.id } });
    expect(view.data.evaluations.map((e) => e.id)).toEqual([evaluationId]);
    expect(Object.values(view.data.evaluations[0].scores)).toContainEqual({ score: 4, justification: "Convincing." });
    expect(view.data.watchdog).toMatchObject({ id: ids.watchdog.watchdog, state: "assigned" });
    // Staff see every evaluator's state.
    const staff = await api.op(reviews.evaluations, { as: "editor", param: { id: app.id } });
    expect(staff.data.evaluations.map((e) => e.state)).toEqual(["submitted", "assigned"]);
  });

  it("agrees or comments (comment required); a saved review is closed until an editor reopens it", async () => {
    const { app, evaluationId } = await watched();
    const bare = await api.op(reviews.review, { as: "watchdog", param: { id: evaluationId }, json: { verdict: "comment" } });
    expect(bare).toMatchObject({ status: 422, data: { errors: { comment: ["validation.required"] } } });
    const long = await api.op(reviews.review, { as: "watchdog", param: { id: evaluationId }, json: { verdict: "comment", comment: "x".repeat(2001) } });
    expect(long.data).toMatchObject({ errors: { comment: ["validation.max"] } });
    const agreed = await api.op(reviews.review, { as: "watchdog", param: { id: evaluationId }, json: { verdict: "agree" } });
    expect(agreed.data).toMatchObject({ verdict: "agree", evaluation_id: evaluationId, submitted_at: expect.any(String) });
    const again = await api.op(reviews.review, { as: "watchdog", param: { id: evaluationId }, json: { verdict: "agree", updated_at: agreed.data.updated_at } });
    expect(again).toMatchObject({ status: 409, data: { code: "reviews.errors.review-closed" } });

    // The editor reopens it: only the admin area, only a review of that application.
    const forbidden = await api.op(reviews.reopen, { as: "watchdog", param: { id: app.id }, json: { review_id: agreed.data.id } });
    expect(forbidden.status).toBe(403);
    const elsewhere = await api.op(reviews.reopen, { as: "editor", param: { id: app.id + 1000 }, json: { review_id: agreed.data.id } });
    expect(elsewhere.status).toBe(404);
    const reopened = await api.op(reviews.reopen, { as: "editor", param: { id: app.id }, json: { review_id: agreed.data.id } });
    expect(reopened.data).toMatchObject({ id: agreed.data.id, submitted_at: null, verdict: "agree" });
    const twice = await api.op(reviews.reopen, { as: "editor", param: { id: app.id }, json: { review_id: agreed.data.id } });
    expect(twice).toMatchObject({ status: 409, data: { code: "reviews.errors.review-open" } });

    // Saved again: a stale version is refused, the current one closes it with the comment.
    const stale = await api.op(reviews.review, { as: "watchdog", param: { id: evaluationId }, json: { verdict: "comment", comment: "Too generous.", updated_at: agreed.data.updated_at } });
    expect(stale).toMatchObject({ status: 409, data: { code: "reviews.errors.stale" } });
    const commented = await api.op(reviews.review, { as: "watchdog", param: { id: evaluationId }, json: { verdict: "comment", comment: "Too generous.", updated_at: reopened.data.updated_at } });
    expect(commented.data).toMatchObject({ verdict: "comment", comment: "Too generous.", submitted_at: expect.any(String) });
    const staff = await api.op(reviews.evaluations, { as: "editor", param: { id: app.id } });
    expect(staff.data.evaluations[0].reviews).toEqual([expect.objectContaining({ verdict: "comment", comment: "Too generous.", mine: false })]);
    expect((await api.op(reviews.toWatch, { as: "watchdog" })).data.data.find((r) => r.application_id === app.id)).toMatchObject({ reviews_done: 1 });
  });

  it("cannot review an evaluation not submitted, nor one of an application they do not watch", async () => {
    const { ids } = await watched();
    expect((await api.op(reviews.review, { as: "watchdog", param: { id: ids.evaluator.applicant2 }, json: { verdict: "agree" } })).status).toBe(404);
    const other = await watched();
    await api.db.deleteFrom("application_reviewers").where("id", "=", other.ids.watchdog.watchdog).execute();
    expect((await api.op(reviews.review, { as: "watchdog", param: { id: other.evaluationId }, json: { verdict: "agree" } })).status).toBe(404);
    expect((await api.op(reviews.evaluations, { as: "watchdog", param: { id: other.app.id } })).status).toBe(404);
  });

  it("sends a conflict only with a note, then reviews nothing and sees no evaluation", async () => {
    const { app, ids, evaluationId } = await watched();
    const id = ids.watchdog.watchdog;
    const view = await api.op(reviews.evaluations, { as: "watchdog", param: { id: app.id } });
    const none = await api.op(reviews.watchdogConflict, { as: "watchdog", param: { id }, json: { note: "", updated_at: view.data.watchdog!.updated_at } });
    expect(none).toMatchObject({ status: 422, data: { errors: { note: ["validation.required"] } } });
    const notMine = await api.op(reviews.watchdogConflict, { as: "evaluator", param: { id }, json: { note: "x", updated_at: view.data.watchdog!.updated_at } });
    expect(notMine.status).toBe(404);
    const sent = await api.op(reviews.watchdogConflict, { as: "watchdog", param: { id }, json: { note: "Same lab.", updated_at: view.data.watchdog!.updated_at } });
    expect(sent.data).toMatchObject({ watchdog: { state: "conflict", conflict_note: "Same lab." }, evaluations: [] });
    const review = await api.op(reviews.review, { as: "watchdog", param: { id: evaluationId }, json: { verdict: "agree" } });
    expect(review).toMatchObject({ status: 409, data: { code: "reviews.errors.in-conflict" } });
  });
});

describe("the viewer", () => {
  it("reads the application only after saving the confidentiality declaration", async () => {
    const { app } = await applicationUnderEvaluation(api, { viewer: ["viewer"] });
    const list = await api.op(reviews.toView, { as: "viewer" });
    expect(list.data.data).toContainEqual(expect.objectContaining({ application_id: app.id, declared: false, acronym: "ICEFLOW" }));
    expect((await api.op(applications.one, { as: "viewer", param: { id: app.id } })).status).toBe(404);
    const unticked = await api.op(reviews.viewerDeclare, { as: "viewer", param: { id: app.id }, json: {} as never });
    expect(unticked).toMatchObject({ status: 422, data: { errors: { confidential_declaration: ["reviews.validation.declaration-required"] } } });
    expect((await api.op(reviews.viewerDeclare, { as: "evaluator", param: { id: app.id }, json: { confidential_declaration: true } })).status).toBe(404);
    const declared = await api.op(reviews.viewerDeclare, { as: "viewer", param: { id: app.id }, json: { confidential_declaration: true } });
    expect(declared).toMatchObject({ status: 200, data: { declared: true } });
    const read = await api.op(applications.one, { as: "viewer", param: { id: app.id } });
    expect(read.data).toMatchObject({ id: app.id, reviewer_roles: ["viewer"] });
    expect((await api.op(reviews.toView, { as: "viewer" })).data.data.find((r) => r.application_id === app.id)).toMatchObject({ declared: true });
    // A viewer never reads the evaluations.
    expect((await api.op(reviews.evaluations, { as: "viewer", param: { id: app.id } })).status).toBe(404);
  });
});
