// Start reporting (docs/lifecycle.md#reporting): the owner moves an accepted application to
// reporting (or the editor does, through change-status); its report opens
// then, due the call's user_report_days later, and the lifecycle's reported
// transition reads the report's facts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as acceptance from "~/api/acceptance/contract";
import * as applications from "~/api/applications/contract";
import * as intake from "~/api/intake/contract";
import { dayPlus, todayIso } from "~/domain/days";
import { createTestApi, type TestApi } from "../support/api";
import { acceptedApplication, endAccesses, reportingApplication } from "./reporting-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const version = async (id: number) => (await api.op(applications.one, { as: "editor", param: { id } })).data.updated_at;
const reportDays = async (id: number) =>
  (await api.db.selectFrom("applications").innerJoin("calls", "calls.id", "applications.call_id").select("user_report_days").where("applications.id", "=", id).executeTakeFirstOrThrow()).user_report_days;

describe("PUT /api/applications/{id}/start-reporting", () => {
  it("moves the owner's accepted application to reporting and opens its report, due user_report_days later", async () => {
    const app = await acceptedApplication(api);
    await endAccesses(api, app.id);
    const res = await api.op(acceptance.startReporting, { as: "applicant", param: { id: app.id }, json: { updated_at: await version(app.id) } });
    expect(res.status).toBe(200);
    const due = dayPlus(todayIso(), await reportDays(app.id));
    expect(res.data).toMatchObject({ from: "accepted", to: "reporting", report_due_on: due });
    const report = await api.db.selectFrom("application_reports").selectAll().where("application_id", "=", app.id).executeTakeFirstOrThrow();
    expect(report).toMatchObject({ due_on: due, submitted_at: null });
    const events = await api.db.selectFrom("report_events").select("event").where("application_id", "=", app.id).execute();
    expect(events).toEqual([{ event: "started" }]);
    const timeline = await api.op(acceptance.timeline, { as: "applicant", param: { id: app.id } });
    expect(timeline.data.timeline.stages.find((s) => s.key === "reported")?.deadline).toBe(due);
    expect(timeline.data.acceptance.can_start_reporting).toBe(false);
  });

  it("is refused from any other status (409), to a stale version (409), and to anyone but the owner (404)", async () => {
    const app = await acceptedApplication(api);
    await endAccesses(api, app.id);
    expect((await api.op(acceptance.timeline, { as: "applicant", param: { id: app.id } })).data.acceptance.can_start_reporting).toBe(true);
    const stale = await api.op(acceptance.startReporting, { as: "applicant", param: { id: app.id }, json: { updated_at: "2020-01-01T00:00:00.000Z" } });
    expect(stale.status).toBe(409);
    const other = await api.op(acceptance.startReporting, { as: "applicant2", param: { id: app.id }, json: { updated_at: await version(app.id) } });
    expect(other.status).toBe(404);
    await api.db.updateTable("applications").set({ status: "granted" }).where("id", "=", app.id).execute();
    const early = await api.op(acceptance.startReporting, { as: "applicant", param: { id: app.id }, json: { updated_at: await version(app.id) } });
    expect(early.status).toBe(409);
    expect(await api.db.selectFrom("application_reports").select("application_id").where("application_id", "=", app.id).execute()).toEqual([]);
  });

  it("waits for the last granted access to end: until then the owner is refused (409) and the timeline says when reporting opens", async () => {
    const app = await acceptedApplication(api);
    const lastDay = dayPlus(todayIso(), 3);
    // Two accesses: the later one decides, and an access the infrastructure did not accept does not count.
    const accesses = await api.db.selectFrom("accesses").select("id").where("application_id", "=", app.id).orderBy("id").execute();
    expect(accesses.length).toBeGreaterThan(0);
    await endAccesses(api, app.id);
    await api.db.updateTable("accesses").set({ date_from: todayIso(), date_to: lastDay }).where("id", "=", accesses[0].id).execute();
    const progress = async () => (await api.op(acceptance.timeline, { as: "applicant", param: { id: app.id } })).data.acceptance;
    expect(await progress()).toMatchObject({ can_start_reporting: false, reporting_opens_on: dayPlus(lastDay, 1) });
    const early = await api.op(acceptance.startReporting, { as: "applicant", param: { id: app.id }, json: { updated_at: await version(app.id) } });
    expect(early.status).toBe(409);
    expect(JSON.stringify(early.data)).toContain("intake.blocked.accesses-ended");
    expect(await api.db.selectFrom("application_reports").select("application_id").where("application_id", "=", app.id).execute()).toEqual([]);

    // Its last day is today: still running.
    await api.db.updateTable("accesses").set({ date_to: todayIso() }).where("id", "=", accesses[0].id).execute();
    expect((await progress()).can_start_reporting).toBe(false);
    // Ended yesterday: reporting is open.
    await api.db.updateTable("accesses").set({ date_to: dayPlus(todayIso(), -1) }).where("id", "=", accesses[0].id).execute();
    expect(await progress()).toMatchObject({ can_start_reporting: true, reporting_opens_on: todayIso() });
    // An access at an infrastructure that refused it does not hold reporting back.
    const ai = await api.db.selectFrom("accesses").select("application_infrastructure_id").where("id", "=", accesses[0].id).executeTakeFirstOrThrow();
    await api.db.updateTable("accesses").set({ date_to: lastDay }).where("id", "=", accesses[0].id).execute();
    await api.db.updateTable("application_infrastructures").set({ sm_accepted: false }).where("id", "=", ai.application_infrastructure_id).execute();
    expect((await progress()).can_start_reporting).toBe(true);
    const started = await api.op(acceptance.startReporting, { as: "applicant", param: { id: app.id }, json: { updated_at: await version(app.id) } });
    expect(started.status).toBe(200);
  });

  it("lets the editor open reporting before the accesses end, with notes saying why", async () => {
    const app = await acceptedApplication(api);
    const change = async (notes?: string) =>
      api.op(intake.changeStatus, { as: "editor", param: { id: app.id }, json: { status: "reporting", ...(notes ? { notes } : {}), updated_at: await version(app.id) } });
    const bare = await change();
    expect(bare.status).toBe(422);
    expect(JSON.stringify(bare.data)).toContain("notes");
    expect((await change("The team left the station early.")).status).toBe(200);
  });

  it("opens the report when the editor moves it to reporting, and keeps its due day when reported returns to reporting", async () => {
    const app = await acceptedApplication(api);
    await endAccesses(api, app.id);
    const res = await api.op(intake.changeStatus, { as: "editor", param: { id: app.id }, json: { status: "reporting", updated_at: await version(app.id) } });
    expect(res.status).toBe(200);
    const report = await api.db.selectFrom("application_reports").select("due_on").where("application_id", "=", app.id).executeTakeFirstOrThrow();
    await api.db.updateTable("application_reports").set({ due_on: "2031-01-31", submitted_at: new Date() }).where("application_id", "=", app.id).execute();
    const reported = await api.op(intake.changeStatus, { as: "editor", param: { id: app.id }, json: { status: "reported", updated_at: await version(app.id) } });
    expect(reported.status).toBe(200);
    const back = await api.op(intake.reopenReporting, { as: "editor", param: { id: app.id }, json: { updated_at: await version(app.id) } });
    expect(back.status).toBe(200);
    expect(report.due_on).toBe(dayPlus(todayIso(), await reportDays(app.id)));
    expect((await api.db.selectFrom("application_reports").select("due_on").where("application_id", "=", app.id).executeTakeFirstOrThrow()).due_on).toBe("2031-01-31");
  });
});

describe("the reported transition reads the report", () => {
  it("needs a submitted report, and the watchdog's approval while the watchdog-report setting is yes", async () => {
    const { id } = await reportingApplication(api);
    const tryReported = async () => api.op(intake.changeStatus, { as: "editor", param: { id }, json: { status: "reported", updated_at: await version(id) } });
    const blocked = await tryReported();
    expect(blocked.status).toBe(422);
    expect(JSON.stringify(blocked.data)).toContain("intake.blocked.report-submitted");

    await api.db.updateTable("application_reports").set({ submitted_at: new Date() }).where("application_id", "=", id).execute();
    await api.db.updateTable("settings").set({ value: "yes", updated_at: new Date() }).where("key", "=", "watchdog-report").execute();
    try {
      const unapproved = await tryReported();
      expect(unapproved.status).toBe(422);
      expect(JSON.stringify(unapproved.data)).toContain("intake.blocked.report-approved");
      await api.db.updateTable("application_reports").set({ watchdog_review: "approved" }).where("application_id", "=", id).execute();
      expect((await tryReported()).status).toBe(200);
    } finally {
      await api.db.updateTable("settings").set({ value: "no", updated_at: new Date() }).where("key", "=", "watchdog-report").execute();
    }
  });
});
