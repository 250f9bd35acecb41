// Who reads a report's files (docs/lifecycle.md#report-reading: the scientific report and the final
// data management plan), as one more clause of the media read rule
// (canReadMedium in app/domain/media/media.server.ts, which the API passes it
// to, app/api/media/routes.ts; `l` is its media_links
// row): besides the owner and the admin area, the application's watchdogs and
// viewers, and the staff of its infrastructures — those who read the report.
import { sql, type RawBuilder } from "kysely";

export const REPORT_FILES = ["scientific_report", "data_man_final"] as const;

/** `staffed`: the infrastructures (ids as text) the reader is staff of, never empty (a "-none-" stands in). */
export function reportFileReadable(userId: number, staffed: string[]): RawBuilder<boolean> {
  return sql<boolean>`(
    l.attached_to_type = 'application' and l.collection in (${sql.join([...REPORT_FILES])}) and exists (
      select 1 from applications a where cast(a.id as text) = l.attached_to_id and a.deleted_at is null and (
        exists (select 1 from application_reviewers r where r.application_id = a.id and r.user_id = ${userId} and r.role in ('watchdog', 'viewer'))
        or exists (select 1 from application_infrastructures ai where ai.application_id = a.id and cast(ai.infrastructure_id as text) in (${sql.join(staffed)}))))
  )`;
}
