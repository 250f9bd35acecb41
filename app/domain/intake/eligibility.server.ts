// Eligibility (docs/lifecycle.md#eligibility): the editor decides per access of a
// submitted application, in one form; when no access is eligible, notes say
// why, and the application can then only go to not-eligible (lifecycle.ts).
import type { Db } from "~/db/database.server";
import { AppError } from "../errors";
import { claimVersion, invalid, versionNow } from "../write.server";
import type { EligibilityBody } from "./intake-bodies";
import { refreshEligibleInfrastructures } from "./materialise.server";
import { STALE } from "./status-change.server";

/** Statuses in which eligibility is decided: once evaluation starts, the decision stands. */
export const ELIGIBILITY_STATUSES = ["submit"] as const;

/** PUT /api/applications/{id}/eligibility (the body parsed by the API's contract). */
export async function saveEligibility(db: Db, id: number, input: EligibilityBody) {
  await db.transaction().execute(async (trx) => {
    await claimVersion(trx, "applications", id, input.updated_at, STALE);
    const { status } = await trx.selectFrom("applications").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    if (!(ELIGIBILITY_STATUSES as readonly string[]).includes(status)) throw new AppError(409, "intake.eligibility-closed");
    const accesses = await trx.selectFrom("accesses").select("id").where("application_id", "=", id).execute();
    const decided = new Map(input.accesses.map((a) => [a.id, a.eligible]));
    // Every access of the application, and only those: a decision for another application's access is refused.
    const errors: Record<string, string[]> = {};
    input.accesses.forEach((a, i) => {
      if (!accesses.some((row) => row.id === a.id)) errors[`accesses[${i}].id`] = ["validation.invalid"];
    });
    accesses.forEach((row) => {
      if (!decided.has(row.id)) errors[`access-${row.id}`] = ["validation.required"];
    });
    const noneEligible = input.accesses.every((a) => !a.eligible);
    if (noneEligible && !input.notes?.trim()) errors.notes = ["intake.eligibility-notes-required"];
    if (Object.keys(errors).length) throw invalid(errors);
    for (const [eligible, ids] of [true, false].map((flag) => [flag, input.accesses.filter((a) => a.eligible === flag).map((a) => a.id)] as const)) {
      if (ids.length) await trx.updateTable("accesses").set({ eligible, updated_at: versionNow() }).where("id", "in", ids).execute();
    }
    await refreshEligibleInfrastructures(trx, id);
    await trx
      .updateTable("applications")
      .set({ eligibility_notes: input.notes?.trim() || null, updated_at: versionNow() })
      .where("id", "=", id)
      .execute();
  });
}
