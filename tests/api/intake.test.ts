// Intake (docs/lifecycle.md#submission, #eligibility, #assignment): a submitted application's rows, the editor's status
// changes through the lifecycle table, eligibility and assignment.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as applications from "~/api/applications/contract";
import * as intake from "~/api/intake/contract";
import { createTestApi, type TestApi } from "../support/api";
import { saveStep, submittedApplication } from "./application-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const view = async (id: number) => {
  const r = await api.op(intake.intake, { as: "editor", param: { id } });
  expect(r.status).toBe(200);
  return r.data;
};
const userId = async (sub: string) => (await api.db.selectFrom("users").select("id").where("sub", "=", `demo-${sub}`).executeTakeFirstOrThrow()).id;
const decideAll = async (id: number, eligible: boolean, notes?: string) => {
  const v = await view(id);
  const accesses = v.infrastructures.flatMap((i) => i.accesses.map((a) => ({ id: a.id, eligible })));
  return api.op(intake.eligibility, { as: "editor", param: { id }, json: { accesses, notes, updated_at: v.updated_at } });
};
const change = async (id: number, status: string, notes?: string) =>
  api.op(intake.changeStatus, { as: "editor", param: { id }, json: { status: status as "draft", notes, updated_at: (await view(id)).updated_at } });

describe("submit materialises the draft", () => {
  it("writes the requested infrastructures and accesses as rows, the access's member as an e-mail, eligibility undecided", async () => {
    const app = await submittedApplication(api);
    const v = await view(app.id);
    expect(v.infrastructures).toHaveLength(1);
    expect(v.infrastructures[0]).toMatchObject({ infrastructure_id: Number(app.draft.logistics!.infrastructures![0].infrastructure_id), has_eligible_accesses: null });
    expect(v.infrastructures[0].accesses).toEqual([
      expect.objectContaining({ requested_units: 3, eligible: null, status: "proposed", member_email: "applicant@demo.ta-portal.test" }),
    ]);
  });
});

describe("status changes (lifecycle table)", () => {
  it("offers the editor what the table names from submit, each with what still blocks it", async () => {
    const app = await submittedApplication(api);
    const v = await view(app.id);
    const offer = Object.fromEntries(v.transitions.map((t) => [t.name, t]));
    expect(Object.keys(offer).sort()).toEqual(["canceled", "not-eligible", "restore-draft", "under-evaluation"]);
    expect(offer["under-evaluation"].blockers).toEqual(["eligibility-done", "eligible-access"]);
    expect(offer["not-eligible"].blockers).toEqual(["eligibility-done"]);
    expect(offer.canceled).toMatchObject({ blockers: [], notes_required: true });
  });

  it("refuses under-evaluation before eligibility, then allows it once an access is eligible, with a history row", async () => {
    const app = await submittedApplication(api);
    const early = await change(app.id, "under-evaluation");
    expect(early).toMatchObject({ status: 422, data: { errors: { status: ["intake.blocked.eligibility-done", "intake.blocked.eligible-access"] } } });
    expect((await decideAll(app.id, true)).status).toBe(200);
    expect((await view(app.id)).infrastructures[0].has_eligible_accesses).toBe(true);
    expect(await change(app.id, "under-evaluation")).toMatchObject({ status: 200, data: { from: "submit", to: "under-evaluation" } });
    const read = await api.op(applications.one, { as: "applicant", param: { id: app.id } });
    expect(read.data.status).toBe("under-evaluation");
    expect(read.data.history.at(-1)).toMatchObject({ from_status: "submit", to_status: "under-evaluation" });
    // The applicant is told, in the portal and by e-mail.
    const told = await api.db.selectFrom("notifications").select(["kind", "params", "id"]).where("application_id", "=", app.id).where("user_id", "=", app.owner.id).orderBy("id").execute();
    // Their submit's receipt, then this change.
    expect(told).toEqual([
      expect.objectContaining({ kind: "status-changed", params: { from: "draft", to: "submit" } }),
      expect.objectContaining({ kind: "status-changed", params: { from: "submit", to: "under-evaluation" } }),
    ]);
    const mail = await api.db.selectFrom("mail_outbox").select(["subject"]).where("notification_id", "=", told[1].id).executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Application ICEFLOW (#${app.id}): Under evaluation`);
  });

  it("asks for notes when no access is eligible, and then only allows not-eligible (with notes)", async () => {
    const app = await submittedApplication(api);
    expect(await decideAll(app.id, false)).toMatchObject({ status: 422, data: { errors: { notes: ["intake.eligibility-notes-required"] } } });
    expect((await decideAll(app.id, false, "Outside the call's scope")).status).toBe(200);
    expect((await view(app.id)).eligibility_notes).toBe("Outside the call's scope");
    expect(await change(app.id, "under-evaluation")).toMatchObject({ status: 422, data: { errors: { status: ["intake.blocked.eligible-access"] } } });
    expect(await change(app.id, "not-eligible")).toMatchObject({ status: 422, data: { errors: { notes: ["validation.required"] } } });
    expect(await change(app.id, "not-eligible", "No eligible access")).toMatchObject({ status: 200, data: { to: "not-eligible" } });
  });

  it("refuses a decision for an access of another application, and one missing an access", async () => {
    const [a, b] = [await submittedApplication(api), await submittedApplication(api)];
    const other = (await view(b.id)).infrastructures[0].accesses[0].id;
    const v = await view(a.id);
    const r = await api.op(intake.eligibility, { as: "editor", param: { id: a.id }, json: { accesses: [{ id: other, eligible: true }], updated_at: v.updated_at } });
    expect(r.status).toBe(422);
    expect(Object.keys((r.data as unknown as { errors: object }).errors).sort()).toEqual([`access-${v.infrastructures[0].accesses[0].id}`, "accesses[0].id"]);
  });

  it("restores a submitted application to draft: the applicant edits and resubmits, and the decisions of the accesses kept stay", async () => {
    const app = await submittedApplication(api);
    expect((await decideAll(app.id, true)).status).toBe(200);
    const restored = await api.op(intake.restoreDraft, { as: "editor", param: { id: app.id }, json: { notes: "Please fix the dates", updated_at: (await view(app.id)).updated_at } });
    expect(restored).toMatchObject({ status: 200, data: { from: "submit", to: "draft" } });
    const draft = (await api.op(applications.one, { as: "applicant", param: { id: app.id } })).data;
    expect(draft).toMatchObject({ status: "draft", submitted_at: null });
    const saved = await saveStep(api, "applicant", draft, "project", { ...draft.draft.project, title: "A better title" }, false);
    const again = await api.op(applications.submit, { as: "applicant", param: { id: app.id }, json: { updated_at: saved.updated_at } });
    expect(again.data.status).toBe("submit");
    expect((await view(app.id)).infrastructures[0].accesses[0].eligible).toBe(true);
  });

  it("needs notes for the override and for canceling; refuses the same status and a stale version", async () => {
    const app = await submittedApplication(api);
    expect(await change(app.id, "granted")).toMatchObject({ status: 422, data: { errors: { notes: ["validation.required"] } } });
    expect(await change(app.id, "submit", "x")).toMatchObject({ status: 422, data: { errors: { status: ["intake.same-status"] } } });
    const stale = await api.op(intake.changeStatus, { as: "editor", param: { id: app.id }, json: { status: "canceled", notes: "x", updated_at: "2020-01-01T00:00:00.000Z" } });
    expect(stale.status).toBe(409);
    expect(await change(app.id, "canceled", "Duplicate of another application")).toMatchObject({ status: 200, data: { to: "canceled" } });
  });

  it("keeps granted and rejected closed until evaluation and the panel are complete, notes or not", async () => {
    const app = await submittedApplication(api);
    await decideAll(app.id, true);
    await change(app.id, "under-evaluation");
    const offer = (await view(app.id)).transitions.find((t) => t.name === "granted");
    expect(offer?.blockers).toEqual(["evaluation-complete", "recommendation-complete", "infrastructures-decided", "infrastructure-accepted"]);
    expect((await change(app.id, "granted")).status).toBe(422);
    expect(await change(app.id, "granted", "Decided by the board")).toMatchObject({ status: 422, data: { errors: { status: ["intake.blocked.evaluation-complete", "intake.blocked.recommendation-complete", "intake.blocked.infrastructures-decided", "intake.blocked.infrastructure-accepted"] } } });
  });

  it("undo-withdrawn gives back the status it had before it was withdrawn", async () => {
    const app = await submittedApplication(api);
    expect((await change(app.id, "accepted", "Accepted by letter")).status).toBe(200);
    expect((await change(app.id, "withdrawn", "The team withdrew")).status).toBe(200);
    const undo = await api.op(intake.undoWithdrawn, { as: "editor", param: { id: app.id }, json: { updated_at: (await view(app.id)).updated_at } });
    expect(undo).toMatchObject({ status: 200, data: { from: "withdrawn", to: "accepted" } });
    const reopen = await api.op(intake.reopenReporting, { as: "editor", param: { id: app.id }, json: { updated_at: (await view(app.id)).updated_at } });
    expect(reopen).toMatchObject({ status: 422, data: { code: "intake.transition-unavailable" } });
  });

  it("is the admin area's: the applicant and the evaluator get 403", async () => {
    const app = await submittedApplication(api);
    for (const as of ["applicant", "evaluator"]) {
      expect((await api.op(intake.intake, { as, param: { id: app.id } })).status).toBe(403);
      const r = await api.op(intake.changeStatus, { as, param: { id: app.id }, json: { status: "canceled", notes: "x", updated_at: app.updated_at } });
      expect(r.status).toBe(403);
    }
  });
});

describe("assignment", () => {
  const underEvaluation = async () => {
    const app = await submittedApplication(api);
    await decideAll(app.id, true);
    await change(app.id, "under-evaluation");
    return app;
  };
  const save = async (id: number, lists: { evaluators?: number[]; watchdogs?: number[]; viewers?: number[] }) =>
    api.op(intake.saveWd, { as: "editor", param: { id }, json: { ...lists, updated_at: (await view(id)).updated_at } });

  it("is closed before the application is under evaluation", async () => {
    const app = await submittedApplication(api);
    expect(await save(app.id, { evaluators: [await userId("evaluator")] })).toMatchObject({ status: 409, data: { code: "intake.assignment-closed" } });
  });

  it("assigns, lets each reviewer read the application, and replaces the lists", async () => {
    const app = await underEvaluation();
    const [evaluator, watchdog, viewer] = [await userId("evaluator"), await userId("watchdog"), await userId("viewer")];
    expect((await api.op(applications.one, { as: "evaluator", param: { id: app.id } })).status).toBe(404);
    const saved = await save(app.id, { evaluators: [evaluator], watchdogs: [watchdog], viewers: [viewer] });
    expect(saved.status).toBe(200);
    expect(saved.data.reviewers.map((r) => [r.role, r.user_id, r.state]).sort()).toEqual(
      [["evaluator", evaluator, "assigned"], ["viewer", viewer, "assigned"], ["watchdog", watchdog, "assigned"]].sort(),
    );
    // A viewer reads it once they have saved the confidentiality declaration (tests/api/reviews*).
    expect((await api.op(applications.one, { as: "viewer", param: { id: app.id } })).status).toBe(404);
    for (const as of ["evaluator", "watchdog"]) {
      const read = await api.op(applications.one, { as, param: { id: app.id } });
      expect(read.status).toBe(200);
      expect(read.data.reviewer_roles).toEqual([as]);
    }
    const told = await api.db.selectFrom("notifications").select(["user_id", "kind"]).where("application_id", "=", app.id).where("kind", "like", "assigned-%").execute();
    expect(told.map((n) => [n.kind, n.user_id]).sort()).toEqual([["assigned-evaluator", evaluator], ["assigned-viewer", viewer], ["assigned-watchdog", watchdog]].sort());
    const write = await api.op(applications.update, { as: "evaluator", param: { id: app.id }, json: { step: "project", values: {}, updated_at: app.updated_at } });
    expect(write.status).toBe(403);
    expect((await save(app.id, { evaluators: [evaluator] })).data.reviewers.map((r) => r.role)).toEqual(["evaluator"]);
    expect((await api.op(applications.one, { as: "watchdog", param: { id: app.id } })).status).toBe(404);
  });

  it("refuses a viewer who also evaluates, and a person without the role", async () => {
    const app = await underEvaluation();
    const viewer = await userId("viewer");
    const both = await save(app.id, { evaluators: [await userId("evaluator")], viewers: [await userId("evaluator")] });
    expect(both).toMatchObject({ status: 422, data: { errors: { "viewers[0]": ["intake.viewer-conflict"] } } });
    const noRole = await save(app.id, { evaluators: [viewer] });
    expect(noRole).toMatchObject({ status: 422, data: { errors: { "evaluators[0]": ["intake.not-a-reviewer"] } } });
  });

  it("warns before saving: evaluator and watchdog at once, infrastructure staff, a team member, a shared e-mail domain", async () => {
    const app = await underEvaluation();
    const [evaluator, manager, applicant] = [await userId("evaluator"), await userId("infrastructure-manager"), await userId("applicant")];
    const infraId = (await view(app.id)).infrastructures[0].infrastructure_id;
    await api.db.updateTable("infrastructures").set({ manager_id: manager }).where("id", "=", infraId).execute();
    const applicantOrg = (await api.db.selectFrom("users").select("organization_name").where("id", "=", applicant).executeTakeFirstOrThrow()).organization_name;
    await api.db.updateTable("users").set({ organization_name: "Institute of Evaluation" }).where("id", "in", [evaluator, manager]).execute();
    const r = await api.op(intake.saveConflict, {
      as: "editor",
      param: { id: app.id },
      query: { "evaluators[]": [String(evaluator), String(manager), String(applicant)], "watchdogs[]": [String(evaluator)] },
    });
    expect(r.status).toBe(200);
    const kinds = (id: number) => r.data.data.filter((w) => w.user_id === id).map((w) => w.kind).sort();
    // The demo users share the demo domain: each is flagged as such, the applicant as a team member.
    expect(kinds(evaluator)).toEqual(["evaluator-and-watchdog", "same-email-domain"]);
    expect(kinds(manager)).toEqual(["infrastructure-staff", "same-email-domain"]);
    expect(kinds(applicant)).toEqual(["team-member"]);
    expect(r.data.data.every((w) => !w.blocking)).toBe(true);
    await api.db.updateTable("users").set({ organization_name: applicantOrg ?? "Université libre" }).where("id", "=", evaluator).execute();
    const sameOrg = await api.op(intake.saveConflict, { as: "editor", param: { id: app.id }, query: { "evaluators[]": [String(evaluator)] } });
    expect(sameOrg.data.data.map((w) => w.kind).sort()).toEqual(["same-email-domain", "same-organization"]);
  });
});
