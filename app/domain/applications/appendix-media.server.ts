// Who reads an application's appendices (docs/roles.md#reading-rules), as one more clause of
// the media read rule (canReadMedium in app/domain/media/media.server.ts,
// which the API passes it to, app/api/media/routes.ts; `l` is its media_links
// row): whoever reads the application. Its owner and the admin area read them
// through the rule itself; besides them, its evaluators and watchdogs, its
// viewers once declared (readingReviews, as GET /api/applications/{id}), and
// the staff of its infrastructures once they see it (staffReadsSql, as the
// decision's read).
import { sql } from "kysely";
import type { LinkReadable } from "../media/media.server";
import { staffReadsSql } from "../ri-decisions/staff.server";
import { LIST_APPENDICES, SINGLE_APPENDICES } from "./appendices";
import { readingReviews } from "./application-read.server";

/** The collections of the appendices step. */
const APPENDICES = [...SINGLE_APPENDICES, ...LIST_APPENDICES];

/** The clause, `seen` being the statuses in which staff see an application now (staffStatuses). */
export const appendixReadable = (seen: readonly string[]): LinkReadable => (userId, staffed) =>
  sql<boolean>`(
    l.attached_to_type = 'application' and l.collection in (${sql.join(APPENDICES)}) and exists (
      select 1 from applications a where cast(a.id as text) = l.attached_to_id and a.deleted_at is null
        and (exists (${readingReviews(sql.ref<number>("a.id"), userId)}) or ${staffReadsSql(seen, staffed)}))
  )`;
