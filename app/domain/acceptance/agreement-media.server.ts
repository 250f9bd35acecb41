// Who reads the agreements' files, as one more clause of the media read rule
// (canReadMedium in app/domain/media/media.server.ts, which the API passes it
// to, app/api/media/routes.ts; `l` is its media_links
// row): the applicant's signed agreement, also the staff of the application's
// infrastructures; a countersigned agreement, the application's owner and the
// infrastructure's staff; staff only once they see the application
// (docs/roles.md#infrastructure-staff); an infrastructure's acceptance agreement, the owner
// of an application it accepted, from granted on. Editors and admins read
// every medium already.
import { sql } from "kysely";
import type { LinkReadable } from "../media/media.server";
import { staffReadsSql, staffSeeSql } from "../ri-decisions/staff.server";
import { AGREEMENT_STATUSES, ACCEPTANCE_AGREEMENT, COUNTERSIGNED_AGREEMENT, SIGNED_AGREEMENT } from "./bodies";

/** The clause, `seen` being the statuses in which staff see an application now (staffStatuses). */
export const agreementReadable = (seen: readonly string[]): LinkReadable => (userId, staffed) => {
  const statuses = sql.join([...AGREEMENT_STATUSES]);
  return sql<boolean>`(
    (l.attached_to_type = 'application' and l.collection = ${SIGNED_AGREEMENT} and exists (
      select 1 from applications a
      where cast(a.id as text) = l.attached_to_id and a.deleted_at is null and ${staffReadsSql(seen, staffed)}))
    or (l.attached_to_type = 'application_infrastructure' and l.collection = ${COUNTERSIGNED_AGREEMENT} and exists (
      select 1 from application_infrastructures ai join applications a on a.id = ai.application_id
      where cast(ai.id as text) = l.attached_to_id and a.deleted_at is null
        and (a.user_id = ${userId} or (cast(ai.infrastructure_id as text) in (${sql.join(staffed)}) and ${staffSeeSql(seen)}))))
    or (l.attached_to_type = 'infrastructure' and l.collection = ${ACCEPTANCE_AGREEMENT} and exists (
      select 1 from application_infrastructures ai join applications a on a.id = ai.application_id
      where cast(ai.infrastructure_id as text) = l.attached_to_id and ai.sm_accepted and a.user_id = ${userId}
        and a.deleted_at is null and a.status in (${statuses})))
  )`;
};
