// The editor changes an application's research infrastructure (docs/lifecycle.md#eligibility):
// one requested infrastructure of a submitted application is replaced by
// another the call offers, before that infrastructure has decided. Its
// accesses move with it (the editor then moves their dates if the new
// infrastructure's periods ask for it); the panel's recommendation for the
// old one no longer holds, so it is cleared and the recommendation is no
// longer complete. The rows and the draft (ADR 018) change in one
// transaction, and the new infrastructure's staff hear of it once they may
// see the application.
import type { Db } from "~/db/database.server";
import { AppError } from "../errors";
import { claimVersion, invalid, versionNow } from "../write.server";
import type { Draft } from "../applications/draft";
import { infrastructureStaff } from "../infrastructures/infrastructure-staff.server";
import { notify } from "../notifications/notify.server";
import { staffSeeFrom } from "./ri-staff-notice.server";
import type { InfrastructureChangeBody } from "./intake-bodies";
import { STALE } from "./status-change.server";

/** Statuses in which the editor may change an infrastructure: until the infrastructures decide. */
export const INFRASTRUCTURE_CHANGE_STATUSES = ["submit", "under-evaluation"] as const;

/** Whether a requested infrastructure may still be changed: the application's status allows it and the infrastructure has not decided. */
export const infrastructureChangeable = (status: string, decidedAt: unknown) =>
  (INFRASTRUCTURE_CHANGE_STATUSES as readonly string[]).includes(status) && decidedAt === null;

/** PUT /api/applications/{id}/infrastructure (the body parsed by the API's contract). */
export async function changeInfrastructure(db: Db, id: number, input: InfrastructureChangeBody) {
  await db.transaction().execute(async (trx) => {
    await claimVersion(trx, "applications", id, input.updated_at, STALE);
    const app = await trx.selectFrom("applications").select(["status", "call_id", "draft", "ta_recommendation_complete"]).where("id", "=", id).executeTakeFirstOrThrow();
    const rows = await trx
      .selectFrom("application_infrastructures")
      .select(["id", "infrastructure_id", "second_choice_id", "draft_key", "sm_decided_at"])
      .where("application_id", "=", id)
      .execute();
    const row = rows.find((r) => r.id === input.application_infrastructure_id);
    if (!row) throw invalid({ application_infrastructure_id: ["validation.invalid"] });
    if (!infrastructureChangeable(app.status, row.sm_decided_at)) throw new AppError(409, "intake.infrastructure-closed");
    if (row.infrastructure_id === input.infrastructure_id) throw invalid({ infrastructure_id: ["intake.infrastructure-same"] });
    if (rows.some((r) => r.infrastructure_id === input.infrastructure_id)) throw invalid({ infrastructure_id: ["intake.infrastructure-twice"] });
    const offered = await trx
      .selectFrom("call_infrastructures as ci")
      .innerJoin("infrastructures as i", "i.id", "ci.infrastructure_id")
      .select("i.id")
      .where("ci.call_id", "=", app.call_id)
      .where("i.id", "=", input.infrastructure_id)
      .where("i.deleted_at", "is", null)
      .executeTakeFirst();
    if (!offered) throw invalid({ infrastructure_id: ["intake.infrastructure-not-offered"] });

    await trx
      .updateTable("application_infrastructures")
      .set({
        infrastructure_id: input.infrastructure_id,
        second_choice_id: row.second_choice_id === input.infrastructure_id ? null : row.second_choice_id,
        ta_recommended: null, ta_units: null, ta_participants: null, ta_budget: null, ta_recommendation: null,
        updated_at: versionNow(),
      })
      .where("id", "=", row.id)
      .execute();
    await trx
      .updateTable("applications")
      .set({
        draft: JSON.stringify(movedInDraft(app.draft as Draft, row.draft_key, input.infrastructure_id)),
        // The panel recommended for the old infrastructure: it recommends again.
        ...(app.ta_recommendation_complete ? { ta_recommendation_complete: false, recommendation_date: null } : {}),
        updated_at: versionNow(),
      })
      .where("id", "=", id)
      .execute();
    // Under evaluation the staff see it; a submitted one only when the setting shows it to them from submission.
    if (app.status === "under-evaluation" || (await staffSeeFrom(trx)) === "submit") {
      const staff = await infrastructureStaff(trx, { infrastructureId: input.infrastructure_id });
      await notify(trx, { userIds: staff, kind: "application-at-my-ri", applicationId: id, mail: true });
    }
  });
}

/** The draft with the row `key` of its logistics at the new infrastructure (its second choice dropped when it is that one). */
function movedInDraft(draft: Draft, key: string, infrastructureId: number): Draft {
  const rows = draft.logistics?.infrastructures ?? [];
  rows.forEach((r, i) => {
    if ((r.key ?? `i${i}`) !== key) return;
    r.infrastructure_id = String(infrastructureId);
    if (r.second_choice_id === String(infrastructureId)) delete r.second_choice_id;
  });
  return draft;
}
