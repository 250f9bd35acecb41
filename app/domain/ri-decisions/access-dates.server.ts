// PUT /api/accesses/{id}/dates: the editor moves an access's dates (docs/lifecycle.md#infrastructure-decision);
// the staff of the access's infrastructure too when the ri-access-editable
// setting is yes. The new dates must lie between the call's bounds and inside
// one of the infrastructure's available periods (docs/validation.md#accesses).
import type { Db } from "~/db/database.server";
import { getSettings } from "../settings/settings.server";
import { AppError, forbidden, notFound } from "../errors";
import { claimVersion, invalid, versionNow } from "../write.server";
import type { Draft } from "../applications/draft";
import type { AccessDatesBody } from "./bodies";
import { accessDatesProblem } from "../applications/accesses";
import { decisionAccess, DATES_EDITABLE_STATUSES } from "./read.server";
import type { StaffUser } from "./staff.server";

/** The access `accessId` and its application, if `user` may move its dates: 404 unless they see the application, then 403 unless they may move this access. */
export async function movableAccess(db: Db, accessId: number, user: StaffUser) {
  const access = await db
    .selectFrom("accesses as ac")
    .innerJoin("application_infrastructures as ai", "ai.id", "ac.application_infrastructure_id")
    .select(["ac.id", "ac.application_id", "ac.draft_key", "ai.infrastructure_id", "ai.draft_key as infrastructure_key"])
    .where("ac.id", "=", accessId)
    .executeTakeFirst();
  if (!access) throw notFound();
  // 404 unless the reader sees the application; then 403 unless they may move this access.
  const { adminArea, own, app } = await decisionAccess(db, access.application_id, user);
  if (!adminArea) {
    const settings = await getSettings(db);
    if (!own.includes(access.infrastructure_id) || settings["ri-access-editable"] !== "yes") throw forbidden();
  }
  return { access, app };
}

/** PUT /api/accesses/{id}/dates (the body parsed by the API's contract). */
export async function changeAccessDates(db: Db, accessId: number, user: StaffUser, input: AccessDatesBody) {
  const { access, app } = await movableAccess(db, accessId, user);
  if (input.date_to < input.date_from) throw invalid({ date_to: ["applications-validation.date-order"] });
  if (!DATES_EDITABLE_STATUSES.includes(app.status)) throw new AppError(409, "ri-decisions.errors.dates-closed");
  const [periods, call] = await Promise.all([
    db.selectFrom("infrastructure_periods").select(["date_from", "date_to"]).where("infrastructure_id", "=", access.infrastructure_id).execute(),
    db
      .selectFrom("applications")
      .innerJoin("calls", "calls.id", "applications.call_id")
      .select(["calls.start_at", "calls.end_at"])
      .where("applications.id", "=", access.application_id)
      .executeTakeFirstOrThrow(),
  ]);
  const problem = accessDatesProblem(call, periods, input.date_from, input.date_to);
  if (problem) throw invalid({ date_from: [problem], date_to: [problem] });
  return db.transaction().execute(async (trx) => {
    await claimVersion(trx, "accesses", accessId, input.updated_at, "ri-decisions.errors.stale");
    const updated = await trx
      .updateTable("accesses")
      .set({ date_from: input.date_from, date_to: input.date_to, updated_at: versionNow() })
      .where("id", "=", accessId)
      .returning(["id", "date_from", "date_to", "updated_at"])
      .executeTakeFirstOrThrow();
    await moveInDraft(trx, access, input.date_from, input.date_to);
    return { ...updated, updated_at: new Date(updated.updated_at).toISOString() };
  });
}

/**
 * The draft document is the application's text (ADR 018) and a resubmission
 * after restore-draft materialises the accesses from it again: the dates move
 * there too, in the same transaction.
 */
async function moveInDraft(trx: Db, access: { application_id: number; draft_key: string; infrastructure_key: string }, from: string, to: string) {
  const { draft } = await trx.selectFrom("applications").select("draft").where("id", "=", access.application_id).forUpdate().executeTakeFirstOrThrow();
  const rows = (draft as Draft).logistics?.infrastructures ?? [];
  const target = rows.flatMap((row, i) => (row.key ?? `i${i}`) === access.infrastructure_key ? (row.accesses ?? []).filter((a, j) => (a.key ?? `a${j}`) === access.draft_key) : []);
  if (!target.length) return;
  for (const a of target) Object.assign(a, { date_from: from, date_to: to });
  await trx.updateTable("applications").set({ draft: JSON.stringify(draft), updated_at: versionNow() }).where("id", "=", access.application_id).execute();
}
