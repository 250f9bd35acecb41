// When the demo's stages between eligibility and the grant happened, in the
// order the lifecycle takes them (docs/lifecycle.md#status-timeline): between
// the application's history row to under-evaluation and the one to granted, or
// now for an application still under evaluation. Its status timeline then reads
// in order, as a real application's would.
import type { Db } from "../database.server";

export interface StageDates {
  /** The first evaluator accepted and submitted. */
  firstEvaluation: Date;
  /** The last evaluation submitted: the evaluation complete. */
  evaluated: Date;
  recommended: Date;
  decided: Date;
  /** The applicant accepted the grant (its history row), or now. */
  accepted: Date;
}

export async function stageDates(trx: Db, applicationId: number): Promise<StageDates> {
  const rows = await trx.selectFrom("application_history").select(["to_status", "created_at"]).where("application_id", "=", applicationId).execute();
  const at = (status: string) => {
    const row = rows.find((r) => r.to_status === status);
    return row ? new Date(row.created_at).getTime() : undefined;
  };
  const now = Date.now();
  const from = at("under-evaluation") ?? at("submit") ?? now;
  const to = at("granted") ?? now;
  const part = (share: number) => new Date(from + (to - from) * share);
  return { firstEvaluation: part(0.2), evaluated: part(0.4), recommended: part(0.6), decided: part(0.8), accepted: new Date(at("accepted") ?? now) };
}
