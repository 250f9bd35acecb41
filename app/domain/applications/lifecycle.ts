// The application lifecycle (docs/lifecycle.md) as one table: the API checks a status
// change against it and the screens derive their buttons from it, so a button
// never offers what the API refuses. Pure and zod-free: it ships to the browser.
import type { ApplicationStatus } from "./status";
import { APPLICATION_STATUSES, isApplicationStatus } from "./status";

/** What a transition needs to know about the application, computed by the API (transition.server.ts). */
export interface LifecycleFacts {
  /** Every access has an eligibility decision. */
  eligibilityDone: boolean;
  /** At least one access is eligible. */
  eligibleAccess: boolean;
  evaluationComplete: boolean;
  recommendationComplete: boolean;
  /** Every infrastructure with eligible accesses has made its decision (sm_decided_at). */
  infrastructuresDecided: boolean;
  /** At least one infrastructure accepted the application (sm_accepted). */
  infrastructureAccepted: boolean;
  /** Every granted access has ended (its last day is behind today), or none is granted. */
  accessesEnded: boolean;
  reportSubmitted: boolean;
  /** True when the watchdog-report setting does not ask for an approval. */
  reportApproved: boolean;
  /** The status before it was withdrawn (undo-withdrawn goes back to it). */
  previousStatus: ApplicationStatus | null;
}

export type Actor = "editor" | "owner";

/** A pre-condition's name; its message is `intake.blocked.<name>`. */
export type Precondition =
  | "eligibility-done"
  | "eligible-access"
  | "evaluation-complete"
  | "recommendation-complete"
  | "infrastructures-decided"
  | "infrastructure-accepted"
  | "accesses-ended"
  | "report-submitted"
  | "report-approved"
  | "previous-status";

export interface Transition {
  name: string;
  from: readonly ApplicationStatus[];
  /** "previous" = the status it had before it was withdrawn; "chosen" = the one the editor picks. */
  to: ApplicationStatus | "previous" | "chosen";
  who: Actor;
  needs: readonly Precondition[];
  /**
   * always: notes are required; "no-eligible-access": required when no access
   * is eligible; "accesses-running": required while a granted access has not
   * ended (the editor says why reporting opens early).
   */
  notes: "never" | "optional" | "always" | "no-eligible-access" | "accesses-running";
  /** Issue that builds its screen; transitions of later stages are listed so the table is whole. */
  endpoint: string;
}

const EVERY = APPLICATION_STATUSES;

// Submit (the group leader, from the wizard) has its own rules in
// application-write.server.ts before it takes its transition like the others.
export const TRANSITIONS: readonly Transition[] = [
  { name: "submit", from: ["draft"], to: "submit", who: "owner", needs: [], notes: "never", endpoint: "submit" },
  { name: "restore-draft", from: ["submit"], to: "draft", who: "editor", needs: [], notes: "optional", endpoint: "restore-draft" },
  { name: "not-eligible", from: ["submit"], to: "not-eligible", who: "editor", needs: ["eligibility-done"], notes: "no-eligible-access", endpoint: "change-status" },
  { name: "under-evaluation", from: ["submit"], to: "under-evaluation", who: "editor", needs: ["eligibility-done", "eligible-access"], notes: "optional", endpoint: "change-status" },
  { name: "granted", from: ["under-evaluation"], to: "granted", who: "editor", needs: ["evaluation-complete", "recommendation-complete", "infrastructures-decided", "infrastructure-accepted"], notes: "optional", endpoint: "change-status" },
  { name: "rejected", from: ["under-evaluation"], to: "rejected", who: "editor", needs: ["evaluation-complete", "recommendation-complete"], notes: "optional", endpoint: "change-status" },
  { name: "accepted", from: ["granted"], to: "accepted", who: "owner", needs: [], notes: "never", endpoint: "accept" },
  { name: "withdrawn", from: ["granted", "accepted"], to: "withdrawn", who: "owner", needs: [], notes: "optional", endpoint: "withdraw" },
  { name: "undo-withdrawn", from: ["withdrawn"], to: "previous", who: "editor", needs: ["previous-status"], notes: "optional", endpoint: "undo-withdrawn" },
  // The applicant reports once the last granted access has ended; the editor may open reporting earlier, saying why.
  { name: "reporting", from: ["accepted"], to: "reporting", who: "owner", needs: ["accesses-ended"], notes: "never", endpoint: "start-reporting" },
  { name: "reporting", from: ["accepted"], to: "reporting", who: "editor", needs: [], notes: "accesses-running", endpoint: "change-status" },
  { name: "reported", from: ["reporting"], to: "reported", who: "editor", needs: ["report-submitted", "report-approved"], notes: "optional", endpoint: "change-status" },
  { name: "reopen-reporting-status", from: ["reported"], to: "reporting", who: "editor", needs: [], notes: "optional", endpoint: "reopen-reporting-status" },
  { name: "canceled", from: EVERY.filter((s) => s !== "canceled"), to: "canceled", who: "editor", needs: [], notes: "always", endpoint: "change-status" },
  // The editor's override: any status to any other, with notes, recorded in history.
  { name: "change-status", from: EVERY, to: "chosen", who: "editor", needs: [], notes: "always", endpoint: "change-status" },
];

/**
 * The transitions that correct a closed case rather than move it on: the
 * editor's cancel and override, undoing a withdrawal, reopening a report.
 */
const CORRECTIONS: readonly string[] = ["canceled", "change-status", "undo-withdrawn", "reopen-reporting-status"];

/**
 * The final statuses (docs/lifecycle.md#final-statuses; ADR 054): those no
 * transition moves on but a correction. An application in any other status
 * is in progress: someone still acts on it (the owner, the staff, the panel).
 * Derived from the table so a new stage is in progress until it says otherwise.
 */
export const FINAL_STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES.filter(
  (s) => !TRANSITIONS.some((t) => t.from.includes(s) && !CORRECTIONS.includes(t.name)),
);

export const isFinalStatus = (s: ApplicationStatus): boolean => FINAL_STATUSES.includes(s);

const PRECONDITION_MET: Record<Precondition, (f: LifecycleFacts) => boolean> = {
  "eligibility-done": (f) => f.eligibilityDone,
  "eligible-access": (f) => f.eligibleAccess,
  "evaluation-complete": (f) => f.evaluationComplete,
  "recommendation-complete": (f) => f.recommendationComplete,
  "infrastructures-decided": (f) => f.infrastructuresDecided,
  "infrastructure-accepted": (f) => f.infrastructureAccepted,
  "accesses-ended": (f) => f.accessesEnded,
  "report-submitted": (f) => f.reportSubmitted,
  "report-approved": (f) => f.reportApproved,
  "previous-status": (f) => f.previousStatus !== null,
};

/** The pre-conditions of a transition that the application does not meet yet. */
export const unmet = (t: Transition, facts: LifecycleFacts): Precondition[] => t.needs.filter((n) => !PRECONDITION_MET[n](facts));

/** Whether this transition needs notes, given the facts. */
export function notesRequired(t: Transition, facts: LifecycleFacts): boolean {
  return t.notes === "always" || (t.notes === "no-eligible-access" && !facts.eligibleAccess) || (t.notes === "accesses-running" && !facts.accessesEnded);
}

/** The status a transition leads to (null when it cannot be resolved). */
export function targetOf(t: Transition, facts: LifecycleFacts, chosen?: ApplicationStatus): ApplicationStatus | null {
  if (t.to === "previous") return facts.previousStatus;
  if (t.to === "chosen") return chosen ?? null;
  return t.to;
}

/** The named transitions (not the override) an actor may see from a status, with what still blocks each. */
export function transitionsFrom(status: ApplicationStatus, who: Actor, facts: LifecycleFacts) {
  return TRANSITIONS.filter((t) => t.who === who && t.name !== "change-status" && t.from.includes(status)).map((t) => ({
    transition: t,
    to: targetOf(t, facts),
    blockers: unmet(t, facts),
    notesRequired: notesRequired(t, facts),
  }));
}

/** The transition behind one of the editor's dedicated endpoints (restore-draft, undo-withdrawn, reopen-reporting-status) from a status. */
export const dedicatedTransition = (endpoint: string, from: ApplicationStatus): Transition | null =>
  TRANSITIONS.find((t) => t.who === "editor" && t.endpoint === endpoint && endpoint !== "change-status" && t.from.includes(from)) ?? null;

/** The owner's transition behind one of their endpoints (submit, accept, withdraw, start-reporting) from a status, or null. */
export const ownerTransition = (endpoint: string, from: string): Transition | null =>
  TRANSITIONS.find((t) => t.who === "owner" && t.endpoint === endpoint && isApplicationStatus(from) && t.from.includes(from)) ?? null;

/**
 * The transition an editor's change-status to `to` goes through: the named one
 * when the table has one from this status to that one (its pre-conditions
 * apply), otherwise the override (notes required).
 */
export function changeTransition(from: ApplicationStatus, to: ApplicationStatus): Transition | null {
  if (from === to) return null;
  const named = TRANSITIONS.find((t) => t.who === "editor" && t.endpoint === "change-status" && t.name !== "change-status" && t.from.includes(from) && t.to === to);
  return named ?? TRANSITIONS.find((t) => t.name === "change-status") ?? null;
}
