import { describe, expect, it } from "vitest";
import { computeTimeline, type TimelineFacts } from "./timeline";

const base: TimelineFacts = {
  status: "draft",
  reached: {},
  before_end: null,
  evaluation_complete: false,
  recommendation_date: null,
  sm_decision_date: null,
  accepted_at: null,
  call: { close_at: "2027-01-31", evaluation_date: "2027-03-01", evaluation_manager_date: "2027-03-15", acceptance_date: "2027-04-01", user_report_days: 30 },
  today: "2027-02-10",
};
const states = (f: Partial<TimelineFacts>) => Object.fromEntries(computeTimeline({ ...base, ...f }).stages.map((s) => [s.key, s.state]));

describe("computeTimeline", () => {
  it("asks a draft to be submitted by the call's closing day, overdue after it", () => {
    const t = computeTimeline(base);
    expect(t.stages[0]).toMatchObject({ key: "submitted", state: "current", deadline: "2027-01-31" });
    expect(t.next).toEqual({ stage: "submitted", actor: "applicant", deadline: "2027-01-31", overdue: true });
  });

  it("under evaluation, shows the evaluation, the panel and the infrastructures side by side, each open one current", () => {
    const reached = { submit: "2027-01-10T10:00:00.000Z", "under-evaluation": "2027-01-20T10:00:00.000Z" };
    expect(states({ status: "under-evaluation", reached, sm_decision_date: "2027-02-01T10:00:00.000Z" })).toMatchObject({
      submitted: "done", eligibility: "done", evaluation: "current", recommendation: "current", infrastructures: "done", decision: "upcoming", acceptance: "upcoming",
    });
    const all = computeTimeline({ ...base, status: "under-evaluation", reached, evaluation_complete: true, evaluation_done_at: "2027-03-01T10:00:00.000Z", recommendation_date: "2027-03-02T10:00:00.000Z", sm_decision_date: "2027-03-03T10:00:00.000Z" });
    expect(all.next).toMatchObject({ stage: "decision", actor: "staff", deadline: null });
    expect(all.stages.find((s) => s.key === "recommendation")).toMatchObject({ state: "done", at: "2027-03-02T10:00:00.000Z" });
  });

  it("ends a rejected application at the decision, what was never done marked skipped", () => {
    const t = computeTimeline({ ...base, status: "rejected", reached: { submit: "2027-01-10T10:00:00.000Z", rejected: "2027-03-20T10:00:00.000Z" }, evaluation_complete: true, recommendation_date: "2027-03-02T10:00:00.000Z" });
    expect(t.stages.map((s) => [s.key, s.state])).toEqual([
      ["submitted", "done"], ["eligibility", "done"], ["evaluation", "done"], ["recommendation", "done"], ["infrastructures", "skipped"], ["decision", "done"],
    ]);
    expect(t.stages.at(-1)).toMatchObject({ outcome: "rejected", at: "2027-03-20T10:00:00.000Z" });
    expect(t).toMatchObject({ next: null, ended: { status: "rejected" } });
  });

  it("keeps what a withdrawn application had reached, and dates the report from the start of reporting", () => {
    expect(states({ status: "withdrawn", before_end: "accepted", reached: { withdrawn: "2027-04-02T10:00:00.000Z" } })).toMatchObject({ acceptance: "done" });
    expect(computeTimeline({ ...base, status: "withdrawn", before_end: "accepted" }).stages.map((s) => s.key)).not.toContain("reporting");
    const reporting = computeTimeline({ ...base, status: "reporting", reached: { reporting: "2027-06-01T10:00:00.000Z" }, today: "2027-07-02" });
    expect(reporting.next).toEqual({ stage: "reported", actor: "applicant", deadline: "2027-07-01", overdue: true });
  });
});
