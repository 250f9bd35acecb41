// The reporting demo data: four grants of last year's call at the reporting
// stages, with what the stages before them wrote, so the lifecycle offers the
// next step: an accepted grant whose access is over, a half-filled report, a submitted one waiting for the
// confirmations (and the watchdog, once the setting is on), a reported one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as intake from "~/api/intake/contract";
import * as acceptance from "~/api/acceptance/contract";
import { REPORTING_PROJECTS, type ReportingStage } from "~/db/seeds/demo-reporting";
import { todayIso } from "~/domain/days";
import { createTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const app = (stage: ReportingStage) =>
  api.db.selectFrom("applications").selectAll().where("acronym", "=", REPORTING_PROJECTS[stage].acronym).executeTakeFirstOrThrow();
const report = (id: number) => api.db.selectFrom("application_reports").selectAll().where("application_id", "=", id).executeTakeFirstOrThrow();
const accesses = (id: number) => api.db.selectFrom("accesses").selectAll().where("application_id", "=", id).orderBy("id").execute();
const blockersOf = async (id: number, name: string) =>
  (await api.op(intake.intake, { as: "editor", param: { id } })).data.transitions.find((t) => t.name === name)?.blockers;

describe("the demo seed (reporting)", () => {
  it("has an accepted grant whose accesses are over, so its applicant may start reporting and the KELPFOREST grant, still to come, may not", async () => {
    const a = await app("accepted");
    expect(a.status).toBe("accepted");
    expect((await accesses(a.id)).every((x) => x.date_to < todayIso())).toBe(true);
    expect(await api.db.selectFrom("application_reports").select("application_id").where("application_id", "=", a.id).execute()).toEqual([]);
    const open = await api.op(acceptance.timeline, { as: "applicant", param: { id: a.id } });
    expect(open.data.acceptance.can_start_reporting).toBe(true);
    const kelp = await api.db.selectFrom("applications").select("id").where("acronym", "=", "KELPFOREST").executeTakeFirstOrThrow();
    const waiting = await api.op(acceptance.timeline, { as: "applicant", param: { id: kelp.id } });
    expect(waiting.data.acceptance.can_start_reporting).toBe(false);
    expect(waiting.data.acceptance.reporting_opens_on! > todayIso()).toBe(true);
  });

  it("has a report half-filled, due in ten days, that the editor cannot close yet", async () => {
    const a = await app("reporting");
    expect(a.status).toBe("reporting");
    const r = await report(a.id);
    expect(r.due_on > todayIso()).toBe(true);
    expect([r.season_objectives !== null, r.achievements_and_difficulties, r.submitted_at]).toEqual([true, null, null]);
    const rows = await accesses(a.id);
    expect(rows.map((x) => [x.status, x.user_units !== null])).toEqual([["proposed", true], ["proposed", false]]);
    expect(await blockersOf(a.id, "reported")).toEqual(["report-submitted"]);
    const { data } = await api.op(acceptance.timeline, { as: "applicant", param: { id: a.id } });
    expect(data.timeline.stages.find((s) => s.key === "reported")?.deadline).toBe(r.due_on);
  });

  it("has a submitted report with its documents, its accesses user_reported and waiting for the infrastructures", async () => {
    const a = await app("user-reported");
    expect(a.status).toBe("reporting");
    const r = await report(a.id);
    expect(r.submitted_at).not.toBeNull();
    expect([r.quantitative_feedback_overall, r.feedback_recommend, r.watchdog_review]).toEqual([5, true, null]);
    expect((await accesses(a.id)).map((x) => [x.status, x.sm_report_confirmed])).toEqual([["user_reported", null], ["user_reported", null]]);
    const files = await api.db.selectFrom("media_links").select("collection").where("attached_to_type", "=", "application").where("attached_to_id", "=", String(a.id)).execute();
    expect(files.map((f) => f.collection)).toEqual(expect.arrayContaining(["scientific_report", "data_man_final"]));
    // The watchdog-report setting is off in the demo: the editor may close it already.
    expect(await blockersOf(a.id, "reported")).toEqual([]);
  });

  it("has a reported application, confirmed and reimbursed by both infrastructures, with two publications", async () => {
    const a = await app("reported");
    expect(a.status).toBe("reported");
    const rows = await accesses(a.id);
    expect(rows.every((x) => x.status === "sm_reported" && x.sm_report_confirmed && x.sm_reimbursement_date !== null)).toBe(true);
    const pubs = await api.db.selectFrom("publications").select(["title", "doi"]).where("application_id", "=", a.id).execute();
    expect(pubs).toHaveLength(2);
    const { data } = await api.op(intake.intake, { as: "editor", param: { id: a.id } });
    expect(data.transitions.map((t) => t.name)).toContain("reopen-reporting-status");
  });
});
