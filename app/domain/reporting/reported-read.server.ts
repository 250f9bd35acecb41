// GET /api/applications/{id}/reported (docs/lifecycle.md#report-reading): the whole report —
// its parts, each access's confirmation, the publications, the watchdog's
// verdict and the report's history — for whoever follows the application:
// its owner, the admin area, its watchdogs and (declared) viewers, and the
// staff of its infrastructures (docs/roles.md#reading-rules). Its evaluators read the
// application, not the report: 403. 404 for anyone else, and before reporting.
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { AppError, forbidden, notFound } from "../errors";
import { visibleRow, type Reader } from "../applications/application-read.server";
import { staffedOf } from "../acceptance/who.server";
import { isAdminArea } from "../users/roles";
import { buildReport } from "./report.server";
import { watchesApplication } from "./watchdog-review.server";

/** Who reads the report besides its owner and the admin area: the application's watchdogs and viewers (once declared, as visibleRow says). */
const REPORT_REVIEWERS = ["watchdog", "viewer"];

/**
 * The application row when the user reads the report as owner, admin area,
 * watchdog or viewer; null for its infrastructures' staff; 403 to another
 * reader of the application (an evaluator); 404 for anyone else.
 */
export async function readerOf(db: Db, id: number, user: Reader) {
  const row = await visibleRow(db, id, user).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  });
  if (row && (row.user_id === user.id || isAdminArea(user) || row.reviewer_roles.some((r) => REPORT_REVIEWERS.includes(r)))) return row;
  if ((await staffedOf(db, id, user)).length) return null;
  throw row ? forbidden() : notFound();
}

export async function readReported(db: Db, id: number, user: Reader) {
  await readerOf(db, id, user);
  const exists = await db.selectFrom("application_reports").select("application_id").where("application_id", "=", id).executeTakeFirst();
  if (!exists) throw notFound();
  const [report, publications, events, watches] = await Promise.all([
    buildReport(db, id),
    db
      .selectFrom("publications")
      .select(["id", "title", "references", "year", "publication_type", "authors", "web_address", "doi"])
      .where("application_id", "=", id)
      .orderBy("year", "desc")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("report_events as e")
      .leftJoin("users as u", "u.id", "e.user_id")
      .select(["e.event", "e.note", "e.created_at", sql<string | null>`coalesce(u.display_name, nullif(concat_ws(' ', u.name, u.surname), ''), u.email)`.as("by")])
      .where("e.application_id", "=", id)
      .orderBy("e.id")
      .execute(),
    watchesApplication(db, id, user.id),
  ]);
  return {
    ...report,
    can_edit: false,
    can_review: report.approval_asked && watches && report.status === "reporting" && report.submitted_at !== null && report.watchdog.review === null,
    publications,
    events: events.map((e) => ({ ...e, created_at: new Date(e.created_at).toISOString() })),
  };
}
