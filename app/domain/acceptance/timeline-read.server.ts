// GET /api/applications/{id}/timeline: the application's status timeline and
// what its owner may do now (accept, withdraw), for whoever may read it.
import type { Db } from "~/db/database.server";
import { visibleRow, type Reader } from "../applications/application-read.server";
import { todayIso } from "../dates";
import { computeTimeline } from "./timeline";
import { acceptanceLate, ownerTransition, type OwnerEndpoint } from "./acceptance.server";
import { AGREEMENT_STATUSES } from "./bodies";
import { factColumns, factsOf, reportingOpensOn } from "../applications/transition.server";
import { unmet } from "../applications/lifecycle";

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

export async function readTimeline(db: Db, id: number, user: Reader) {
  const row = await visibleRow(db, id, user);
  const [call, report, history, evaluated, factRow] = await Promise.all([
    db
      .selectFrom("calls")
      .select(["close_at", "evaluation_date", "evaluation_manager_date", "acceptance_date", "user_report_days"])
      .where("id", "=", row.call_id)
      .executeTakeFirstOrThrow(),
    db.selectFrom("application_reports").select(["due_on", "submitted_at"]).where("application_id", "=", id).executeTakeFirst(),
    db.selectFrom("application_history").select(["from_status", "to_status", "created_at"]).where("application_id", "=", id).orderBy("created_at").orderBy("id").execute(),
    // The evaluation is done when its last evaluation was submitted.
    row.evaluation_complete
      ? db
          .selectFrom("application_reviewers")
          .select((eb) => eb.fn.max("submitted_at").as("at"))
          .where("application_id", "=", id)
          .where("role", "=", "evaluator")
          .where("state", "=", "submitted")
          .executeTakeFirst()
      : undefined,
    db.selectFrom("applications").select(factColumns).where("id", "=", id).executeTakeFirstOrThrow(),
  ]);
  const reached: Record<string, string> = {};
  let beforeEnd: string | null = null;
  for (const h of history) {
    reached[h.to_status] = iso(h.created_at)!;
    if (h.to_status === row.status && (h.to_status === "withdrawn" || h.to_status === "canceled")) beforeEnd = h.from_status;
  }
  const today = todayIso();
  const owner = row.user_id === user.id;
  const facts = await factsOf(db, factRow);
  // What the owner may do: a transition the table has from this status, with nothing blocking it.
  const ownerMay = (endpoint: OwnerEndpoint) => {
    const t = owner ? ownerTransition(endpoint, row.status) : null;
    return t !== null && unmet(t, facts).length === 0;
  };
  return {
    id: row.id,
    status: row.status,
    updated_at: iso(row.updated_at)!,
    acceptance: {
      acceptance_date: call.acceptance_date,
      late: acceptanceLate(call.acceptance_date, today),
      is_owner: owner,
      can_accept: ownerMay("accept"),
      can_withdraw: ownerMay("withdraw"),
      can_start_reporting: ownerMay("start-reporting"),
      reporting_opens_on: reportingOpensOn(factRow.last_access_day),
      report_days: call.user_report_days,
      report: report ? { due_on: report.due_on, submitted_at: iso(report.submitted_at), late: today > report.due_on } : null,
      agreements: (AGREEMENT_STATUSES as readonly string[]).includes(row.status),
    },
    timeline: computeTimeline({
      status: row.status,
      reached,
      before_end: beforeEnd,
      evaluation_complete: row.evaluation_complete,
      evaluation_done_at: evaluated?.at ? iso(evaluated.at) : null,
      recommendation_date: iso(row.recommendation_date),
      sm_decision_date: iso(row.sm_decision_date),
      accepted_at: iso(row.accepted_at),
      report_due_on: report?.due_on ?? null,
      call,
      today,
    }),
  };
}
