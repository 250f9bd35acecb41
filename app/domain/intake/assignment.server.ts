// Assignment (docs/lifecycle.md#assignment, docs/roles.md#conflicts): the editor names the evaluators,
// watchdogs and viewers of an application under evaluation. A viewer is never
// also an evaluator or watchdog of it (refused); other overlaps are warnings
// the editor sees before saving (conflictWarnings, GET /save-conflict).
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { ReviewerRole } from "~/db/schema";
import { AppError, notFound } from "../errors";
import { claimVersion, invalid, versionNow, type FieldErrors } from "../write.server";
import type { Draft } from "../applications/draft";
import type { SaveWdBody } from "./intake-bodies";
import { STALE } from "./status-change.server";
import { notify } from "../notifications/notify.server";
import { refreshEvaluationComplete } from "../reviews/evaluations.server";

export const ASSIGNMENT_STATUSES = ["under-evaluation"] as const;
export const REVIEWER_ROLES: readonly ReviewerRole[] = ["evaluator", "watchdog", "viewer"];
const LIST_OF: Record<ReviewerRole, keyof Pick<SaveWdBody, "evaluators" | "watchdogs" | "viewers">> = {
  evaluator: "evaluators",
  watchdog: "watchdogs",
  viewer: "viewers",
};

export type ConflictKind = "viewer-and-reviewer" | "evaluator-and-watchdog" | "infrastructure-staff" | "team-member" | "same-organization" | "same-email-domain";
export interface ConflictWarning {
  user_id: number;
  kind: ConflictKind;
  /** Blocking ones are refused by save-wd; the others are warnings. */
  blocking: boolean;
}

export type Lists = Pick<SaveWdBody, "evaluators" | "watchdogs" | "viewers">;

const domainOf = (email: string | null | undefined) => email?.trim().toLowerCase().split("@")[1] ?? null;
const same = (a: string | null | undefined, b: string | null | undefined) => Boolean(a?.trim() && b?.trim() && a.trim().toLowerCase() === b.trim().toLowerCase());

/** Users (with their e-mail and organization) who hold the role, among `ids`. */
async function usersWithRole(db: Db, ids: number[], role: ReviewerRole) {
  if (!ids.length) return [];
  return db
    .selectFrom("users")
    .innerJoin("user_roles", "user_roles.user_id", "users.id")
    .innerJoin("roles", "roles.id", "user_roles.role_id")
    .select(["users.id", "users.email", "users.organization_name"])
    .where("roles.name", "=", role)
    .where("users.id", "in", ids)
    .execute();
}

/** Each named person must hold the role they are named for: 422 on `<list>[i]` otherwise. */
async function checkRoles(db: Db, lists: Lists): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const role of REVIEWER_ROLES) {
    const ids = lists[LIST_OF[role]];
    const holders = new Set((await usersWithRole(db, ids, role)).map((u) => u.id));
    ids.forEach((id, i) => {
      if (!holders.has(id)) errors[`${LIST_OF[role]}[${i}]`] = ["intake.not-a-reviewer"];
    });
  }
  return errors;
}

/** The overlaps of the proposed lists with each other, the requested infrastructures' staff and the applicant's team. */
export async function conflictWarnings(db: Db, applicationId: number, lists: Lists): Promise<ConflictWarning[]> {
  const people = [...new Set([...lists.evaluators, ...lists.watchdogs, ...lists.viewers])];
  if (!people.length) return [];
  const [app, users, staff] = await Promise.all([
    db
      .selectFrom("applications")
      .innerJoin("users", "users.id", "applications.user_id")
      .select(["applications.draft", "users.email", "users.organization_name"])
      .where("applications.id", "=", applicationId)
      .executeTakeFirstOrThrow(),
    db.selectFrom("users").select(["id", "email", "organization_name"]).where("id", "in", people).execute(),
    // Managers and administrators of the infrastructures the application requests.
    sql<{ user_id: number }>`
      select i.manager_id as user_id from application_infrastructures ai join infrastructures i on i.id = ai.infrastructure_id
        where ai.application_id = ${applicationId} and i.manager_id is not null
      union
      select ia.user_id from application_infrastructures ai join infrastructure_administrators ia on ia.infrastructure_id = ai.infrastructure_id
        where ai.application_id = ${applicationId}`.execute(db),
  ]);
  const members = ((app.draft as Draft).group?.members ?? []).map((m) => ({ email: m.email, organization: m.work_place }));
  const team = [{ email: app.email, organization: app.organization_name }, ...members];
  const staffIds = new Set(staff.rows.map((r) => r.user_id));
  const out: ConflictWarning[] = [];
  const warn = (user_id: number, kind: ConflictKind, blocking = false) => out.push({ user_id, kind, blocking });
  for (const user of users) {
    const isViewer = lists.viewers.includes(user.id);
    const isEvaluator = lists.evaluators.includes(user.id);
    const isWatchdog = lists.watchdogs.includes(user.id);
    if (isViewer && (isEvaluator || isWatchdog)) warn(user.id, "viewer-and-reviewer", true);
    if (isEvaluator && isWatchdog) warn(user.id, "evaluator-and-watchdog");
    if (staffIds.has(user.id)) warn(user.id, "infrastructure-staff");
    if (team.some((m) => same(m.email, user.email))) warn(user.id, "team-member");
    else {
      if (team.some((m) => same(m.organization, user.organization_name))) warn(user.id, "same-organization");
      if (team.some((m) => same(domainOf(m.email), domainOf(user.email)))) warn(user.id, "same-email-domain");
    }
  }
  return out;
}

/** GET /save-conflict: the warnings an assignment would raise, asked before it is saved; 404 when the application is gone or in the trash. */
export async function assignmentWarnings(db: Db, applicationId: number, lists: Lists): Promise<ConflictWarning[]> {
  const live = await db.selectFrom("applications").select("id").where("id", "=", applicationId).where("deleted_at", "is", null).executeTakeFirst();
  if (!live) throw notFound();
  return conflictWarnings(db, applicationId, lists);
}

/**
 * PUT /api/applications/{id}/save-wd: the lists replace the current ones; a new reviewer starts `assigned`.
 * Answers who was added. The body is parsed by the API's contract.
 */
export async function saveReviewers(db: Db, id: number, editorId: number, input: SaveWdBody) {
  const lists: Lists = { evaluators: [...new Set(input.evaluators)], watchdogs: [...new Set(input.watchdogs)], viewers: [...new Set(input.viewers)] };
  return db.transaction().execute(async (trx) => {
    await claimVersion(trx, "applications", id, input.updated_at, STALE);
    const { status } = await trx.selectFrom("applications").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    if (!(ASSIGNMENT_STATUSES as readonly string[]).includes(status)) throw new AppError(409, "intake.assignment-closed");
    const errors = await checkRoles(trx, lists);
    for (const w of await conflictWarnings(trx, id, lists)) {
      if (w.blocking) errors[`viewers[${lists.viewers.indexOf(w.user_id)}]`] = ["intake.viewer-conflict"];
    }
    if (Object.keys(errors).length) throw invalid(errors);
    const current = await trx.selectFrom("application_reviewers").select(["id", "user_id", "role"]).where("application_id", "=", id).execute();
    const wanted = REVIEWER_ROLES.flatMap((role) => lists[LIST_OF[role]].map((user_id) => ({ user_id, role })));
    const gone = current.filter((r) => !wanted.some((w) => w.user_id === r.user_id && w.role === r.role)).map((r) => r.id);
    const added = wanted.filter((w) => !current.some((r) => r.user_id === w.user_id && r.role === w.role));
    if (gone.length) await trx.deleteFrom("application_reviewers").where("id", "in", gone).execute();
    if (added.length) {
      await trx
        .insertInto("application_reviewers")
        .values(added.map((a) => ({ application_id: id, user_id: a.user_id, role: a.role, assigned_by: editorId })))
        .execute();
    }
    for (const role of REVIEWER_ROLES) {
      const userIds = added.filter((a) => a.role === role).map((a) => a.user_id);
      await notify(trx, { userIds, kind: `assigned-${role}`, applicationId: id, mail: true });
    }
    // A removed evaluator may have been the last one still open.
    await refreshEvaluationComplete(trx, id);
    await trx.updateTable("applications").set({ updated_at: versionNow() }).where("id", "=", id).execute();
    return { added, removed: gone.length };
  });
}
