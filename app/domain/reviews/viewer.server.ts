// The viewer's part (docs/lifecycle.md#viewing, docs/roles.md#viewers): the applications they may read, once they
// have saved the confidentiality declaration (application-read.server.ts
// counts a viewer as a reader only then).
import type { Db } from "~/db/database.server";
import { notFound } from "../errors";
import { applicationStatusOf } from "../applications/status";
import { versionNow } from "../write.server";
import type { ViewerDeclarationInput } from "./bodies";
import { iso } from "./reviewer-rows.server";
import { todayIso } from "../days";
import { byUrgency, nextAction } from "../todo/next-action";

/** GET /api/applications/to-view. */
export async function toView(db: Db, reader: { id: number }) {
  const rows = await db
    .selectFrom("application_reviewers as r")
    .innerJoin("applications as a", "a.id", "r.application_id")
    .innerJoin("calls as c", "c.id", "a.call_id")
    .select(["r.id", "r.application_id", "r.confidential_declaration as declared", "r.accepted_at", "a.acronym", "a.title", "a.status as application_status", "a.call_id", "c.title as call_title"])
    .where("r.user_id", "=", reader.id)
    .where("r.role", "=", "viewer")
    .where("a.deleted_at", "is", null)
    .orderBy("r.id", "desc")
    .limit(1000)
    .execute();
  const today = todayIso();
  const data = rows.map((r) => {
    const application_status = applicationStatusOf(r.application_status);
    return { ...r, application_status, accepted_at: iso(r.accepted_at), next: nextAction({ view: "viewer", id: r.application_id, status: application_status, today, declared: r.declared }) };
  });
  // The declarations to save first (docs/ui.md#lists).
  return { data: data.sort((a, b) => byUrgency(a.next, b.next)) };
}

/** The caller's viewer assignment on the live application `applicationId`; 404 when they view none. */
export async function viewerAssignment(db: Db, applicationId: number, reader: { id: number }) {
  const row = await db
    .selectFrom("application_reviewers as r")
    .innerJoin("applications as a", "a.id", "r.application_id")
    .select(["r.id", "r.confidential_declaration"])
    .where("r.application_id", "=", applicationId)
    .where("r.user_id", "=", reader.id)
    .where("r.role", "=", "viewer")
    .where("a.deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * PUT /api/applications/{id}/viewer-save-confidential: the caller's declaration as viewer of the application
 * (saving it again changes nothing). The body, the ticked declaration, is parsed by the API's contract.
 */
export async function viewerSaveConfidential(db: Db, applicationId: number, reader: { id: number }, _input: ViewerDeclarationInput) {
  const row = await viewerAssignment(db, applicationId, reader);
  if (!row.confidential_declaration) {
    await db
      .updateTable("application_reviewers")
      .set({ confidential_declaration: true, state: "accepted", accepted_at: versionNow(), updated_at: versionNow() })
      .where("id", "=", row.id)
      .execute();
  }
  return { application_id: applicationId, declared: true };
}
