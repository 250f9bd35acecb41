// Acceptance and withdrawal (docs/lifecycle.md#acceptance, #withdrawal) and the status timeline (docs/lifecycle.md#status-timeline): the
// applicant accepts or withdraws their own grant, signs the agreement; each
// infrastructure's staff countersign for their own infrastructure only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as acceptance from "~/api/acceptance/contract";
import * as applications from "~/api/applications/contract";
import * as intake from "~/api/intake/contract";
import { createTestApi, type TestApi } from "../support/api";
import { foreignInfrastructure, grantedApplication } from "./acceptance-helpers";
import { submittedApplication } from "./application-helpers";
import { userId } from "./review-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const PDF = new TextEncoder().encode("%PDF-1.4\nsigned\n%%EOF\n");

async function upload(as: string, type = "application/pdf", name = "signed.pdf") {
  const form = new FormData();
  form.append("file", new Blob([PDF], { type }), name);
  return api.call("POST", "/media/uploads", { as, form });
}
async function uploaded(as: string): Promise<number> {
  const res = await upload(as);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
const version = async (id: number) => (await api.op(applications.one, { as: "editor", param: { id } })).data.updated_at;
const history = (id: number) => api.db.selectFrom("application_history").selectAll().where("application_id", "=", id).orderBy("id").execute();
const noticed = (id: number, user: number) =>
  api.db.selectFrom("notifications").select(["kind", "params"]).where("application_id", "=", id).where("user_id", "=", user).orderBy("id").execute();
const appInfra = async (id: number) => (await api.db.selectFrom("application_infrastructures").select(["id", "infrastructure_id"]).where("application_id", "=", id).orderBy("id").executeTakeFirstOrThrow());

describe("PUT /api/applications/{id}/accept", () => {
  it("accepts the owner's grant: accepted with accepted_at, a history row, the applicant and the editors notified", async () => {
    const app = await grantedApplication(api);
    const res = await api.op(acceptance.accept, { as: "applicant", param: { id: app.id }, json: { updated_at: app.updated_at } });
    expect(res).toMatchObject({ status: 200, data: { from: "granted", to: "accepted", late: false } });
    const row = await api.db.selectFrom("applications").select(["status", "accepted_at"]).where("id", "=", app.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("accepted");
    expect(row.accepted_at).not.toBeNull();
    expect((await history(app.id)).at(-1)).toMatchObject({ from_status: "granted", to_status: "accepted", user_id: app.owner.id });
    expect((await noticed(app.id, app.owner.id)).at(-1)).toMatchObject({ kind: "status-changed", params: { from: "granted", to: "accepted" } });
    expect((await noticed(app.id, await userId(api, "editor"))).at(-1)).toMatchObject({ kind: "status-changed", params: { to: "accepted" } });
  });

  it("still accepts after the call's acceptance_date, and says it was late", async () => {
    const app = await grantedApplication(api);
    const call = await api.db.selectFrom("applications").select("call_id").where("id", "=", app.id).executeTakeFirstOrThrow();
    const before = await api.db.selectFrom("calls").select("acceptance_date").where("id", "=", call.call_id).executeTakeFirstOrThrow();
    await api.db.updateTable("calls").set({ acceptance_date: "2020-01-01" }).where("id", "=", call.call_id).execute();
    try {
      const timeline = await api.op(acceptance.timeline, { as: "applicant", param: { id: app.id } });
      expect(timeline.data.acceptance).toMatchObject({ late: true, can_accept: true });
      expect(timeline.data.timeline.next).toMatchObject({ stage: "acceptance", deadline: "2020-01-01", overdue: true });
      const res = await api.op(acceptance.accept, { as: "applicant", param: { id: app.id }, json: { updated_at: app.updated_at } });
      expect(res).toMatchObject({ status: 200, data: { to: "accepted", late: true } });
    } finally {
      await api.db.updateTable("calls").set({ acceptance_date: before.acceptance_date }).where("id", "=", call.call_id).execute();
    }
  });

  it("answers 404 to another applicant, 403 to the editor, 401 signed out, and changes nothing", async () => {
    const app = await grantedApplication(api);
    const json = { updated_at: app.updated_at };
    expect((await api.op(acceptance.accept, { as: "applicant2", param: { id: app.id }, json })).status).toBe(404);
    expect((await api.op(acceptance.accept, { as: "editor", param: { id: app.id }, json })).status).toBe(403);
    expect((await api.op(acceptance.accept, { param: { id: app.id }, json })).status).toBe(401);
    expect((await api.op(acceptance.accept, { as: "applicant", param: { id: 2_147_483_647 }, json })).status).toBe(404);
    expect((await api.db.selectFrom("applications").select("status").where("id", "=", app.id).executeTakeFirstOrThrow()).status).toBe("granted");
  });

  it("answers 409 on a stale updated_at and on a status that cannot be accepted, 422 without a version", async () => {
    const app = await grantedApplication(api);
    const stale = await api.op(acceptance.accept, { as: "applicant", param: { id: app.id }, json: { updated_at: "2020-01-01T00:00:00.000Z" } });
    expect(stale).toMatchObject({ status: 409, data: { code: "applications.stale" } });
    expect((await api.call("PUT", `/applications/${app.id}/accept`, { as: "applicant", body: {} })).status).toBe(422);
    const submitted = await submittedApplication(api);
    const early = await api.op(acceptance.accept, { as: "applicant", param: { id: submitted.id }, json: { updated_at: submitted.updated_at } });
    expect(early).toMatchObject({ status: 409, data: { code: "acceptance.errors.wrong-status" } });
  });
});

describe("PUT /api/applications/{id}/withdraw", () => {
  it("withdraws a granted grant with notes; the editor's undo-withdrawn gives it back its previous status", async () => {
    const app = await grantedApplication(api);
    const res = await api.op(acceptance.withdraw, { as: "applicant", param: { id: app.id }, json: { notes: "The vessel's dates no longer suit us.", updated_at: app.updated_at } });
    expect(res).toMatchObject({ status: 200, data: { from: "granted", to: "withdrawn" } });
    expect((await history(app.id)).at(-1)).toMatchObject({ from_status: "granted", to_status: "withdrawn", notes: "The vessel's dates no longer suit us." });
    expect((await noticed(app.id, await userId(api, "editor"))).at(-1)).toMatchObject({ params: { to: "withdrawn", notes: "The vessel's dates no longer suit us." } });
    // The staff of the infrastructure that accepted it hear of it too.
    expect((await noticed(app.id, await userId(api, "infrastructure-manager"))).at(-1)).toMatchObject({ kind: "grant-withdrawn" });
    const timeline = await api.op(acceptance.timeline, { as: "applicant", param: { id: app.id } });
    expect(timeline.data.timeline).toMatchObject({ next: null, ended: { status: "withdrawn" } });
    expect(timeline.data.timeline.stages.map((s) => s.key)).toEqual(["submitted", "eligibility", "evaluation", "recommendation", "infrastructures", "decision"]);
    const undo = await api.op(intake.undoWithdrawn, { as: "editor", param: { id: app.id }, json: { updated_at: await version(app.id) } });
    expect(undo).toMatchObject({ status: 200, data: { from: "withdrawn", to: "granted" } });
  });

  it("withdraws an accepted grant without notes", async () => {
    const app = await grantedApplication(api);
    const accepted = await api.op(acceptance.accept, { as: "applicant", param: { id: app.id }, json: { updated_at: app.updated_at } });
    expect(accepted.status).toBe(200);
    const res = await api.op(acceptance.withdraw, { as: "applicant", param: { id: app.id }, json: { updated_at: await version(app.id) } });
    expect(res).toMatchObject({ status: 200, data: { from: "accepted", to: "withdrawn" } });
    expect((await history(app.id)).at(-1)).toMatchObject({ notes: null });
  });

  it("refuses another's (404), a submitted application (409), a stale version (409) and notes over 2000 characters (422)", async () => {
    const app = await grantedApplication(api);
    expect((await api.op(acceptance.withdraw, { as: "applicant2", param: { id: app.id }, json: { updated_at: app.updated_at } })).status).toBe(404);
    expect((await api.op(acceptance.withdraw, { as: "applicant", param: { id: app.id }, json: { updated_at: "2020-01-01T00:00:00.000Z" } })).status).toBe(409);
    const long = await api.op(acceptance.withdraw, { as: "applicant", param: { id: app.id }, json: { notes: "x".repeat(2001), updated_at: app.updated_at } });
    expect(long).toMatchObject({ status: 422, data: { errors: { notes: ["validation.max"] } } });
    const submitted = await submittedApplication(api);
    expect((await api.op(acceptance.withdraw, { as: "applicant", param: { id: submitted.id }, json: { updated_at: submitted.updated_at } })).status).toBe(409);
  });
});

describe("the agreements", () => {
  it("lists the call's and each accepted infrastructure's agreement for the owner, who may download them", async () => {
    const app = await grantedApplication(api);
    const ai = await appInfra(app.id);
    const infraFile = await uploaded("admin");
    await api.db.deleteFrom("media_links").where("attached_to_type", "=", "infrastructure").where("attached_to_id", "=", String(ai.infrastructure_id)).where("collection", "=", "acceptance_agreement").execute();
    await api.db.insertInto("media_links").values({ media_id: infraFile, attached_to_type: "infrastructure", attached_to_id: String(ai.infrastructure_id), collection: "acceptance_agreement" }).execute();
    const { status, data } = await api.op(acceptance.agreements, { as: "applicant", param: { id: app.id } });
    expect(status).toBe(200);
    expect(data).toMatchObject({ reader: "owner", granted: true, can_sign: true, signed_agreement: null });
    expect(data.call_agreement).toMatchObject({ name: "acceptance-agreement.pdf" });
    expect(data.infrastructures).toEqual([expect.objectContaining({ id: ai.id, acceptance_agreement: expect.objectContaining({ id: infraFile }), countersigned_agreement: null, can_countersign: false })]);
    expect((await api.call("GET", `/media/${infraFile}`, { as: "applicant" })).status).toBe(200);
    expect((await api.call("GET", `/media/${data.call_agreement!.id}`, { as: "applicant" })).status).toBe(200);
    // Another applicant reads neither the list nor the infrastructure's file.
    expect((await api.op(acceptance.agreements, { as: "applicant2", param: { id: app.id } })).status).toBe(404);
    expect((await api.call("GET", `/media/${infraFile}`, { as: "applicant2" })).status).toBe(404);
  });

  it("hides the agreements to download before the grant, and shows the infrastructure's staff their own infrastructures only", async () => {
    const submitted = await submittedApplication(api);
    const early = await api.op(acceptance.agreements, { as: "applicant", param: { id: submitted.id } });
    expect(early.data).toMatchObject({ granted: false, can_sign: false, call_agreement: null });
    const app = await grantedApplication(api);
    const foreign = await foreignInfrastructure(api, app.id);
    const manager = await api.op(acceptance.agreements, { as: "infrastructure-manager", param: { id: app.id } });
    expect(manager.data.reader).toBe("infrastructure");
    expect(manager.data.infrastructures.map((i) => i.id)).not.toContain(foreign.id);
    expect(manager.data.infrastructures.every((i) => i.can_countersign)).toBe(true);
    const editor = await api.op(acceptance.agreements, { as: "editor", param: { id: app.id } });
    expect(editor.data.infrastructures.map((i) => i.id)).toContain(foreign.id);
    expect((await api.op(acceptance.agreements, { as: "evaluator", param: { id: app.id } })).status).toBe(404);
  });

  it("links the applicant's signed agreement from an upload of theirs, readable by the infrastructure's staff", async () => {
    const app = await grantedApplication(api);
    const media_id = await uploaded("applicant");
    const res = await api.op(acceptance.signedAgreement, { as: "applicant", param: { id: app.id }, json: { media_id, updated_at: app.updated_at } });
    expect(res.status).toBe(200);
    expect(res.data.signed_agreement).toMatchObject({ id: media_id, name: "signed.pdf" });
    expect((await api.call("GET", `/media/${media_id}`, { as: "infrastructure-manager" })).status).toBe(200);
    expect((await api.call("GET", `/media/${media_id}`, { as: "applicant2" })).status).toBe(404);
    expect((await noticed(app.id, await userId(api, "infrastructure-manager"))).at(-1)).toMatchObject({ kind: "agreement-signed" });
    // The version moved on: the same updated_at again is stale.
    const again = await api.op(acceptance.signedAgreement, { as: "applicant", param: { id: app.id }, json: { media_id, updated_at: app.updated_at } });
    expect(again.status).toBe(409);
  });

  it("refuses someone else's upload (422), another's application (404), and a status past signing (409)", async () => {
    const app = await grantedApplication(api);
    const theirs = await uploaded("applicant2");
    const foreign = await api.op(acceptance.signedAgreement, { as: "applicant", param: { id: app.id }, json: { media_id: theirs, updated_at: app.updated_at } });
    expect(foreign).toMatchObject({ status: 422, data: { errors: { media_id: ["media.not-found"] } } });
    expect((await api.op(acceptance.signedAgreement, { as: "applicant2", param: { id: app.id }, json: { media_id: theirs, updated_at: app.updated_at } })).status).toBe(404);
    await api.op(acceptance.withdraw, { as: "applicant", param: { id: app.id }, json: { updated_at: app.updated_at } });
    const mine = await uploaded("applicant");
    const late = await api.op(acceptance.signedAgreement, { as: "applicant", param: { id: app.id }, json: { media_id: mine, updated_at: await version(app.id) } });
    expect(late).toMatchObject({ status: 409, data: { code: "acceptance.errors.not-signable" } });
  });

  it("keeps nothing of a refused upload: no medium, no link", async () => {
    const app = await grantedApplication(api);
    const count = async () => Number((await api.db.selectFrom("media").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const before = await count();
    const res = await upload("applicant", "application/x-msdownload", "virus.exe");
    expect(res.status).toBe(422);
    expect(await count()).toBe(before);
    expect((await api.op(acceptance.agreements, { as: "applicant", param: { id: app.id } })).data.signed_agreement).toBeNull();
  });

  it("links the countersigned agreement of the staff's own infrastructure, readable by the applicant", async () => {
    const app = await grantedApplication(api);
    const ai = await appInfra(app.id);
    const media_id = await uploaded("infrastructure-manager");
    const res = await api.op(acceptance.countersignedAgreement, { as: "infrastructure-manager", param: { id: app.id }, json: { application_infrastructure_id: ai.id, media_id, updated_at: app.updated_at } });
    expect(res.status).toBe(200);
    expect(res.data.infrastructures.find((i) => i.id === ai.id)?.countersigned_agreement).toMatchObject({ id: media_id });
    expect((await api.call("GET", `/media/${media_id}`, { as: "applicant" })).status).toBe(200);
    expect((await api.call("GET", `/media/${media_id}`, { as: "applicant2" })).status).toBe(404);
    const name = (await api.db.selectFrom("infrastructures").select("name").where("id", "=", ai.infrastructure_id).executeTakeFirstOrThrow()).name;
    expect((await noticed(app.id, app.owner.id)).at(-1)).toMatchObject({ kind: "agreement-countersigned", params: { infrastructure: name } });
  });

  it("answers 403 to staff countersigning for another infrastructure and to the applicant, 422 for an infrastructure that did not accept", async () => {
    const app = await grantedApplication(api);
    const foreign = await foreignInfrastructure(api, app.id);
    const media_id = await uploaded("infrastructure-manager");
    const json = { application_infrastructure_id: foreign.id, media_id, updated_at: app.updated_at };
    expect((await api.op(acceptance.countersignedAgreement, { as: "infrastructure-manager", param: { id: app.id }, json })).status).toBe(403);
    expect((await api.op(acceptance.countersignedAgreement, { as: "applicant", param: { id: app.id }, json })).status).toBe(403);
    expect((await api.op(acceptance.countersignedAgreement, { as: "evaluator", param: { id: app.id }, json })).status).toBe(403);
    const ai = await appInfra(app.id);
    await api.db.updateTable("application_infrastructures").set({ sm_accepted: false }).where("id", "=", ai.id).execute();
    const refused = await api.op(acceptance.countersignedAgreement, { as: "infrastructure-manager", param: { id: app.id }, json: { ...json, application_infrastructure_id: ai.id } });
    expect(refused).toMatchObject({ status: 422, data: { errors: { application_infrastructure_id: ["acceptance.errors.infrastructure-not-accepted"] } } });
    // The editor may countersign for any infrastructure.
    const editorFile = await uploaded("editor");
    const byEditor = await api.op(acceptance.countersignedAgreement, { as: "editor", param: { id: app.id }, json: { ...json, media_id: editorFile } });
    expect(byEditor.status).toBe(200);
  });
});

describe("GET /api/applications/{id}/timeline", () => {
  it("shows a submitted application waiting for the eligibility check, and a granted one waiting for the applicant's acceptance", async () => {
    const submitted = await submittedApplication(api);
    const early = await api.op(acceptance.timeline, { as: "applicant", param: { id: submitted.id } });
    expect(early.data.timeline.stages.slice(0, 3)).toMatchObject([
      { key: "submitted", state: "done", at: expect.any(String) },
      { key: "eligibility", state: "current" },
      { key: "evaluation", state: "upcoming", deadline: expect.any(String) },
    ]);
    expect(early.data.timeline.next).toMatchObject({ stage: "eligibility", actor: "staff" });
    expect(early.data.acceptance).toMatchObject({ can_accept: false, can_withdraw: false, agreements: false });
    const app = await grantedApplication(api);
    const { data } = await api.op(acceptance.timeline, { as: "applicant", param: { id: app.id } });
    expect(data.acceptance).toMatchObject({ can_accept: true, can_withdraw: true, agreements: true });
    expect(data.timeline.next).toMatchObject({ stage: "acceptance", actor: "applicant", deadline: data.acceptance.acceptance_date });
    expect(data.timeline.stages.filter((s) => s.state === "done").map((s) => s.key)).toEqual(["submitted", "eligibility", "evaluation", "recommendation", "infrastructures", "decision"]);
    // The editor reads it but may not accept for the applicant; another applicant does not see it.
    expect((await api.op(acceptance.timeline, { as: "editor", param: { id: app.id } })).data.acceptance.can_accept).toBe(false);
    expect((await api.op(acceptance.timeline, { as: "applicant2", param: { id: app.id } })).status).toBe(404);
  });
});
