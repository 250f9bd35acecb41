// After the report (docs/lifecycle.md#report-review to #report-reading): the watchdog's approval or rejection
// (docs/validation.md#feedback: a note to reject), each infrastructure's confirmation
// (docs/validation.md#report-confirmation), and the whole report for those who follow the
// application.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as reporting from "~/api/reporting/contract";
import * as ri from "~/api/ri-decisions/contract";
import { createTestApi, type TestApi } from "../support/api";
import { foreignInfrastructure } from "./acceptance-helpers";
import { setSetting } from "./ri-decisions-helpers";
import { reportingApplication, submittedReport } from "./reporting-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());
afterEach(() => setSetting(api, "watchdog-report", "no"));

const version = async (id: number) => (await api.op(reporting.reported, { as: "editor", param: { id } })).data.updated_at;
const review = async (id: number, json: Record<string, unknown>, as = "watchdog") =>
  api.op(reporting.watchdogReportReview, { as, param: { id }, json: { updated_at: await version(id), ...json } as never });

describe("PUT /api/applications/{id}/watchdog-report-review", () => {
  it("is refused while the watchdog-report setting is off (422)", async () => {
    const { id } = await submittedReport(api);
    const res = await review(id, { verdict: "approved" });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.data)).toContain("reporting.errors.approval-not-asked");
  });

  it("needs a note to reject; a rejection sends the report back with the note, then the resubmitted report is approved", async () => {
    await setSetting(api, "watchdog-report", "yes");
    const { id } = await submittedReport(api);
    const before = (await api.op(reporting.reported, { as: "watchdog", param: { id } })).data;
    expect([before.approval_asked, before.can_review]).toEqual([true, true]);
    const bare = await review(id, { verdict: "rejected" });
    expect(bare.status).toBe(422);
    expect(JSON.stringify(bare.data)).toContain("note");

    expect((await review(id, { verdict: "rejected", note: "The second access's dates are missing." })).status).toBe(200);
    const back = (await api.op(reporting.report, { as: "applicant", param: { id } })).data;
    expect([back.can_edit, back.submitted_at, back.watchdog_rejection?.note]).toEqual([true, null, "The second access's dates are missing."]);
    expect(back.accesses.every((a) => a.status === "proposed")).toBe(true);
    const told = await api.db.selectFrom("notifications").select("params").where("application_id", "=", id).where("kind", "=", "report-rejected").executeTakeFirstOrThrow();
    expect(told.params).toEqual({ notes: "The second access's dates are missing." });

    expect((await api.op(reporting.submitReport, { as: "applicant", param: { id }, json: { updated_at: back.updated_at } })).status).toBe(200);
    expect((await review(id, { verdict: "approved" })).status).toBe(200);
    const after = (await api.op(reporting.reported, { as: "editor", param: { id } })).data;
    expect(after.watchdog.review).toBe("approved");
    expect(after.events.map((e) => e.event)).toEqual(["started", "submitted", "rejected", "submitted", "approved"]);
    expect((await review(id, { verdict: "approved" })).status).toBe(409);
  });

  it("is a watchdog's of this application only, and only on a submitted report", async () => {
    await setSetting(api, "watchdog-report", "yes");
    const { id } = await reportingApplication(api);
    expect((await review(id, { verdict: "approved" })).status).toBe(409);
    expect((await review(id, { verdict: "approved" }, "editor")).status).toBe(403);
    expect((await review(id, { verdict: "approved" }, "applicant2")).status).toBe(404);
  });
});

describe("the infrastructures' confirmation", () => {
  async function confirmations(id: number, as = "infrastructure-manager") {
    return (await api.op(reporting.smReport, { as, param: { id } })).data;
  }

  it("needs a yes or no per access, and once confirmed the units, type, dates and reimbursement date; then the access is sm_reported", async () => {
    const { id } = await submittedReport(api);
    const c = await confirmations(id);
    const ai = c.infrastructures.find((i) => i.can_confirm)!;
    const put = (accesses: Record<string, unknown>[]) =>
      api.op(reporting.saveSmReport, { as: "infrastructure-manager", param: { id }, json: { application_infrastructure_id: ai.id, accesses, updated_at: ai.updated_at } as never });
    const missing = await put(ai.accesses.map((a) => ({ id: a.id })));
    expect(missing.status).toBe(422);
    expect(JSON.stringify(missing.data)).toContain("accesses.0.sm_report_confirmed");
    const noDates = await put(ai.accesses.map((a) => ({ id: a.id, sm_report_confirmed: true, sm_report_units: 3, sm_report_type: "physical" })));
    expect(noDates.status).toBe(422);
    for (const f of ["sm_report_date_from", "sm_report_date_to", "sm_reimbursement_date"]) expect(JSON.stringify(noDates.data)).toContain(`accesses.0.${f}`);
    const full = ai.accesses.map((a) => ({
      id: a.id, sm_report_confirmed: true, sm_report_units: a.user_units, sm_report_type: a.type,
      sm_report_date_from: a.user_date_from, sm_report_date_to: a.user_date_to, sm_reimbursement_date: "2026-11-20",
    }));
    const ok = await put(full);
    expect(ok.status).toBe(200);
    const saved = ok.data.infrastructures.find((i) => i.id === ai.id)!;
    expect(saved.accesses.every((a) => a.status === "sm_reported" && a.sm_report_confirmed && a.sm_reimbursement_date === "2026-11-20")).toBe(true);
    expect((await put(full)).status).toBe(409);
  });

  it("is the staff's of that infrastructure only (403 for another's, the editor included), and only from reporting on", async () => {
    const { id } = await submittedReport(api);
    const foreign = await foreignInfrastructure(api, id);
    const row = await api.db.selectFrom("application_infrastructures").select("updated_at").where("id", "=", foreign.id).executeTakeFirstOrThrow();
    const json = { application_infrastructure_id: foreign.id, accesses: [], updated_at: new Date(row.updated_at).toISOString() };
    expect((await api.op(reporting.saveSmReport, { as: "infrastructure-manager", param: { id }, json })).status).toBe(403);
    expect((await api.op(reporting.saveSmReport, { as: "editor", param: { id }, json })).status).toBe(403);
    // Whose infrastructure it is comes before its version.
    expect((await api.op(reporting.saveSmReport, { as: "infrastructure-manager", param: { id }, json: { ...json, updated_at: "2020-01-01T00:00:00.000Z" } })).status).toBe(403);
    const ai = (await confirmations(id)).infrastructures.find((i) => i.can_confirm)!;
    await api.db.updateTable("applications").set({ status: "accepted" }).where("id", "=", id).execute();
    const early = await api.op(reporting.saveSmReport, { as: "infrastructure-manager", param: { id }, json: { application_infrastructure_id: ai.id, accesses: ai.accesses.map((a) => ({ id: a.id, sm_report_confirmed: false })), updated_at: ai.updated_at } });
    expect(early.status).toBe(409);
  });
});

describe("the report status filter of /application-at-my-ri", () => {
  it("lists a submitted report with accesses to confirm as pending, and as submit once they are all confirmed", async () => {
    const { id } = await submittedReport(api);
    const ids = async (report_status: "pending" | "submit") =>
      (await api.op(ri.atMyInfrastructures, { as: "infrastructure-manager", query: { report_status, per_page: 100 } as never })).data.data.map((r) => r.id);
    expect(await ids("pending")).toContain(id);
    expect(await ids("submit")).not.toContain(id);
    await api.db.updateTable("accesses").set({ sm_report_confirmed: true }).where("application_id", "=", id).execute();
    expect(await ids("pending")).not.toContain(id);
    expect(await ids("submit")).toContain(id);
  });
});

describe("GET /api/applications/{id}/reported", () => {
  it("shows the whole report to the owner, the editor, the watchdog and the infrastructure's staff; 404 to anyone else", async () => {
    const { id } = await submittedReport(api);
    for (const as of ["applicant", "editor", "watchdog", "infrastructure-manager"]) {
      const res = await api.op(reporting.reported, { as, param: { id } });
      expect(res.status, as).toBe(200);
      expect(res.data.activity.season_objectives).toBe("Deploy the moorings.");
    }
    expect((await api.op(reporting.reported, { as: "applicant2", param: { id } })).status).toBe(404);
    expect((await api.op(reporting.reported, { as: "evaluator", param: { id } })).status).toBe(404);
  });

  it("lets the same readers download the scientific report, and nobody else", async () => {
    const { id } = await submittedReport(api);
    const file = (await api.op(reporting.reported, { as: "editor", param: { id } })).data.documents.scientific_report!;
    for (const [as, expected] of [["applicant", 200], ["watchdog", 200], ["infrastructure-manager", 200], ["editor", 200], ["applicant2", 404], ["evaluator", 404]] as const) {
      const res = await api.call("GET", `/media/download/${file.id}`, { as });
      expect(res.status === 200 ? 200 : 404, as).toBe(expected);
    }
  });
});
