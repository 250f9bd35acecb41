// Who runs an infrastructure: its manager (infrastructures.manager_id) and its
// administrators (infrastructure_administrators). The notifications of the
// decision stages go to them (docs/lifecycle.md#infrastructure-decision).
import type { Db } from "~/db/database.server";

/**
 * The managers and administrators of one infrastructure (`infrastructureId`),
 * or of those an application requests (`applicationId`; with `acceptedOnly`,
 * only those that accepted it).
 */
export async function infrastructureStaff(
  db: Db,
  of: { infrastructureId: number } | { applicationId: number; acceptedOnly?: boolean },
): Promise<number[]> {
  let query = db
    .selectFrom("infrastructures as i")
    .leftJoin("infrastructure_administrators as ia", "ia.infrastructure_id", "i.id")
    .select(["i.manager_id", "ia.user_id"]);
  if ("infrastructureId" in of) query = query.where("i.id", "=", of.infrastructureId);
  else {
    let requested = db.selectFrom("application_infrastructures as ai").select("ai.infrastructure_id").where("ai.application_id", "=", of.applicationId);
    if (of.acceptedOnly) requested = requested.where("ai.sm_accepted", "=", true);
    query = query.where("i.id", "in", requested);
  }
  const rows = await query.execute();
  return [...new Set(rows.flatMap((r) => [r.manager_id, r.user_id]).filter((id): id is number => id !== null))];
}
