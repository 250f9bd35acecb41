// The next-action rule as one table: status × view (and the facts that matter) → action, deadline, link.
import { describe, expect, it } from "vitest";
import type { LifecycleFacts } from "../applications/lifecycle";
import type { ApplicationStatus } from "../applications/status";
import { byUrgency, nextAction, type NextAction, type NextActionName, type TodoSubject } from "./next-action";

const today = "2027-02-10";
const none: LifecycleFacts = {
  eligibilityDone: false, eligibleAccess: false, evaluationComplete: false, recommendationComplete: false, infrastructuresDecided: false,
  infrastructureAccepted: false, accessesEnded: false, reportSubmitted: false, reportApproved: false, previousStatus: null,
};
const ready: LifecycleFacts = { ...none, eligibilityDone: true, eligibleAccess: true, evaluationComplete: true, recommendationComplete: true, infrastructuresDecided: true, infrastructureAccepted: true };
const call = { close_at: "2027-03-31", acceptance_date: "2027-03-12" };
const owner = (status: ApplicationStatus, more: Partial<Extract<TodoSubject, { view: "owner" }>> = {}): TodoSubject => ({
  view: "owner", id: 7, status, today, step: 9, lifecycle: none, call, report: null, signed_agreement: false, ...more,
});
const editor = (status: ApplicationStatus, lifecycle: Partial<LifecycleFacts> = {}): TodoSubject => ({ view: "editor", id: 7, status, today, lifecycle: { ...none, ...lifecycle } });
const evaluator = (status: ApplicationStatus, state: "assigned" | "accepted" | "conflict" | "submitted", evaluation_date = "2027-02-20"): TodoSubject => ({
  view: "evaluator", id: 7, status, today, assignment_id: 3, state, evaluation_date,
});
const watchdog = (status: ApplicationStatus, more: Partial<Extract<TodoSubject, { view: "watchdog" }>> = {}): TodoSubject => ({
  view: "watchdog", id: 7, status, today, state: "accepted", evaluation_date: "2027-02-20", evaluations_to_review: 0, report_to_review: false, ...more,
});
const staff = (more: Partial<Extract<TodoSubject, { view: "staff" }>> = {}): TodoSubject => ({
  view: "staff", id: 7, status: "under-evaluation", today, evaluation_manager_date: "2027-02-01", decision_pending: false, confirmation_pending: false, reimbursement_pending: false, ...more,
});

const report = (more: Partial<{ due_on: string; submitted: boolean; sent_back: boolean }> = {}) => ({ due_on: "2027-03-01", submitted: false, sent_back: false, ...more });

const TABLE: [string, TodoSubject, NextActionName, string | null, string, boolean?][] = [
  // The applicant, as the owner.
  ["a draft: continue at its step before the call closes", owner("draft"), "continue-draft", "2027-03-31", "/application/7/update"],
  ["a draft of a call closed yesterday: overdue", owner("draft", { call: { ...call, close_at: "2027-02-09" } }), "continue-draft", "2027-02-09", "/application/7/update", true],
  ["submitted: nothing to do", owner("submit"), "none", null, "/application/7/review"],
  ["under evaluation: nothing to do", owner("under-evaluation", { lifecycle: ready }), "none", null, "/application/7/review"],
  ["granted: accept by the acceptance date", owner("granted"), "accept-grant", "2027-03-12", "/application/7/accept"],
  ["granted, late: still to accept, overdue", owner("granted", { call: { ...call, acceptance_date: "2027-02-01" } }), "accept-grant", "2027-02-01", "/application/7/accept", true],
  ["accepted, no signed agreement: sign it", owner("accepted"), "sign-agreement", null, "/application/7/agreements"],
  ["accepted and signed, accesses running: nothing to do", owner("accepted", { signed_agreement: true }), "none", null, "/application/7/review"],
  ["accepted and signed, accesses over: start reporting", owner("accepted", { signed_agreement: true, lifecycle: { ...none, accessesEnded: true } }), "start-reporting", null, "/application/7/start-reporting"],
  ["reporting: write the report by its due day", owner("reporting", { report: report() }), "write-report", "2027-03-01", "/application/7/report"],
  ["reporting, sent back: fix the report", owner("reporting", { report: report({ sent_back: true }) }), "fix-report", "2027-03-01", "/application/7/report"],
  ["reporting, report in: nothing to do", owner("reporting", { report: report({ submitted: true, due_on: "2027-01-01" }) }), "none", "2027-01-01", "/application/7/review"],
  ["reported: nothing to do", owner("reported", { report: report({ submitted: true }) }), "none", null, "/application/7/review"],
  ["withdrawn: nothing to do", owner("withdrawn"), "none", null, "/application/7/review"],
  ["rejected: nothing to do", owner("rejected"), "none", null, "/application/7/review"],
  // The evaluator.
  ["assigned: accept the evaluation by the evaluation date", evaluator("under-evaluation", "assigned"), "accept-evaluation", "2027-02-20", "/my-evaluations/3"],
  ["accepted: score it by the evaluation date", evaluator("under-evaluation", "accepted"), "score-evaluation", "2027-02-20", "/my-evaluations/3"],
  ["accepted, deadline passed: still to do", evaluator("under-evaluation", "accepted", "2027-02-01"), "score-evaluation", "2027-02-01", "/my-evaluations/3", true],
  ["submitted: nothing to do, deadline passed or not", evaluator("under-evaluation", "submitted", "2027-02-01"), "none", null, "/my-evaluations/3"],
  ["in conflict: nothing to do", evaluator("under-evaluation", "conflict"), "none", null, "/my-evaluations/3"],
  ["assigned but granted since: nothing to do", evaluator("granted", "assigned"), "none", null, "/my-evaluations/3"],
  // The watchdog.
  ["evaluations to review under evaluation", watchdog("under-evaluation", { evaluations_to_review: 2 }), "review-evaluations", "2027-02-20", "/my-evaluations-reviews/7"],
  ["every evaluation reviewed: nothing to do", watchdog("under-evaluation"), "none", null, "/my-evaluations-reviews/7"],
  ["a report to review", watchdog("reporting", { report_to_review: true }), "review-report", null, "/my-evaluations-reviews/7"],
  ["in conflict: nothing to do", watchdog("under-evaluation", { state: "conflict", evaluations_to_review: 2 }), "none", null, "/my-evaluations-reviews/7"],
  // The viewer.
  ["not declared: save the declaration", { view: "viewer", id: 7, status: "under-evaluation", today, declared: false }, "save-declaration", null, "/my-applications-reviews/7"],
  ["declared: nothing to do", { view: "viewer", id: 7, status: "under-evaluation", today, declared: true }, "none", null, "/my-applications-reviews/7"],
  // The infrastructure's staff.
  ["a decision to make by the decisions' deadline", staff({ decision_pending: true, evaluation_manager_date: "2027-02-15" }), "decide", "2027-02-15", "/application-at-my-ri/7"],
  ["a report to confirm", staff({ status: "reporting", confirmation_pending: true }), "confirm-report", null, "/application-at-my-ri/7"],
  ["a reimbursement pending", staff({ status: "reported", reimbursement_pending: true }), "reimburse", null, "/application-at-my-ri/7"],
  ["decided: nothing to do, the past deadline aside", staff(), "none", null, "/application-at-my-ri/7"],
  // The editor (the admin area).
  ["submitted: check the eligibility", editor("submit"), "check-eligibility", null, "/admin/application/7"],
  ["under evaluation, evaluations running: nothing to do", editor("under-evaluation", { eligibilityDone: true, eligibleAccess: true }), "none", null, "/admin/application/7"],
  ["evaluations complete: record the recommendation", editor("under-evaluation", { ...ready, recommendationComplete: false }), "record-recommendation", null, "/admin/application/7/recommendation"],
  ["everything the grant needs: issue it", editor("under-evaluation", ready), "issue-grant", null, "/admin/application/7"],
  ["infrastructures still deciding: nothing to do", editor("under-evaluation", { ...ready, infrastructuresDecided: false }), "none", null, "/admin/application/7"],
  ["every infrastructure refused: decide (reject)", editor("under-evaluation", { ...ready, infrastructureAccepted: false }), "decide-outcome", null, "/admin/application/7"],
  ["report in: set it reported", editor("reporting", { reportSubmitted: true, reportApproved: true }), "set-reported", null, "/admin/application/7"],
  ["report in, approval missing: nothing to do", editor("reporting", { reportSubmitted: true }), "none", null, "/admin/application/7"],
  ["granted: nothing to do", editor("granted", ready), "none", null, "/admin/application/7"],
];

describe("nextAction", () => {
  it.each(TABLE)("%s", (_name, subject, action, deadline, href, overdue = false) => {
    const got = nextAction(subject);
    expect({ action: got.action, href: got.href, overdue: got.overdue }).toEqual({ action, href, overdue });
    if (action !== "none") expect(got.deadline).toBe(deadline);
  });

  it("names the step a draft reached", () => {
    expect(nextAction(owner("draft", { step: 4 })).step).toBe(4);
  });
});

describe("byUrgency", () => {
  const a = (action: NextActionName, deadline: string | null): NextAction => ({ action, deadline, overdue: false, href: "/", step: null });
  it("puts work first, the soonest deadline first, undated work after dated work", () => {
    const list = [a("none", "2027-01-01"), a("sign-agreement", null), a("write-report", "2027-03-01"), a("accept-grant", "2027-02-01")];
    expect(list.sort(byUrgency).map((x) => x.action)).toEqual(["accept-grant", "write-report", "sign-agreement", "none"]);
  });
});
