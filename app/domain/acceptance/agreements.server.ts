// The acceptance agreements of a granted application: the call's and each
// accepted infrastructure's to download, the applicant's signed one (a media
// link on the application) and each infrastructure's countersigned one (a
// media link on the application infrastructure). The files arrive through the
// media upload (POST /api/media/uploads streams and checks them, and keeps
// nothing of a refused one); these writes only link an upload, in one
// transaction with the application's version.
import type { Db } from "~/db/database.server";
import { AppError } from "../errors";
import { claimVersion, invalid, versionNow } from "../write.server";
import { linkMedia, mediaOf, type LinkedMedium } from "../media/media.server";
import type { Reader } from "../applications/application-read.server";
import { applicationStatusOf } from "../applications/status";
import { isAdminArea } from "../users/roles";
import { isInfrastructureStaff } from "../infrastructures/infrastructure-lookups";
import {
  ACCEPTANCE_AGREEMENT,
  AGREEMENT_STATUSES,
  COUNTERSIGNED_AGREEMENT,
  COUNTERSIGNING_STATUSES,
  SIGNED_AGREEMENT,
  SIGNING_STATUSES,
  type CountersignedAgreementBody,
  type SignedAgreementBody,
} from "./bodies";
import { agreementReader, ownApplication } from "./who.server";
import { notify } from "../notifications/notify.server";
import { acceptanceLate, STALE } from "./acceptance.server";
import { infrastructureStaff } from "../infrastructures/infrastructure-staff.server";

const first = (map: Map<string, LinkedMedium[]>, id: number | string) => map.get(String(id))?.[0] ?? null;
const within = (list: readonly string[], status: string) => list.includes(status);

/** GET /api/applications/{id}/agreements: what the reader may download and upload. */
export async function readAgreements(db: Db, id: number, user: Reader) {
  const reader = await agreementReader(db, id, user);
  const app = await db
    .selectFrom("applications")
    .innerJoin("calls", "calls.id", "applications.call_id")
    .select([
      "applications.id", "applications.status", "applications.updated_at", "applications.acronym", "applications.title", "applications.accepted_at",
      "calls.id as call_id", "calls.title as call_title", "calls.title_fr as call_title_fr", "calls.acceptance_date",
    ])
    .where("applications.id", "=", id)
    .executeTakeFirstOrThrow();
  let rows = await db
    .selectFrom("application_infrastructures as ai")
    .innerJoin("infrastructures as i", "i.id", "ai.infrastructure_id")
    .select(["ai.id", "ai.infrastructure_id", "i.name", "i.short_name"])
    .where("ai.application_id", "=", id)
    .where("ai.sm_accepted", "=", true)
    .orderBy("ai.position")
    .orderBy("ai.id")
    .execute();
  // Infrastructure staff see their own infrastructures' agreements only.
  if (reader.as === "infrastructure") rows = rows.filter((r) => reader.infrastructures.includes(r.infrastructure_id));
  const granted = within(AGREEMENT_STATUSES, app.status);
  const [callFiles, infraFiles, signed, countersigned] = await Promise.all([
    mediaOf(db, "call", [app.call_id], ACCEPTANCE_AGREEMENT),
    mediaOf(db, "infrastructure", rows.map((r) => r.infrastructure_id), ACCEPTANCE_AGREEMENT),
    mediaOf(db, "application", [id], SIGNED_AGREEMENT),
    mediaOf(db, "application_infrastructure", rows.map((r) => r.id), COUNTERSIGNED_AGREEMENT),
  ]);
  const countersigns = within(COUNTERSIGNING_STATUSES, app.status);
  return {
    id: app.id,
    status: applicationStatusOf(app.status),
    updated_at: new Date(app.updated_at).toISOString(),
    acronym: app.acronym,
    title: app.title,
    call: { id: app.call_id, title: app.call_title, title_fr: app.call_title_fr, acceptance_date: app.acceptance_date },
    accepted_at: app.accepted_at ? new Date(app.accepted_at).toISOString() : null,
    late: acceptanceLate(app.acceptance_date),
    reader: reader.as,
    granted,
    can_sign: reader.as === "owner" && within(SIGNING_STATUSES, app.status),
    call_agreement: granted ? first(callFiles, app.call_id) : null,
    signed_agreement: first(signed, id),
    infrastructures: rows.map((r) => ({
      id: r.id,
      infrastructure_id: r.infrastructure_id,
      name: r.name,
      short_name: r.short_name,
      acceptance_agreement: granted ? first(infraFiles, r.infrastructure_id) : null,
      countersigned_agreement: first(countersigned, r.id),
      can_countersign: countersigns && (isInfrastructureStaff(user, r.infrastructure_id) || isAdminArea(user)),
    })),
  };
}

/** PUT /api/applications/{id}/signed-agreement: the owner's signed agreement replaces the one before (the body parsed by the API's contract). */
export async function saveSignedAgreement(db: Db, id: number, user: Reader, input: SignedAgreementBody) {
  await ownApplication(db, id, user);
  await db.transaction().execute(async (trx) => {
    await claimVersion(trx, "applications", id, input.updated_at, STALE);
    const { status } = await trx.selectFrom("applications").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    if (!within(SIGNING_STATUSES, status)) throw new AppError(409, "acceptance.errors.not-signable");
    await linkAgreement(trx, { type: "application", id, collection: SIGNED_AGREEMENT }, input.media_id, user);
    await trx.updateTable("applications").set({ updated_at: versionNow() }).where("id", "=", id).execute();
    await notify(trx, { userIds: await infrastructureStaff(trx, { applicationId: id, acceptedOnly: true }), kind: "agreement-signed", applicationId: id, mail: true });
  });
  return readAgreements(db, id, user);
}

/** The application `id` if `user` may countersign for it: 404 unless they read its agreements, 403 to its owner (unless of the admin area). */
export async function countersigner(db: Db, id: number, user: Reader) {
  const reader = await agreementReader(db, id, user);
  if (reader.as === "owner" && !isAdminArea(user)) throw new AppError(403, "errors.forbidden");
  return reader;
}

/**
 * PUT /api/applications/{id}/countersigned-agreement: the staff of the
 * infrastructure (or the admin area) link the countersigned agreement of one
 * accepted application infrastructure; another infrastructure's is 403. The
 * body is parsed by the API's contract.
 */
export async function saveCountersignedAgreement(db: Db, id: number, user: Reader, input: CountersignedAgreementBody) {
  await countersigner(db, id, user);
  await db.transaction().execute(async (trx) => {
    await claimVersion(trx, "applications", id, input.updated_at, STALE);
    const target = await trx
      .selectFrom("application_infrastructures as ai")
      .innerJoin("applications as a", "a.id", "ai.application_id")
      .innerJoin("infrastructures as i", "i.id", "ai.infrastructure_id")
      .select(["ai.infrastructure_id", "ai.sm_accepted", "a.status", "i.name"])
      .where("ai.id", "=", input.application_infrastructure_id)
      .where("ai.application_id", "=", id)
      .executeTakeFirst();
    if (!target) throw invalid({ application_infrastructure_id: ["validation.invalid"] });
    if (!isAdminArea(user) && !isInfrastructureStaff(user, target.infrastructure_id)) throw new AppError(403, "errors.forbidden");
    if (!within(COUNTERSIGNING_STATUSES, target.status)) throw new AppError(409, "acceptance.errors.not-countersignable");
    if (target.sm_accepted !== true) throw invalid({ application_infrastructure_id: ["acceptance.errors.infrastructure-not-accepted"] });
    await linkAgreement(trx, { type: "application_infrastructure", id: input.application_infrastructure_id, collection: COUNTERSIGNED_AGREEMENT }, input.media_id, user);
    await trx.updateTable("applications").set({ updated_at: versionNow() }).where("id", "=", id).execute();
    const { user_id } = await trx.selectFrom("applications").select("user_id").where("id", "=", id).executeTakeFirstOrThrow();
    await notify(trx, { userIds: [user_id], kind: "agreement-countersigned", applicationId: id, params: { infrastructure: target.name }, mail: true });
  });
  return readAgreements(db, id, user);
}

/** Links one upload; a medium that is not the caller's answers on `media_id` (linkMedia names the collection). */
async function linkAgreement(trx: Db, owner: { type: string; id: number; collection: string }, mediaId: number, user: Reader) {
  try {
    await linkMedia(trx, owner, [mediaId], user);
  } catch (err) {
    if (err instanceof AppError && err.status === 422) throw invalid({ media_id: ["media.not-found"] });
    throw err;
  }
}
