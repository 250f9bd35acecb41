// GET /api/applications/{id}/reported (docs/lifecycle.md#report-reading): the whole report —
// its parts, each access's confirmation, the publications, the watchdog's
// verdict and the report's history — for whoever follows the application:
// its owner, the admin area, its watchdogs and viewers, and the staff of its
// infrastructures. 404 for anyone else, and before reporting.
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { notFound } from "../errors";
import { visibleRow, type Reader } from "../applications/application-read.server";
import { staffedOf } from "../acceptance/who.server";
import { AppError } from "../errors";
import { buildReport } from "./report.server";
import { watchesApplication } from "./watchdog-review.server";

/** The application row when the user reads it as owner, admin area or reviewer; null for its infrastructures' staff; 404 for anyone else. */
export async function readerOf(db: Db, id: number, user: Reader) {
  try {
    return await visibleRow(db, id, user);
  } catch (err) {
    if (!(err instanceof AppError && err.status === 404) || !(await staffedOf(db, id, user)).length) throw err;
    return null;
  }
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
