// The report reminders (docs/lifecycle.md#report-reminders): from the call's admin screen, and on
// their own 7 days before and on each report's due day, once per application,
// audience and offset.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as reminders from "~/api/reporting/reminders-contract";
import { dayPlus, todayIso } from "~/domain/days";
import { sendReportReminders } from "~/domain/reporting/report-reminders.server";
import { createTestApi, type TestApi } from "../support/api";
import { reportingApplication, submittedReport } from "./reporting-helpers";
import { userId } from "./review-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const callOf = async (id: number) => (await api.db.selectFrom("applications").select("call_id").where("id", "=", id).executeTakeFirstOrThrow()).call_id;
const dueOn = (id: number, day: string) => api.db.updateTable("application_reports").set({ due_on: day }).where("application_id", "=", id).execute();
const reminded = (id: number, kind: string) =>
  api.db.selectFrom("notifications").select(["user_id", "params"]).where("application_id", "=", id).where("kind", "=", kind).execute();

describe("PUT /api/calls/{id}/applicant-report-reminder", () => {
  it("e-mails the group leader of a report due within a week, not one due later nor a submitted one", async () => {
    const soon = await reportingApplication(api);
    const later = await reportingApplication(api);
    const done = await submittedReport(api);
    const today = todayIso();
    await dueOn(soon.id, dayPlus(today, 3));
    await dueOn(later.id, dayPlus(today, 30));
    await dueOn(done.id, dayPlus(today, 3));
    const res = await api.op(reminders.applicantReportReminder, { as: "editor", param: { id: await callOf(soon.id) } });
    expect(res.status).toBe(200);
    expect(res.data.applicants).toBeGreaterThanOrEqual(1);
    expect(await reminded(soon.id, "report-reminder")).toEqual([{ user_id: await userId(api, "applicant"), params: { deadline: dayPlus(today, 3) } }]);
    expect(await reminded(later.id, "report-reminder")).toEqual([]);
    expect(await reminded(done.id, "report-reminder")).toEqual([]);
    expect((await api.op(reminders.applicantReportReminder, { as: "applicant", param: { id: await callOf(soon.id) } })).status).toBe(403);
    expect((await api.op(reminders.applicantReportReminder, { as: "editor", param: { id: 2_000_000 } })).status).toBe(404);
  });
});

describe("PUT /api/calls/{id}/report-reminder", () => {
  it("e-mails the staff of infrastructures whose accesses of a submitted report wait for confirmation", async () => {
    const done = await submittedReport(api);
    const res = await api.op(reminders.reportReminder, { as: "editor", param: { id: await callOf(done.id) } });
    expect(res.status).toBe(200);
    expect(res.data.staff).toBeGreaterThanOrEqual(1);
    expect((await reminded(done.id, "report-confirmation-reminder")).map((r) => r.user_id)).toContain(await userId(api, "infrastructure-manager"));
    await api.db.updateTable("accesses").set({ sm_report_confirmed: true }).where("application_id", "=", done.id).execute();
    await api.db.deleteFrom("notifications").where("application_id", "=", done.id).execute();
    await api.op(reminders.reportReminder, { as: "editor", param: { id: await callOf(done.id) } });
    expect(await reminded(done.id, "report-confirmation-reminder")).toEqual([]);
  });
});

describe("the scheduled report reminders", () => {
  it("go 7 days before and on the due day, once each, to the applicant, then to staff once the report is submitted", async () => {
    const { id } = await reportingApplication(api);
    const today = todayIso();
    await dueOn(id, dayPlus(today, 7));
    const first = await sendReportReminders(api.db, today);
    expect(first).toContainEqual({ application_id: id, audience: "applicant", days_before: 7 });
    expect((await sendReportReminders(api.db, today)).filter((s) => s.application_id === id)).toEqual([]);
    await dueOn(id, today);
    expect((await sendReportReminders(api.db, today)).filter((s) => s.application_id === id)).toEqual([{ application_id: id, audience: "applicant", days_before: 0 }]);
    expect(await reminded(id, "report-reminder")).toHaveLength(2);

    const done = await submittedReport(api);
    await dueOn(done.id, today);
    // Due today: the due day's reminder only, not the week's as well.
    expect((await sendReportReminders(api.db, today)).filter((s) => s.application_id === done.id)).toEqual([{ application_id: done.id, audience: "staff", days_before: 0 }]);
  });
});
