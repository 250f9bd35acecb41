// One application as infrastructure staff and editors read it for the 'sm'
// step (GET /api/applications/{id}/sm-decision): per application
// infrastructure the panel's recommendation, the accesses with their dates,
// the decision, and what the reader may do with each.
import type { Db } from "~/db/database.server";
import { getSettings } from "../settings/settings.server";
import { getApplication } from "../applications/application-read.server";
import { applicationStatusOf } from "../applications/status";
import { accessStatusOf } from "../applications/access-status";
import { todayIso } from "../dates";
import { notFound } from "../errors";
import { hasRole, isAdminArea, INFRA_STAFF_ROLES } from "../users/roles";
import { staffedIds } from "../users/users.server";
import { staffSee, SUBMITTED_STATUSES, type StaffUser } from "./staff.server";

/** Decisions are made while the application is under evaluation. */
export const DECIDING_STATUS = "under-evaluation";
/** Access dates can move until the access has happened and been reported. */
export const DATES_EDITABLE_STATUSES = ["submit", "under-evaluation", "granted", "accepted"];

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** After the call's evaluation_manager_date, a calendar day in Brussels (ADR 006): the day itself still counts. */
export const decisionDeadlinePassed = (evaluationManagerDate: string, today = todayIso()) => today > evaluationManagerDate;

/**
 * The application `id` if `user` may read its decisions, with the
 * infrastructures they are staff of: the admin area reads any submitted
 * application; staff one with an infrastructure of theirs, in the statuses
 * the show-application-submit-ri-staff setting opens. 404 otherwise.
 */
export async function decisionAccess(db: Db, id: number, user: StaffUser) {
  const [app, own] = await Promise.all([
    db
      .selectFrom("applications as a")
      .innerJoin("calls as c", "c.id", "a.call_id")
      .select(["a.id", "a.status", "a.acronym", "a.title", "a.updated_at", "a.sm_decision_date", "a.call_id", "c.title as call_title", "c.evaluation_manager_date"])
      .where("a.id", "=", id)
      .where("a.deleted_at", "is", null)
      .executeTakeFirst(),
    hasRole(user, ...INFRA_STAFF_ROLES) ? staffedIds(db, user) : Promise.resolve([]),
  ]);
  if (!app) throw notFound();
  const adminArea = isAdminArea(user);
  const infrastructures = await db
    .selectFrom("application_infrastructures as ai")
    .innerJoin("infrastructures as i", "i.id", "ai.infrastructure_id")
    .leftJoin("users as u", "u.id", "ai.sm_decided_by")
    .select([
      "ai.id", "ai.infrastructure_id", "i.name", "i.short_name", "ai.has_eligible_accesses", "ai.updated_at",
      "ai.ta_recommended", "ai.ta_units", "ai.ta_participants", "ai.ta_budget", "ai.ta_recommendation",
      "ai.sm_accepted", "ai.sm_units", "ai.sm_participants", "ai.sm_budget", "ai.sm_justification", "ai.sm_decided_at",
      "u.display_name as decided_by_name", "u.email as decided_by_email",
    ])
    .where("ai.application_id", "=", id)
    .orderBy("ai.position")
    .execute();
  const mine = infrastructures.filter((ai) => own.includes(ai.infrastructure_id));
  const visible = adminArea ? SUBMITTED_STATUSES.includes(app.status) : mine.length > 0 && (await staffSee(db, app.status));
  if (!visible) throw notFound();
  return { app: { ...app, status: applicationStatusOf(app.status) }, own, adminArea, infrastructures: adminArea ? infrastructures : mine };
}

export async function readDecisions(db: Db, id: number, user: StaffUser) {
  const { app, own, adminArea, infrastructures } = await decisionAccess(db, id, user);
  const [accesses, settings, application] = await Promise.all([
    db
      .selectFrom("accesses")
      .select(["id", "application_infrastructure_id", "type", "member_email", "date_from", "date_to", "requested_units", "eligible", "status", "updated_at"])
      .where("application_id", "=", id)
      .orderBy("application_infrastructure_id")
      .orderBy("position")
      .execute(),
    getSettings(db),
    // The reader's right to the application is the one decided above; the
    // applicant's read model does not know infrastructure staff, so it reads as the admin area.
    getApplication(db, id, { ...user, roles: [...user.roles, "editor"] }),
  ]);
  const passed = decisionDeadlinePassed(app.evaluation_manager_date);
  const deciding = app.status === DECIDING_STATUS;
  const datesOpen = DATES_EDITABLE_STATUSES.includes(app.status);
  const staffMayMoveDates = settings["ri-access-editable"] === "yes";
  return {
    id: app.id,
    status: app.status,
    acronym: app.acronym,
    title: app.title,
    updated_at: new Date(app.updated_at).toISOString(),
    sm_decision_date: iso(app.sm_decision_date),
    call: { id: app.call_id, title: app.call_title, evaluation_manager_date: app.evaluation_manager_date },
    deadline_passed: passed,
    infrastructures: infrastructures.map((ai) => {
      const isOwn = own.includes(ai.infrastructure_id);
      return {
        id: ai.id, infrastructure_id: ai.infrastructure_id, name: ai.name, short_name: ai.short_name, has_eligible_accesses: ai.has_eligible_accesses,
        updated_at: new Date(ai.updated_at).toISOString(),
        ta_recommended: ai.ta_recommended, ta_units: ai.ta_units, ta_participants: ai.ta_participants, ta_budget: ai.ta_budget, ta_recommendation: ai.ta_recommendation,
        sm_accepted: ai.sm_accepted, sm_units: ai.sm_units, sm_participants: ai.sm_participants, sm_budget: ai.sm_budget, sm_justification: ai.sm_justification,
        sm_decided_at: iso(ai.sm_decided_at),
        decided_by: ai.sm_decided_at ? (ai.decided_by_name ?? ai.decided_by_email) : null,
        own: isOwn,
        can_decide: isOwn && deciding && !passed && !ai.sm_decided_at,
        can_reopen: adminArea && deciding && ai.sm_decided_at !== null,
        accesses: accesses
          .filter((a) => a.application_infrastructure_id === ai.id)
          .map(({ application_infrastructure_id: _, ...a }) => ({
            ...a,
            status: accessStatusOf(a.status),
            updated_at: new Date(a.updated_at).toISOString(),
            can_edit_dates: datesOpen && (adminArea || (isOwn && staffMayMoveDates)),
          })),
      };
    }),
    application,
  };
}

export type DecisionsView = Awaited<ReturnType<typeof readDecisions>>;
