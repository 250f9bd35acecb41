// The later stages of a generated application for bench/data.ts, in proportions
// like a running programme's: its evaluations' scores, the panel's
// recommendation and the infrastructures' decisions, its report with the
// feedback survey, the infrastructures' confirmations of its accesses
// (docs/lifecycle.md#reporting, #report-confirmation) and its publications.
// Pure: rows from the seeded random generator, inserted by bench/data.ts.
import type { ApplicationStatus } from "../app/domain/applications/status";
import type { PUBLICATION_TYPES } from "../app/domain/reporting/parts";
import type { Random } from "./data-drafts";

/** Statuses after a granting decision of the infrastructures. */
export const GRANTED = new Set<ApplicationStatus>(["granted", "canceled", "accepted", "reporting", "reported"]);

const JUSTIFICATIONS = [
  "Clear objectives and a realistic plan for the season.",
  "The team has the experience the fieldwork needs.",
  "The methods are sound but the sampling plan is thin.",
  "Strong links with the infrastructure's long-term monitoring.",
  "The expected results would interest the wider community.",
  "The budget is higher than the work described justifies.",
];

/**
 * An evaluation's scores on the call's criteria, 1 to 5 around the
 * application's `quality` (drawn once per application, so its evaluators
 * roughly agree).
 */
export function scoresOf(r: Random, criteria: readonly number[], quality: number): { scores: Record<string, { score: number; justification: string }>; values: number[] } {
  const values = criteria.map(() => Math.max(1, Math.min(5, Math.round(quality + (r.next() - 0.5) * 2))));
  const scores = Object.fromEntries(criteria.map((id, k) => [String(id), { score: values[k], justification: r.pick(JUSTIFICATIONS) }]));
  return { scores, values };
}

/** An application's quality: a granted one scored higher than a refused one. */
export const qualityOf = (r: Random, status: ApplicationStatus) => (GRANTED.has(status) ? 3.4 : status === "rejected" ? 2.4 : 3) + (r.next() - 0.5) * 1.6;

/** The panel's recommendation and the infrastructure's decision on one requested infrastructure (`first`: the application's first). */
export function decisionOf(r: Random, status: ApplicationStatus, first: boolean, requested: number, decidedAt: string, members: number) {
  if (!GRANTED.has(status) && status !== "rejected") return {};
  // A granted application: its first infrastructure accepted it, a second one mostly too; a refused one: every one refused.
  const accepted = GRANTED.has(status) && (first || r.next() < 0.8);
  const units = accepted ? Math.max(1, requested - (r.next() < 0.3 ? r.int(1, Math.max(1, Math.floor(requested / 3))) : 0)) : null;
  const participants = Math.max(1, Math.min(members, r.int(1, 4)));
  return {
    ta_recommended: accepted || r.next() < 0.25, ta_units: accepted ? units : null, ta_participants: participants,
    ta_budget: accepted ? (units! * r.int(80, 350)).toFixed(2) : null, ta_recommendation: accepted ? "Recommended for the season." : "Not recommended this year.",
    sm_accepted: accepted, sm_units: units, sm_participants: accepted ? participants : null, sm_budget: accepted ? (units! * r.int(80, 350)).toFixed(2) : null,
    sm_justification: accepted ? null : "The season is fully booked.", sm_decided_at: decidedAt,
  };
}

const OBJECTIVES = [
  "Deploy the instruments at the start of the season and keep them running for the whole access.",
  "Sample the transects of earlier years to extend the time series.",
  "Test the new sensor against the station's reference instruments.",
];
const ACHIEVEMENTS = [
  "Every instrument was deployed and recovered; two days of storm were made up at the end of the stay.",
  "Most samples were taken as planned; one transect was skipped because of sea ice.",
  "The data set is complete and already shared with the partner laboratories.",
];
const TEXT_FEEDBACK = {
  coordination: ["Clear instructions before the trip.", "Quick answers to every question.", "The paperwork took longer than expected."],
  infrastructure: ["The laboratory was ready when we arrived.", "Freezer space was a little short.", "Excellent boat crew and logistics."],
  overall: ["A productive season; we would come back.", "Very good value for our project.", "Some delays, but the results are worth it."],
};
/** A 1–5 answer of the survey, mostly good. */
const rating = (r: Random) => Number(r.weighted({ 1: 2, 2: 5, 3: 15, 4: 40, 5: 38 }));

/**
 * The report of an application in reporting or reported: started when it
 * entered reporting; in reporting half of them partly filled; reported ones
 * submitted with the feedback survey (nine in ten answer it), most reviewed
 * by the watchdog. With its history events.
 */
export function reportOf(r: Random, applicationId: number, status: ApplicationStatus, startedAt: number, submittedAt: number, ownerId: number, watchdogId: number | null) {
  const iso = (ms: number) => new Date(Math.floor(ms)).toISOString();
  const day = (ms: number) => iso(ms).slice(0, 10);
  const report: Record<string, unknown> = {
    application_id: applicationId, started_at: iso(startedAt), due_on: day(startedAt + 30 * 864e5), created_at: iso(startedAt), updated_at: iso(status === "reported" ? submittedAt : startedAt),
  };
  const events: Record<string, unknown>[] = [{ application_id: applicationId, event: "started", user_id: ownerId, created_at: iso(startedAt) }];
  if (status === "reporting") {
    if (r.next() < 0.5) Object.assign(report, { season_objectives: r.pick(OBJECTIVES) });
    return { report, events };
  }
  Object.assign(report, { season_objectives: r.pick(OBJECTIVES), achievements_and_difficulties: r.pick(ACHIEVEMENTS), submitted_at: iso(submittedAt), submitted_by: ownerId });
  events.push({ application_id: applicationId, event: "submitted", user_id: ownerId, created_at: iso(submittedAt) });
  if (r.next() < 0.9) {
    const texts = r.next() < 0.6;
    Object.assign(report, {
      quantitative_feedback_coordination: rating(r), quantitative_feedback_infrastructure: rating(r), quantitative_feedback_overall: rating(r),
      feedback_recommend: r.next() < 0.04 ? null : r.next() < 0.9,
      text_feedback_coordination: texts ? r.pick(TEXT_FEEDBACK.coordination) : null,
      text_feedback_infrastructure: texts ? r.pick(TEXT_FEEDBACK.infrastructure) : null,
      text_feedback_overall: texts ? r.pick(TEXT_FEEDBACK.overall) : null,
    });
  }
  if (watchdogId !== null && r.next() < 0.7) {
    const reviewedAt = iso(submittedAt + 864e5);
    Object.assign(report, { watchdog_review: "approved", watchdog_reviewed_by: watchdogId, watchdog_reviewed_at: reviewedAt });
    events.push({ application_id: applicationId, event: "approved", user_id: watchdogId, created_at: reviewedAt });
  }
  return { report, events };
}

/**
 * What the applicant reported of one access (status user_reported or
 * sm_reported) and, once sm_reported, the infrastructure's confirmation:
 * nineteen in twenty confirmed, units close to those used, a tenth of the
 * physical accesses delivered remotely.
 */
export function accessReportOf(r: Random, status: string, access: { type: string; date_from: string; date_to: string; requested_units: number }, reportedAt: string, managerId: number | null) {
  if (status !== "user_reported" && status !== "sm_reported") return {};
  const used = Math.max(1, access.requested_units - (r.next() < 0.25 ? r.int(1, 3) : 0));
  const user = { user_units: used, user_date_from: access.date_from, user_date_to: access.date_to };
  if (status === "user_reported") return user;
  const confirmed = r.next() < 0.95;
  return {
    ...user, sm_report_confirmed: confirmed, sm_report_units: confirmed ? used : 0,
    sm_report_type: access.type === "physical" && r.next() < 0.1 ? "remote" : access.type,
    sm_report_date_from: access.date_from, sm_report_date_to: access.date_to, sm_reimbursement_date: confirmed ? reportedAt.slice(0, 10) : null,
    sm_reported_at: reportedAt, sm_reported_by: managerId,
  };
}

const TYPES: Partial<Record<(typeof PUBLICATION_TYPES)[number], number>> = { article: 50, dataset: 15, "conference-paper": 15, report: 8, thesis: 5, "book-chapter": 4, book: 1, other: 2 };
const JOURNALS = ["Polar Research", "The Cryosphere", "Marine Ecology Progress Series", "Journal of Glaciology", "Biogeosciences", "Ocean Science"];
const TOPICS = ["sea-ice algae", "permafrost carbon", "glacier meltwater", "seabird foraging", "benthic communities", "fjord circulation", "coastal erosion"];

/** A reported application's publications: none to four (one and a half on average), published in the years after its call. */
export function publicationsOf(r: Random, applicationId: number, callYear: number, authors: string, ownerId: number, thisYear: number, createdAt: string) {
  const n = Number(r.weighted({ 0: 30, 1: 30, 2: 25, 3: 10, 4: 5 }));
  return Array.from({ length: n }, (_, k) => {
    const type = r.weighted(TYPES);
    const year = Math.min(thisYear, callYear + r.int(1, 3));
    const journal = r.pick(JOURNALS);
    const doi = r.next() < 0.8 ? `10.${r.int(1000, 9999)}/bench.${applicationId}.${k + 1}` : null;
    return {
      application_id: applicationId, title: `${type === "dataset" ? "Data of" : "On"} ${r.pick(TOPICS)} (${applicationId}-${k + 1})`, year, publication_type: type,
      authors, references: type === "article" ? `${journal} ${r.int(10, 60)}, ${r.int(1, 999)}` : null, doi,
      web_address: r.next() < 0.4 ? `https://example.org/publications/${applicationId}-${k + 1}` : null,
      created_by: ownerId, created_at: createdAt, updated_at: createdAt,
    };
  });
}
