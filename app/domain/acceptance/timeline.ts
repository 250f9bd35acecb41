// The applicant's status timeline (docs/lifecycle.md#status-timeline): every stage from submission
// to the report, done (with its date when the portal records one), current or
// still to come, and the next action with its deadline. Pure and zod-free: the
// API computes it and the screen shows it.
import { dayPlus, portalDay } from "../days";
import type { ApplicationStatus } from "../applications/status";

export const STAGES = ["submitted", "eligibility", "evaluation", "recommendation", "infrastructures", "decision", "acceptance", "reporting", "reported"] as const;
export type StageKey = (typeof STAGES)[number];

/** Who acts at each stage (the next action's text says it). */
const ACTOR: Record<StageKey, "applicant" | "staff"> = {
  submitted: "applicant", eligibility: "staff", evaluation: "staff", recommendation: "staff", infrastructures: "staff",
  decision: "staff", acceptance: "applicant", reporting: "applicant", reported: "applicant",
};

/** How far each status has come (0: nothing done yet). */
const RANK: Record<string, number> = { draft: 0, submit: 1, "not-eligible": 2, "under-evaluation": 2, granted: 3, rejected: 3, accepted: 4, reporting: 5, reported: 6 };
/** Statuses that end the way: no stage comes after them. */
const ENDINGS = ["not-eligible", "rejected", "withdrawn", "canceled"];

export interface TimelineFacts {
  status: ApplicationStatus;
  /** When the application last reached each status (its history), as ISO instants. */
  reached: Record<string, string>;
  /** The status before it was withdrawn or canceled (history), for how far it had come. */
  before_end: string | null;
  evaluation_complete: boolean;
  /** When the last evaluation was submitted, once the evaluation is complete (ISO instant). */
  evaluation_done_at?: string | null;
  recommendation_date: string | null;
  sm_decision_date: string | null;
  accepted_at: string | null;
  /** The report's due day, fixed when reporting started (application_reports.due_on). */
  report_due_on?: string | null;
  call: { close_at: string; evaluation_date: string; evaluation_manager_date: string; acceptance_date: string; user_report_days: number };
  /** Today in the portal's time zone (yyyy-MM-dd). */
  today: string;
}

export interface Stage {
  key: StageKey;
  state: "done" | "current" | "upcoming" | "skipped";
  /** When it was done, if the portal records it (ISO instant). */
  at: string | null;
  /** The day it is due by, when the call sets one (yyyy-MM-dd). */
  deadline: string | null;
  /** A stage that ended the way: not-eligible or rejected. */
  outcome: string | null;
}

export interface NextAction {
  stage: StageKey;
  actor: "applicant" | "staff";
  deadline: string | null;
  overdue: boolean;
}

export interface Timeline {
  stages: Stage[];
  next: NextAction | null;
  /** The status that ended the way (withdrawn, canceled, not-eligible, rejected) and when. */
  ended: { status: ApplicationStatus; at: string | null } | null;
}

/** `days` after the day of an instant. */
const daysAfter = (at: string, days: number) => dayPlus(portalDay(new Date(at)), days);

export function computeTimeline(f: TimelineFacts): Timeline {
  const ended = ENDINGS.includes(f.status);
  // Withdrawn and canceled keep what was done before them.
  const reachedStatus = f.status === "withdrawn" || f.status === "canceled" ? (f.before_end ?? "draft") : f.status;
  const rank = RANK[reachedStatus] ?? 0;
  const reportDue = f.report_due_on ?? (f.reached.reporting ? daysAfter(f.reached.reporting, f.call.user_report_days) : null);
  const facts: Record<StageKey, { done: boolean; at: string | null; deadline: string | null; outcome?: string }> = {
    submitted: { done: rank >= 1, at: f.reached.submit ?? null, deadline: f.call.close_at },
    eligibility: {
      done: rank >= 2,
      at: reachedStatus === "not-eligible" ? (f.reached["not-eligible"] ?? null) : (f.reached["under-evaluation"] ?? null),
      deadline: null,
      outcome: reachedStatus === "not-eligible" ? "not-eligible" : undefined,
    },
    evaluation: { done: rank >= 3 || (rank === 2 && f.evaluation_complete), at: f.evaluation_done_at ?? null, deadline: f.call.evaluation_date },
    recommendation: { done: f.recommendation_date !== null || (rank >= 3 && reachedStatus !== "rejected"), at: f.recommendation_date, deadline: null },
    infrastructures: { done: f.sm_decision_date !== null || (rank >= 3 && reachedStatus !== "rejected"), at: f.sm_decision_date, deadline: f.call.evaluation_manager_date },
    decision: {
      done: rank >= 3,
      at: f.reached[reachedStatus === "rejected" ? "rejected" : "granted"] ?? null,
      deadline: null,
      outcome: reachedStatus === "rejected" ? "rejected" : undefined,
    },
    acceptance: { done: rank >= 4, at: f.accepted_at ?? f.reached.accepted ?? null, deadline: f.call.acceptance_date },
    reporting: { done: rank >= 5, at: f.reached.reporting ?? null, deadline: null },
    reported: { done: rank >= 6, at: f.reached.reported ?? null, deadline: reportDue },
  };
  const lastDone = STAGES.reduce((last, key, i) => (facts[key].done ? i : last), -1);
  // Under evaluation, the evaluation, the panel and the infrastructures go side by side: each open one is current.
  const firstOpen = STAGES.findIndex((key) => !facts[key].done);
  const stages: Stage[] = [];
  STAGES.forEach((key, i) => {
    const s = facts[key];
    const parallel = reachedStatus === "under-evaluation" && ["evaluation", "recommendation", "infrastructures"].includes(key);
    let state: Stage["state"];
    if (s.done) state = "done";
    else if (i < lastDone) state = ended || !parallel ? "skipped" : "current";
    else if (ended) return;
    else state = i === firstOpen || (parallel && !ended) ? "current" : "upcoming";
    stages.push({ key, state, at: s.done ? s.at : null, deadline: s.done ? null : s.deadline, outcome: s.outcome ?? null });
  });
  const open = stages.find((s) => s.state === "current");
  const next: NextAction | null =
    ended || !open
      ? null
      : { stage: open.key, actor: ACTOR[open.key], deadline: open.deadline, overdue: open.deadline !== null && f.today > open.deadline };
  return { stages, next, ended: ended ? { status: f.status, at: f.reached[f.status] ?? null } : null };
}
