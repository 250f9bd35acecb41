// What a person does next with an application, as the role they see it in
// (docs/ui.md#home): one rule for the home page's to-do list and every list's
// "Next action" column, so both always say the same. It asks the lifecycle's
// table (lifecycle.ts) what the owner or the editor may do now and never
// restates a transition's pre-conditions. Pure and zod-free: the screens load it.
import { ownerTransition, TRANSITIONS, unmet, type LifecycleFacts, type Transition } from "../applications/lifecycle";
import type { ApplicationStatus } from "../applications/status";
import { SIGNING_STATUSES } from "../acceptance/statuses";
import type { ReviewerState } from "../reviews/states";

/** Every next action; its words are `todo.action.<name>` (with the deadline or the step). */
export const NEXT_ACTIONS = [
  "continue-draft", "accept-grant", "sign-agreement", "start-reporting", "write-report", "fix-report",
  "accept-evaluation", "score-evaluation", "review-evaluations", "review-report", "save-declaration",
  "decide", "confirm-report", "reimburse",
  "check-eligibility", "record-recommendation", "issue-grant", "decide-outcome", "set-reported",
  "none",
] as const;
export type NextActionName = (typeof NEXT_ACTIONS)[number];

/** The home page's to-do list says these: the rule's actions, and the admin area's e-mails that failed to send. */
export const TODO_ACTIONS = [...NEXT_ACTIONS, "resend-mail"] as const;
export type TodoAction = (typeof TODO_ACTIONS)[number];

/** The roles an application is seen in: its owner, a reviewer, its infrastructures' staff, the admin area. */
export const TODO_VIEWS = ["owner", "evaluator", "watchdog", "viewer", "staff", "editor"] as const;
export type TodoView = (typeof TODO_VIEWS)[number];

interface Base {
  id: number;
  status: ApplicationStatus;
  /** Today in the portal's time zone (yyyy-MM-dd, ADR 006). */
  today: string;
}

export type TodoSubject =
  | (Base & {
      view: "owner";
      step: number;
      lifecycle: LifecycleFacts;
      call: { close_at: string; acceptance_date: string };
      /** The report, once reporting opened: its due day, whether it is in, whether its watchdog sent it back. */
      report: { due_on: string; submitted: boolean; sent_back: boolean } | null;
      signed_agreement: boolean;
    })
  | (Base & { view: "evaluator"; assignment_id: number; state: ReviewerState; evaluation_date: string })
  | (Base & {
      view: "watchdog";
      state: ReviewerState;
      evaluation_date: string;
      /** Submitted evaluations the watchdog has not reviewed yet. */
      evaluations_to_review: number;
      /** A submitted report waiting for the watchdog's verdict while the watchdog-report setting asks for one. */
      report_to_review: boolean;
    })
  | (Base & { view: "viewer"; declared: boolean })
  | (Base & {
      view: "staff";
      evaluation_manager_date: string;
      /** One of the reader's infrastructures has eligible accesses and no decision yet (under evaluation). */
      decision_pending: boolean;
      /** A submitted report's access at one of the reader's infrastructures waits for its confirmation. */
      confirmation_pending: boolean;
      /** An access confirmed as done at one of the reader's infrastructures has no reimbursement date yet. */
      reimbursement_pending: boolean;
    })
  | (Base & { view: "editor"; lifecycle: LifecycleFacts });

export interface NextAction {
  action: NextActionName;
  /** The day it is due by (yyyy-MM-dd), when there is one. */
  deadline: string | null;
  /** The deadline is behind today and the action is still to do. */
  overdue: boolean;
  /** The screen where it is done (or, with nothing to do, where the application is read). */
  href: string;
  /** The wizard step reached, for continue-draft. */
  step: number | null;
}

const act = (action: NextActionName, href: string, today: string, deadline: string | null = null, step: number | null = null): NextAction => ({
  action, deadline, overdue: action !== "none" && deadline !== null && today > deadline, href, step,
});

/** The owner's transition behind `endpoint` is open from this status with nothing blocking it. */
const ownerMay = (endpoint: string, s: { status: ApplicationStatus; lifecycle: LifecycleFacts }) => {
  const t = ownerTransition(endpoint, s.status);
  return t !== null && unmet(t, s.lifecycle).length === 0;
};

/** The editor's named change-status transition to `to` from this status, and what still blocks it (null: the table has none). */
const editorBlockers = (to: ApplicationStatus, s: { status: ApplicationStatus; lifecycle: LifecycleFacts }) => {
  const t: Transition | undefined = TRANSITIONS.find((x) => x.who === "editor" && x.endpoint === "change-status" && x.to === to && x.from.includes(s.status));
  return t ? unmet(t, s.lifecycle) : null;
};

function ownerAction(s: Extract<TodoSubject, { view: "owner" }>): NextAction {
  const at = (path: string) => `/application/${s.id}${path}`;
  if (ownerMay("submit", s)) return act("continue-draft", at("/update"), s.today, s.call.close_at, s.step);
  if (ownerMay("accept", s)) return act("accept-grant", at("/accept"), s.today, s.call.acceptance_date);
  if ((SIGNING_STATUSES as readonly string[]).includes(s.status) && !s.signed_agreement) return act("sign-agreement", at("/agreements"), s.today);
  if (ownerMay("start-reporting", s)) return act("start-reporting", at("/start-reporting"), s.today);
  if (s.status === "reporting" && s.report && !s.report.submitted) return act(s.report.sent_back ? "fix-report" : "write-report", at("/report"), s.today, s.report.due_on);
  return act("none", at("/review"), s.today);
}

function editorAction(s: Extract<TodoSubject, { view: "editor" }>): NextAction {
  const at = `/admin/application/${s.id}`;
  // Eligibility: while submitted, the editor decides each access, then moves it on.
  if (editorBlockers("under-evaluation", s) !== null) return act("check-eligibility", at, s.today);
  const grant = editorBlockers("granted", s);
  const reject = editorBlockers("rejected", s);
  if (grant !== null && grant.length === 0) return act("issue-grant", at, s.today);
  // The evaluations are in and the panel has not recommended yet.
  if (s.lifecycle.evaluationComplete && !s.lifecycle.recommendationComplete && grant !== null) return act("record-recommendation", `${at}/recommendation`, s.today);
  // Every infrastructure decided and none accepted: only rejecting is left.
  if (reject !== null && reject.length === 0 && grant !== null && grant.every((b) => b === "infrastructure-accepted")) return act("decide-outcome", at, s.today);
  const reported = editorBlockers("reported", s);
  if (reported !== null && reported.length === 0) return act("set-reported", at, s.today);
  return act("none", at, s.today);
}

/** The next action of `subject` for the person who sees it in its view. */
export function nextAction(s: TodoSubject): NextAction {
  switch (s.view) {
    case "owner":
      return ownerAction(s);
    case "editor":
      return editorAction(s);
    case "evaluator": {
      const href = `/my-evaluations/${s.assignment_id}`;
      if (s.status !== "under-evaluation") return act("none", href, s.today);
      if (s.state === "assigned") return act("accept-evaluation", href, s.today, s.evaluation_date);
      if (s.state === "accepted") return act("score-evaluation", href, s.today, s.evaluation_date);
      return act("none", href, s.today);
    }
    case "watchdog": {
      const href = `/my-evaluations-reviews/${s.id}`;
      if (s.state === "conflict") return act("none", href, s.today);
      if (s.status === "under-evaluation" && s.evaluations_to_review > 0) return act("review-evaluations", href, s.today, s.evaluation_date);
      if (s.status === "reporting" && s.report_to_review) return act("review-report", href, s.today);
      return act("none", href, s.today);
    }
    case "viewer":
      return act(s.declared ? "none" : "save-declaration", `/my-applications-reviews/${s.id}`, s.today);
    case "staff": {
      const href = `/application-at-my-ri/${s.id}`;
      if (s.decision_pending) return act("decide", href, s.today, s.evaluation_manager_date);
      if (s.confirmation_pending) return act("confirm-report", href, s.today);
      if (s.reimbursement_pending) return act("reimburse", href, s.today);
      return act("none", href, s.today);
    }
  }
}

/** Work to do first, the soonest deadline first (none last), then the list's own order. */
export function byUrgency(a: { action: string; deadline: string | null }, b: { action: string; deadline: string | null }): number {
  const todo = Number(a.action === "none") - Number(b.action === "none");
  if (todo !== 0) return todo;
  if (a.deadline === b.deadline) return 0;
  if (a.deadline === null) return 1;
  if (b.deadline === null) return -1;
  return a.deadline < b.deadline ? -1 : 1;
}
