// The reporting demo (docs/lifecycle.md#reporting): four accepted grants of last year's call whose access took
// place in the summer, at the reporting stages: one whose report is not started yet (its applicant may
// start reporting, the access being over), a report half-filled, a report
// submitted and waiting for the watchdog (once the watchdog-report setting is
// on) and for the infrastructures' confirmations, and one reported, confirmed
// and with publications. The rows are what the stages' endpoints would have
// written (after seedDecisionStage's "accepted").
import type { Db } from "../database.server";
import { day } from "./demo-day";
import { demoStorage, pdfBytes, storeDemoFile } from "./demo-media";

export type ReportingStage = "accepted" | "reporting" | "user-reported" | "reported";

/** The application's status at each reporting stage. */
export const REPORTING_STATUS: Record<ReportingStage, "accepted" | "reporting" | "reported"> = {
  accepted: "accepted", reporting: "reporting", "user-reported": "reporting", reported: "reported",
};

export const REPORTING_PROJECTS: Record<ReportingStage, { acronym: string; title: string; description: string }> = {
  accepted: {
    acronym: "FJORDLIGHT",
    title: "Light under the sea ice of Kongsfjorden in early summer",
    description: "Light sensors under the fast ice near the station and profiles from the vessel will show how much light reaches the algae as the ice thins.",
  },
  reporting: {
    acronym: "SEABIRDLOG",
    title: "Foraging trips of kittiwakes from the Kongsfjorden colonies",
    description: "GPS loggers on kittiwakes nesting near the station and prey surveys from the vessel will show how far the birds fly for food as the fjord warms.",
  },
  "user-reported": {
    acronym: "ICEQUAKE",
    title: "Icequakes at the calving front of Kronebreen",
    description: "Seismometers around the station and hydrophones lowered from the vessel will record the icequakes that announce the glacier's calving events.",
  },
  reported: {
    acronym: "DRIFTWOOD",
    title: "Siberian driftwood on the beaches of Svalbard",
    description: "Driftwood collected along the shore near the station and from the vessel's landings will be dated by its tree rings to trace the sea ice that carried it.",
  },
};

const ACTIVITY = {
  season_objectives:
    "Deploy the instruments at the start of the season, keep them running for the whole access and bring back the samples and records for analysis at home.",
  achievements_and_difficulties:
    "Every instrument was deployed and recovered. Two days of storm kept the boat ashore, which we made up for at the end of the stay; the data set is complete.",
};

const FEEDBACK = {
  quantitative_feedback_coordination: 5, quantitative_feedback_infrastructure: 4, quantitative_feedback_overall: 5, feedback_recommend: true,
  text_feedback_coordination: "Clear instructions before the trip and a quick answer to every question.",
  text_feedback_infrastructure: "The laboratory and the boat were ready when we arrived; the freezer space was a little short.",
  text_feedback_overall: "A productive season; we would come back for the follow-up campaign.",
};

/** Inside the demo seed's transaction: the application is accepted (seedDecisionStage), in last year's call. */
export async function seedReportingStage(trx: Db, applicationId: number, stage: ReportingStage, users: Map<string, number>): Promise<void> {
  const applicant = users.get("applicant") ?? null;
  const started = new Date(Date.now() - 20 * 86_400_000);
  // The access took place in the summer: sixty to forty-seven days ago.
  const accesses = await trx.selectFrom("accesses").select(["id", "requested_units", "type"]).where("application_id", "=", applicationId).orderBy("id").execute();
  for (const a of accesses) {
    await trx.updateTable("accesses").set({ date_from: day(-60), date_to: day(-47) }).where("id", "=", a.id).execute();
  }
  // Accepted when its history says; reporting not started yet.
  const accepted = await trx.selectFrom("application_history").select("created_at").where("application_id", "=", applicationId).where("to_status", "=", "accepted").executeTakeFirst();
  if (accepted) await trx.updateTable("applications").set({ accepted_at: accepted.created_at }).where("id", "=", applicationId).execute();
  if (stage === "accepted") return;
  await trx
    .insertInto("application_reports")
    .values({
      application_id: applicationId, started_at: started, due_on: day(10), updated_at: started,
      season_objectives: ACTIVITY.season_objectives,
      ...(stage === "reporting" ? {} : { ...ACTIVITY, ...FEEDBACK, submitted_at: day(-3), submitted_by: applicant }),
    })
    .execute();
  // The history's reporting (and reported) rows at the report's own days.
  await trx.updateTable("application_history").set({ created_at: started }).where("application_id", "=", applicationId).where("to_status", "=", "reporting").execute();
  await trx.updateTable("application_history").set({ created_at: day(-1) }).where("application_id", "=", applicationId).where("to_status", "=", "reported").execute();
  const events: { event: "started" | "submitted"; at: string }[] = [{ event: "started", at: day(-20) }];
  if (stage !== "reporting") events.push({ event: "submitted", at: day(-3) });
  await trx.insertInto("report_events").values(events.map((e) => ({ application_id: applicationId, event: e.event, user_id: applicant, created_at: e.at }))).execute();

  for (const [i, a] of accesses.entries()) {
    // The half-filled report has the first access's figures only.
    if (stage === "reporting" && i > 0) break;
    const used = { user_units: a.requested_units - i, user_date_from: day(-60), user_date_to: day(-47 - i) };
    const confirmed =
      stage === "reported"
        ? {
            sm_report_confirmed: true, sm_report_units: used.user_units, sm_report_type: a.type, sm_report_date_from: used.user_date_from,
            sm_report_date_to: used.user_date_to, sm_reimbursement_date: day(-1), sm_reported_at: day(-1), sm_reported_by: users.get("infrastructure-manager") ?? null,
          }
        : {};
    const status = stage === "reporting" ? "proposed" : stage === "reported" ? "sm_reported" : "user_reported";
    await trx.updateTable("accesses").set({ ...used, ...confirmed, status }).where("id", "=", a.id).execute();
  }
  if (stage === "reporting") return;

  const { acronym } = await trx.selectFrom("applications").select("acronym").where("id", "=", applicationId).executeTakeFirstOrThrow();
  const storage = demoStorage();
  const files: [string, string, string[]][] = [
    ["scientific_report", `${acronym}-scientific-report.pdf`, [`Scientific report: ${acronym}`, "1. Objectives of the access", "2. Work done and results", "3. Publications and data"]],
    ["data_man_final", `${acronym}-data-management-plan-final.pdf`, [`Final data management plan: ${acronym}`, "Data archived at the national polar data centre"]],
  ];
  for (const [collection, name, lines] of files) {
    const mediaId = await storeDemoFile(trx, storage, { name, mime_type: "application/pdf", bytes: pdfBytes(lines) }, applicant ?? 0);
    await trx.insertInto("media_links").values({ media_id: mediaId, attached_to_type: "application", attached_to_id: String(applicationId), collection, position: 0 }).execute();
  }
  if (stage !== "reported") return;

  await trx
    .insertInto("publications")
    .values([
      {
        application_id: applicationId, created_by: applicant, title: "Siberian larch on Svalbard shores: a tree-ring record of sea-ice drift", year: 2026,
        publication_type: "article", authors: "Applicant, A.; Hansen, K.", references: "Polar Research 45, 1123", doi: "10.33265/polar.v45.1123",
        web_address: "https://polarresearch.net/index.php/polar/article/view/1123",
      },
      {
        application_id: applicationId, created_by: applicant, title: "Driftwood ages from Kongsfjorden beaches (data set)", year: 2026,
        publication_type: "dataset", authors: "Applicant, A.", references: null, doi: "10.21334/npolar.2026.driftwood", web_address: null,
      },
    ])
    .execute();
}
