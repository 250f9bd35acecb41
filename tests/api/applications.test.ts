// The application wizard's API (docs/ui.md#wizard): start, save each step valid or not,
// the step guard data, submit by the group leader, delete a draft.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Expression, SqlBool } from "kysely";
import * as applications from "~/api/applications/contract";
import { list as staffList } from "~/api/admin-applications/contract";
import { createTestApi, type TestApi } from "../support/api";
import { callId, CLOSED_CALL, completeDraft, OPEN_CALL, REMOTE_CALL, saveStep, startDraft } from "./application-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe("POST /api/applications", () => {
  it("answers 401 signed out, before looking at the body", async () => {
    expect((await api.call("POST", "/applications", { body: { call_id: "x" } })).status).toBe(401);
  });

  it("creates a draft at step 1 owned by the caller, the first member (the leader) prefilled from the profile, with a history row", async () => {
    const { status, data } = await startDraft(api, "applicant");
    expect(status).toBe(200);
    expect(data).toMatchObject({ status: "draft", step: 1, call: { title: OPEN_CALL, is_open: true }, complete: false, is_leader: true });
    expect(data.draft.group!.members!).toEqual([expect.objectContaining({ email: "applicant@demo.ta-portal.test", name: "Alice", leader: true, key: expect.any(String) })]);
    expect(data.history).toEqual([expect.objectContaining({ from_status: null, to_status: "draft" })]);
  });

  it("refuses a closed call with the words of docs/validation.md#messages, and a call in preparation as missing", async () => {
    const closed = await api.op(applications.create, { as: "applicant", json: { call_id: await callId(api, CLOSED_CALL) } });
    expect(closed).toMatchObject({ status: 422, data: { message: "The call is closed, application is no longer available" } });
    const draftCall = await api.db.selectFrom("calls").select("id").where("status", "=", "draft").executeTakeFirstOrThrow();
    expect((await api.op(applications.create, { as: "applicant", json: { call_id: draftCall.id } })).status).toBe(404);
  });

  it("refuses an organization country the call excludes, and asks for it when it is not set", async () => {
    const call_id = await callId(api, REMOTE_CALL);
    await api.db.updateTable("users").set({ organization_country: "SY" }).where("sub", "=", "demo-viewer").execute();
    const excluded = await api.op(applications.create, { as: "viewer", json: { call_id } });
    expect(excluded).toMatchObject({ status: 422, data: { message: "Your organization's country is not authorized to participate in this call" } });
    await api.db.updateTable("users").set({ organization_country: null }).where("sub", "=", "demo-viewer").execute();
    const unknown = await api.op(applications.create, { as: "viewer", json: { call_id } });
    expect(unknown).toMatchObject({ status: 422, data: { code: "applications.country-missing" } });
  });
});

describe("POST /api/applications with copy_from", () => {
  it("copies project, group, publications and appendices of the caller's earlier application, not its accesses or costs", async () => {
    const earlier = await completeDraft(api, "applicant", (await startDraft(api, "applicant")).data);
    const copy = await api.op(applications.create, { as: "applicant", json: { call_id: earlier.call.id, copy_from: earlier.id } });
    expect(copy.status).toBe(201);
    const { data } = await api.op(applications.one, { as: "applicant", param: { id: copy.data.id } });
    expect(data).toMatchObject({ status: "draft", step: 1, acronym: "ICEFLOW" });
    for (const section of ["project", "group", "publications", "appendices"] as const) expect(data.draft[section]).toEqual(earlier.draft[section]);
    expect(data.draft.logistics).toBeUndefined();
    expect(data.draft.costs).toBeUndefined();
    expect(data.draft.terms).toBeUndefined();
    // The files are the new draft's too (in use by it).
    expect(data.media.map((m) => m.collection).sort()).toEqual(["data_man_draft", "group_leader_cv", "research_plan"]);
  });

  it("refuses someone else's application as a model (422 on copy_from)", async () => {
    const theirs = (await startDraft(api, "applicant")).data;
    await api.db.updateTable("users").set({ organization_country: "BE" }).where("sub", "=", "demo-evaluator").execute();
    const refused = await api.op(applications.create, { as: "evaluator", json: { call_id: theirs.call.id, copy_from: theirs.id } });
    expect(refused).toMatchObject({ status: 422, data: { errors: { copy_from: ["applications-validation.copy-from"] } } });
  });
});

describe("PUT /api/applications/{id} (one step)", () => {
  it("saves what was entered even when invalid, with the step's errors, and does not move on", async () => {
    const { data: app } = await startDraft(api, "applicant");
    const saved = await saveStep(api, "applicant", app, "project", { acronym: "X".repeat(300), activity_keywords: ["a", "b", "c", "d", "e", "f"], previous_description: "p".repeat(2001) });
    expect(saved.draft.project).toMatchObject({ acronym: "X".repeat(300), previous_description: "p".repeat(2001) });
    const project = saved.steps.find((s) => s.slug === "project")!;
    expect(project.errors).toMatchObject({
      acronym: ["validation.max"], title: ["validation.required"], description: ["validation.required"],
      activity_keywords: ["applications-validation.keywords-max"], previous_description: ["validation.max"],
    });
    expect(saved.step).toBe(1);
  });

  it("moves the current step on only when every step up to it is complete", async () => {
    const { data: app } = await startDraft(api, "applicant");
    const refused = await saveStep(api, "applicant", app, "terms", {});
    expect(refused.step).toBe(1);
    expect(refused.steps.find((s) => s.slug === "terms")!.errors).toEqual({ termsandconditions: ["applications-validation.terms"] });
    const accepted = await saveStep(api, "applicant", refused, "terms", { termsandconditions: true });
    // Before you start is step 1 and always complete; the terms, step 2, move the draft on to step 3.
    expect(accepted.step).toBe(3);
  });

  it("answers each step's task status: completed once gone past and valid, in progress once something is stored", async () => {
    const { data: app } = await startDraft(api, "applicant");
    const status = (a: typeof app) => Object.fromEntries(a.steps.map((s) => [s.slug, s.status]));
    // A new draft: nothing visited; the user group holds the prefilled leader.
    expect(status(app)).toMatchObject({ intro: "not-started", terms: "not-started", project: "not-started", "user-group": "in-progress", review: "not-started" });
    let a = await saveStep(api, "applicant", app, "intro");
    a = await saveStep(api, "applicant", a, "terms", { termsandconditions: true });
    // Valid but only saved as a draft: not completed yet.
    a = await saveStep(api, "applicant", a, "project", { acronym: "HALF" }, false);
    expect(status(a)).toMatchObject({ intro: "completed", terms: "completed", project: "in-progress", costs: "not-started" });
    // A step gone past that is no longer valid is in progress again.
    a = await saveStep(api, "applicant", a, "terms", { termsandconditions: false }, false);
    expect(status(a)).toMatchObject({ terms: "in-progress" });
  });

  it("answers the application as a read then gives it, so the step shown after Save draft is the one a reload shows", async () => {
    // The wizard's loaders show this answer instead of reading the application again (wizard-step.server).
    const { data: app } = await startDraft(api, "applicant");
    const saved = await saveStep(api, "applicant", app, "project", { acronym: "SAME", title: "Read or written" }, false);
    const read = await api.op(applications.one, { as: "applicant", param: { id: app.id } });
    expect(saved).toEqual(read.data);
    const withFiles = await completeDraft(api, "applicant", (await startDraft(api, "applicant")).data);
    const again = await saveStep(api, "applicant", withFiles, "publications", withFiles.draft.publications as Record<string, unknown>, false);
    expect(again).toEqual((await api.op(applications.one, { as: "applicant", param: { id: withFiles.id } })).data);
  });

  it("answers 409 to a stale save and keeps the newer one", async () => {
    const { data: app } = await startDraft(api, "applicant");
    await saveStep(api, "applicant", app, "project", { acronym: "FIRST" }, false);
    const stale = await api.op(applications.update, { as: "applicant", param: { id: app.id }, json: { step: "project", values: { acronym: "SECOND" }, updated_at: app.updated_at } });
    expect(stale.status).toBe(409);
    const now = await api.op(applications.one, { as: "applicant", param: { id: app.id } });
    expect(now.data.draft.project).toMatchObject({ acronym: "FIRST" });
  });

  it("keeps one of two saves sent at once with the same version, and answers 409 to the other", async () => {
    const { data: app } = await startDraft(api, "applicant");
    const send = (acronym: string) => api.op(applications.update, { as: "applicant", param: { id: app.id }, json: { step: "project", values: { acronym }, updated_at: app.updated_at } });
    const answers = await Promise.all([send("LEFT"), send("RIGHT"), send("THIRD")]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const kept = answers.find((a) => a.status === 200)!.data as unknown as { draft: { project: { acronym: string } } };
    const now = await api.op(applications.one, { as: "applicant", param: { id: app.id } });
    expect(now.data.draft.project!.acronym).toBe(kept.draft.project.acronym);
  });

  it("checks the version and the row in the save's own statement: 404 once the row is gone, 409 once it changed", async () => {
    const { claimVersion } = await import("~/domain/write.server");
    const { data: app } = await startDraft(api, "applicant");
    const update = (current: Expression<SqlBool>) =>
      api.db.updateTable("applications").set({ title: "x" }).where(current).returning("id").executeTakeFirst();
    const claim = (readAt: string) => claimVersion(api.db, "applications", app.id, readAt, "stale-key", { update });
    await expect(claim("2020-01-01T00:00:00.000Z")).rejects.toMatchObject({ status: 409, message: "stale-key" });
    expect(await claim(app.updated_at)).toEqual({ id: app.id });
    await api.db.updateTable("applications").set({ deleted_at: new Date() }).where("id", "=", app.id).execute();
    await expect(claim(app.updated_at)).rejects.toMatchObject({ status: 404 });
  });

  it("hides another user's application (404) and refuses staff edits of a draft they can read (403)", async () => {
    const { data: app } = await startDraft(api, "applicant");
    const body = { step: "project", values: {}, updated_at: app.updated_at };
    expect((await api.op(applications.one, { as: "applicant2", param: { id: app.id } })).status).toBe(404);
    expect((await api.op(applications.update, { as: "applicant2", param: { id: app.id }, json: body })).status).toBe(404);
    expect((await api.op(applications.one, { as: "editor", param: { id: app.id } })).status).toBe(200);
    expect((await api.op(applications.update, { as: "editor", param: { id: app.id }, json: body })).status).toBe(403);
  });

  it("refuses what a draft cannot hold: an unknown step, a text past the draft bound, too many rows (422, nothing saved)", async () => {
    const { data: app } = await startDraft(api, "applicant");
    const put = (json: Record<string, unknown>) => api.op(applications.update, { as: "applicant", param: { id: app.id }, json: { updated_at: app.updated_at, ...json } as never });
    expect(await put({ step: "nope" })).toMatchObject({ status: 422, data: { errors: { step: ["validation.invalid"] } } });
    expect((await put({ step: "project", values: { title: "x".repeat(20_001) } })).status).toBe(422);
    expect((await put({ step: "user-group", values: { members: Array.from({ length: 51 }, () => ({})) } })).status).toBe(422);
    const now = await api.op(applications.one, { as: "applicant", param: { id: app.id } });
    expect(now.data.updated_at).toBe(app.updated_at);
  });
});

describe("PUT /api/applications/{id}/submit", () => {
  it("submits a complete draft of the group leader: status submit, submitted_at, history; then it can no longer be edited", async () => {
    const { data: app } = await startDraft(api, "applicant");
    const complete = await completeDraft(api, "applicant", app);
    expect(complete.steps.filter((s) => !s.complete)).toEqual([]);
    const submitted = await api.op(applications.submit, { as: "applicant", param: { id: app.id }, json: { updated_at: complete.updated_at } });
    expect(submitted).toMatchObject({ status: 200, data: { status: "submit", submitted_at: expect.any(String) } });
    expect(submitted.data.history.map((h) => h.to_status)).toEqual(["draft", "submit"]);
    const again = await api.op(applications.update, { as: "applicant", param: { id: app.id }, json: { step: "project", values: {}, updated_at: submitted.data.updated_at } });
    expect(again.status).toBe(409);
  });

  it("refuses a member who is not the group leader (403)", async () => {
    const { data: app } = await startDraft(api, "applicant");
    const complete = await completeDraft(api, "applicant", app);
    const members = complete.draft.group!.members!.map((m: Record<string, unknown>) => ({ ...m, email: "someone.else@example.org" }));
    const moved = await saveStep(api, "applicant", complete, "user-group", { members });
    expect(moved.is_leader).toBe(false);
    const refused = await api.op(applications.submit, { as: "applicant", param: { id: app.id }, json: { updated_at: moved.updated_at } });
    expect(refused).toMatchObject({ status: 403, data: { code: "applications.not-leader" } });
  });

  it("refuses an incomplete draft with every error named by section, and a call that closed in between", async () => {
    const { data: app } = await startDraft(api, "applicant");
    const incomplete = await api.op(applications.submit, { as: "applicant", param: { id: app.id }, json: { updated_at: app.updated_at } });
    expect(incomplete.status).toBe(422);
    expect(incomplete.data).toMatchObject({ message: "Validation failed, check all required fields", errors: { "terms.termsandconditions": ["applications-validation.terms"], "project.acronym": ["validation.required"] } });
    const complete = await completeDraft(api, "applicant", (await startDraft(api, "applicant")).data);
    await api.db.updateTable("calls").set({ close_at: "2000-01-01" }).where("id", "=", complete.call.id).execute();
    try {
      const closed = await api.op(applications.submit, { as: "applicant", param: { id: complete.id }, json: { updated_at: complete.updated_at } });
      expect(closed).toMatchObject({ status: 422, data: { message: "The call is closed, application is no longer available" } });
    } finally {
      await api.db.updateTable("calls").set({ close_at: complete.call.close_at }).where("id", "=", complete.call.id).execute();
    }
  });
});

describe("DELETE /api/applications/{id} and the lists", () => {
  it("deletes the owner's draft only; the lists show what the caller may see", async () => {
    const { data: app } = await startDraft(api, "applicant2", OPEN_CALL).catch(() => startDraft(api, "applicant", OPEN_CALL));
    const owner = app.owner.id;
    const as = owner === (await api.db.selectFrom("users").select("id").where("sub", "=", "demo-applicant").executeTakeFirstOrThrow()).id ? "applicant" : "applicant2";
    const mine = await api.op(applications.my, { as, query: {} });
    expect(mine.data.data.map((r) => r.id)).toContain(app.id);
    expect((await api.op(staffList, { as: "editor", query: {} })).data.data.map((r) => r.id)).toContain(app.id);
    expect((await api.op(applications.remove, { as: "editor", param: { id: app.id } })).status).toBe(403);
    expect((await api.op(applications.remove, { as, param: { id: app.id } })).status).toBe(204);
    expect((await api.op(applications.one, { as, param: { id: app.id } })).status).toBe(404);
    expect((await api.op(applications.my, { as, query: {} })).data.data.map((r) => r.id)).not.toContain(app.id);
  });
});
