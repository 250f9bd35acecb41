// Who reads a report's files (docs/lifecycle.md#report-reading: the scientific report and the final
// data management plan), as one more clause of the media read rule
// (canReadMedium in app/domain/media/media.server.ts, which the API passes it
// to, app/api/media/routes.ts; `l` is its media_links
// row): besides the owner and the admin area, the application's watchdogs and
// viewers, and the staff of its infrastructures once they see it — those who read the report.
import { sql } from "kysely";
import type { LinkReadable } from "../media/media.server";
import { staffReadsSql } from "../ri-decisions/staff.server";
import { readingReviews } from "../applications/application-read.server";

export const REPORT_FILES = ["scientific_report", "data_man_final"] as const;

/** The clause, `seen` being the statuses in which staff see an application now (staffStatuses). */
export const reportFileReadable = (seen: readonly string[]): LinkReadable => (userId, staffed) =>
  sql<boolean>`(
    l.attached_to_type = 'application' and l.collection in (${sql.join([...REPORT_FILES])}) and exists (
      select 1 from applications a where cast(a.id as text) = l.attached_to_id and a.deleted_at is null and (
        exists (${readingReviews(sql.ref<number>("a.id"), userId)} and r.role in ('watchdog', 'viewer'))
        or ${staffReadsSql(seen, staffed)}))
  )`;
