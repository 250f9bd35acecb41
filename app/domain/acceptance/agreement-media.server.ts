// Who reads the agreements' files, as one more clause of the media read rule
// (canReadMedium in app/domain/media/media.server.ts, which the API passes it
// to, app/api/media/routes.ts; `l` is its media_links
// row): the applicant's signed agreement, also the staff of the application's
// infrastructures; a countersigned agreement, the application's owner and the
// infrastructure's staff; an infrastructure's acceptance agreement, the owner
// of an application it accepted, from granted on. Editors and admins read
// every medium already.
import { sql, type RawBuilder } from "kysely";
import { AGREEMENT_STATUSES, ACCEPTANCE_AGREEMENT, COUNTERSIGNED_AGREEMENT, SIGNED_AGREEMENT } from "./bodies";

/** `staffed`: the infrastructures (ids as text) the reader is staff of, never empty (a "-none-" stands in). */
export function agreementReadable(userId: number, staffed: string[]): RawBuilder<boolean> {
  const mine = sql.join(staffed);
  const statuses = sql.join([...AGREEMENT_STATUSES]);
  return sql<boolean>`(
    (l.attached_to_type = 'application' and l.collection = ${SIGNED_AGREEMENT} and exists (
      select 1 from application_infrastructures ai join applications a on a.id = ai.application_id
      where cast(a.id as text) = l.attached_to_id and a.deleted_at is null and cast(ai.infrastructure_id as text) in (${mine})))
    or (l.attached_to_type = 'application_infrastructure' and l.collection = ${COUNTERSIGNED_AGREEMENT} and exists (
      select 1 from application_infrastructures ai join applications a on a.id = ai.application_id
      where cast(ai.id as text) = l.attached_to_id and a.deleted_at is null
        and (a.user_id = ${userId} or cast(ai.infrastructure_id as text) in (${mine}))))
    or (l.attached_to_type = 'infrastructure' and l.collection = ${ACCEPTANCE_AGREEMENT} and exists (
      select 1 from application_infrastructures ai join applications a on a.id = ai.application_id
      where cast(ai.infrastructure_id as text) = l.attached_to_id and ai.sm_accepted and a.user_id = ${userId}
        and a.deleted_at is null and a.status in (${statuses})))
  )`;
}
