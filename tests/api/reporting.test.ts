// The applicant's report (docs/lifecycle.md#reporting; docs/validation.md#feedback; ADR 027):
// each part saved as typed within its bounds, the whole checked on submit,
// a late report accepted, and the editor's reopen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as reporting from "~/api/reporting/contract";
import { createTestApi, type TestApi } from "../support/api";
import { fillReport, reportingApplication, uploadedPdf } from "./reporting-helpers";
import { userId } from "./review-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const read = async (id: number, as = "applicant") => (await api.op(reporting.report, { as, param: { id } })).data;
const fillAll = (id: number) => fillReport(api, id);
const uploaded = (as: string) => uploadedPdf(api, as);

describe("GET /api/applications/{id}/report", () => {
  it("gives the owner the report with its due day, the reported accesses, the call's templates and what each part misses", async () => {
    const { id, due_on } = await reportingApplication(api);
    const r = await read(id);
    expect(r).toMatchObject({ due_on, late: false, can_edit: true, submitted_at: null });
    expect(r.accesses.length).toBeGreaterThan(0);
    expect(r.parts.map((p) => p.part)).toEqual(expect.arrayContaining(["activity", "accesses", "documents", "feedback", "submit"]));
    expect(r.parts.filter((p) => p.part !== "publications" && p.part !== "submit").every((p) => !p.complete)).toBe(true);
    expect(r.errors.activity).toEqual({ season_objectives: ["validation.required"], achievements_and_difficulties: ["validation.required"] });
    expect(r.documents.scientific_report_template).not.toBeNull();
  });

  it("is the owner's: another applicant gets 404, staff 403; before reporting it is 409", async () => {
    const { id } = await reportingApplication(api);
    expect((await api.op(reporting.report, { as: "applicant2", param: { id } })).status).toBe(404);
    expect((await api.op(reporting.report, { as: "editor", param: { id } })).status).toBe(403);
    await api.db.deleteFrom("application_reports").where("application_id", "=", id).execute();
    expect((await api.op(reporting.report, { as: "applicant", param: { id } })).status).toBe(409);
  });
});

describe("saving a part", () => {
  it("keeps what was typed, incomplete, and refuses only what is out of bounds (nothing saved then)", async () => {
    const { id } = await reportingApplication(api);
    let r = await read(id);
    const saved = await api.op(reporting.saveActivity, { as: "applicant", param: { id }, json: { season_objectives: "Half of it.", updated_at: r.updated_at } });
    expect(saved.status).toBe(200);
    expect(saved.data.activity).toEqual({ season_objectives: "Half of it.", achievements_and_difficulties: null });
    r = saved.data;
    const long = await api.op(reporting.saveActivity, { as: "applicant", param: { id }, json: { season_objectives: "x".repeat(2001), updated_at: r.updated_at } });
    expect(long.status).toBe(422);
    expect(JSON.stringify(long.data)).toContain("season_objectives");
    expect((await read(id)).activity.season_objectives).toBe("Half of it.");
    const stale = await api.op(reporting.saveActivity, { as: "applicant", param: { id }, json: { season_objectives: "Again.", updated_at: "2020-01-01T00:00:00.000Z" } });
    expect(stale.status).toBe(409);
  });

  it("refuses a feedback score of 0 or 6, a date_to before date_from, and an access the report does not cover", async () => {
    const { id } = await reportingApplication(api);
    const r = await read(id);
    for (const score of [0, 6, 2.5]) {
      const res = await api.op(reporting.saveFeedback, { as: "applicant", param: { id }, json: { quantitative_feedback_overall: score, updated_at: r.updated_at } });
      expect(res.status, `score ${score}`).toBe(422);
      expect(JSON.stringify(res.data)).toContain("reporting.errors.score");
    }
    const a = r.accesses[0];
    const order = await api.op(reporting.saveAccesses, { as: "applicant", param: { id }, json: { accesses: [{ id: a.id, user_date_from: "2026-07-10", user_date_to: "2026-07-01" }], updated_at: r.updated_at } });
    expect(order.status).toBe(422);
    expect(JSON.stringify(order.data)).toContain("reporting.errors.date-order");
    const other = await api.db.selectFrom("accesses").select("id").where("application_id", "!=", id).executeTakeFirstOrThrow();
    const stranger = await api.op(reporting.saveAccesses, { as: "applicant", param: { id }, json: { accesses: [{ id: other.id, user_units: 3 }], updated_at: r.updated_at } });
    expect(stranger.status).toBe(422);
  });

  it("links only the owner's own uploads", async () => {
    const { id } = await reportingApplication(api);
    const r = await read(id);
    const res = await api.op(reporting.saveDocuments, { as: "applicant", param: { id }, json: { scientific_report: await uploaded("applicant2"), updated_at: r.updated_at } });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.data)).toContain("scientific_report");
  });
});

describe("PUT /api/applications/{id}/submit-report", () => {
  it("lists every missing field by part when the report is incomplete (a missing recommend choice included)", async () => {
    const { id } = await reportingApplication(api);
    const r = await read(id);
    await api.op(reporting.saveFeedback, { as: "applicant", param: { id }, json: { quantitative_feedback_overall: 4, updated_at: r.updated_at } });
    const res = await api.op(reporting.submitReport, { as: "applicant", param: { id }, json: { updated_at: (await read(id)).updated_at } });
    expect(res.status).toBe(422);
    const fields = Object.keys((res.data as unknown as { errors: Record<string, string[]> }).errors);
    expect(fields).toEqual(expect.arrayContaining(["activity.season_objectives", "documents.scientific_report", "feedback.feedback_recommend", "feedback.quantitative_feedback_coordination"]));
    expect(fields).not.toContain("feedback.quantitative_feedback_overall");
    expect(fields.some((f) => /^accesses\.\d+\.user_units$/.test(f))).toBe(true);
  });

  it("submits a complete report: accesses user_reported, an event, the editors and the infrastructures' staff told; then it is closed", async () => {
    const { id } = await reportingApplication(api);
    const r = await fillAll(id);
    expect(r.parts.filter((p) => p.part !== "submit").every((p) => p.complete)).toBe(true);
    const res = await api.op(reporting.submitReport, { as: "applicant", param: { id }, json: { updated_at: r.updated_at } });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ submitted: true, late: false, report: { can_edit: false } });
    expect(res.data.report.accesses.every((a) => a.status === "user_reported")).toBe(true);
    const kinds = await api.db.selectFrom("notifications").select(["kind", "user_id"]).where("application_id", "=", id).where("kind", "like", "report-%").execute();
    expect(kinds.filter((k) => k.kind === "report-submitted").map((k) => k.user_id)).toContain(await userId(api, "editor"));
    expect(kinds.filter((k) => k.kind === "report-to-confirm").map((k) => k.user_id)).toContain(await userId(api, "infrastructure-manager"));
    // The watchdog-report setting is off: no approval asked of the watchdog.
    expect(kinds.some((k) => k.kind === "report-to-approve")).toBe(false);
    const again = await api.op(reporting.saveActivity, { as: "applicant", param: { id }, json: { season_objectives: "Late change.", updated_at: res.data.report.updated_at } });
    expect(again.status).toBe(409);
  });

  it("accepts a report after its due day and says it is late", async () => {
    const { id } = await reportingApplication(api);
    await fillAll(id);
    await api.db.updateTable("application_reports").set({ due_on: "2026-01-15" }).where("application_id", "=", id).execute();
    const r = await read(id);
    expect(r.late).toBe(true);
    const res = await api.op(reporting.submitReport, { as: "applicant", param: { id }, json: { updated_at: r.updated_at } });
    expect(res.status).toBe(200);
    expect(res.data.late).toBe(true);
  });

  it("is the owner's only", async () => {
    const { id } = await reportingApplication(api);
    const r = await fillAll(id);
    expect((await api.op(reporting.submitReport, { as: "applicant2", param: { id }, json: { updated_at: r.updated_at } })).status).toBe(404);
    expect((await api.op(reporting.submitReport, { as: "editor", param: { id }, json: { updated_at: r.updated_at } })).status).toBe(403);
  });
});

describe("PUT /api/applications/{id}/reopen-report", () => {
  it("gives a submitted report back to its applicant with the editor's notes; only the admin area may", async () => {
    const { id } = await reportingApplication(api);
    const filled = await fillAll(id);
    const submitted = (await api.op(reporting.submitReport, { as: "applicant", param: { id }, json: { updated_at: filled.updated_at } })).data.report;
    expect((await api.op(reporting.reopenReport, { as: "applicant", param: { id }, json: { updated_at: submitted.updated_at } })).status).toBe(403);
    const res = await api.op(reporting.reopenReport, { as: "editor", param: { id }, json: { notes: "Add the second access's dates.", updated_at: submitted.updated_at } });
    expect(res.status).toBe(200);
    const r = await read(id);
    expect([r.can_edit, r.submitted_at]).toEqual([true, null]);
    expect(r.accesses.every((a) => a.status === "proposed")).toBe(true);
    const event = await api.db.selectFrom("report_events").select(["event", "note"]).where("application_id", "=", id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(event).toEqual({ event: "reopened", note: "Add the second access's dates." });
    const again = await api.op(reporting.reopenReport, { as: "editor", param: { id }, json: { updated_at: r.updated_at } });
    expect(again.status).toBe(409);
  });
});
