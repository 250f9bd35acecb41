// Applications at the reporting stage (docs/lifecycle.md#reporting): granted (acceptance-helpers),
// accepted and put in reporting through the owner's own endpoints, so the
// report's row and due day are the ones the portal makes.
import { expect } from "vitest";
import * as acceptance from "~/api/acceptance/contract";
import * as reporting from "~/api/reporting/contract";
import type { TestApi } from "../support/api";
import { grantedApplication } from "./acceptance-helpers";
import { assignReviewers } from "./review-helpers";
import { dayPlus, todayIso } from "~/domain/days";

async function version(api: TestApi, id: number): Promise<string> {
  const row = await api.db.selectFrom("applications").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow();
  return new Date(row.updated_at).toISOString();
}

/** Moves every access of application `id` into the past (the first `daysAgo` days ago, two weeks long): the access took place. */
export async function endAccesses(api: TestApi, id: number, daysAgo = 40) {
  await api.db.updateTable("accesses").set({ date_from: dayPlus(todayIso(), -daysAgo), date_to: dayPlus(todayIso(), -daysAgo + 13) }).where("application_id", "=", id).execute();
}

/** The demo applicant's application, granted then accepted by its owner. */
export async function acceptedApplication(api: TestApi, as = "applicant") {
  const app = await grantedApplication(api, as);
  const res = await api.op(acceptance.accept, { as, param: { id: app.id }, json: { updated_at: await version(api, app.id) } });
  if (res.status !== 200) throw new Error(`accept answered ${res.status}: ${JSON.stringify(res.data)}`);
  return app;
}

/**
 * An accepted application its owner put in reporting (its report open, due the
 * call's user_report_days later), with the demo watchdog assigned unless
 * `watchdog` is false.
 */
export async function reportingApplication(api: TestApi, as = "applicant", opts: { watchdog?: boolean } = {}) {
  const app = await acceptedApplication(api, as);
  await endAccesses(api, app.id);
  const res = await api.op(acceptance.startReporting, { as, param: { id: app.id }, json: { updated_at: await version(api, app.id) } });
  if (res.status !== 200) throw new Error(`start-reporting answered ${res.status}: ${JSON.stringify(res.data)}`);
  if (opts.watchdog !== false) {
    await assignReviewers(api, app.id, { watchdog: ["watchdog"] });
    // assignReviewers puts it under evaluation (its own use); this one stays in reporting.
    await api.db.updateTable("applications").set({ status: "reporting" }).where("id", "=", app.id).execute();
  }
  return { id: app.id, due_on: res.data.report_due_on! };
}

const PDF = new TextEncoder().encode("%PDF-1.4\nreport\n%%EOF\n");

/** A small PDF uploaded by `as`; its media id. */
export async function uploadedPdf(api: TestApi, as: string): Promise<number> {
  const form = new FormData();
  form.append("file", new Blob([PDF], { type: "application/pdf" }), "report.pdf");
  const res = await api.call("POST", "/media/uploads", { as, form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Fills every part of the demo applicant's report as its screens would; answers the report. */
export async function fillReport(api: TestApi, id: number, as = "applicant") {
  const read = async () => (await api.op(reporting.report, { as, param: { id } })).data;
  let r = await read();
  r = (await api.op(reporting.saveActivity, { as, param: { id }, json: { season_objectives: "Deploy the moorings.", achievements_and_difficulties: "All recovered.", updated_at: r.updated_at } })).data;
  const accesses = r.accesses.map((a) => ({ id: a.id, user_units: a.requested_units, user_date_from: a.date_from, user_date_to: a.date_to }));
  r = (await api.op(reporting.saveAccesses, { as, param: { id }, json: { accesses, updated_at: r.updated_at } })).data;
  r = (await api.op(reporting.saveDocuments, { as, param: { id }, json: { scientific_report: await uploadedPdf(api, as), data_man_final: await uploadedPdf(api, as), updated_at: r.updated_at } })).data;
  const feedback = {
    quantitative_feedback_coordination: 5, quantitative_feedback_infrastructure: 4, quantitative_feedback_overall: 5, feedback_recommend: true,
    text_feedback_coordination: "Clear.", text_feedback_infrastructure: "Ready.", text_feedback_overall: "Good.",
  };
  const res = await api.op(reporting.saveFeedback, { as, param: { id }, json: { ...feedback, updated_at: r.updated_at } });
  expect(res.status).toBe(200);
  return res.data;
}

/** An application in reporting whose complete report its owner submitted (the demo watchdog assigned). */
export async function submittedReport(api: TestApi) {
  const { id, due_on } = await reportingApplication(api);
  const filled = await fillReport(api, id);
  const res = await api.op(reporting.submitReport, { as: "applicant", param: { id }, json: { updated_at: filled.updated_at } });
  expect(res.status).toBe(200);
  return { id, due_on, report: res.data.report };
}
