// What the staff panels of one application show (GET /api/applications/{id}/intake):
// the requested infrastructures with their accesses and eligibility, the
// reviewers, the status changes the lifecycle offers now (with what still
// blocks each), and who may be assigned.
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { keptUntilWrite } from "~/db/kept-until-write.server";
import { notFound } from "../errors";
import { transitionsFrom } from "../applications/lifecycle";
import { isApplicationStatus } from "../applications/status";
import { lifecycleFacts } from "./status-change.server";
import { REVIEWER_ROLES } from "./assignment.server";

/** The most candidates offered per role (the form lists them; more would need a search). */
export const CANDIDATES_MAX = 500;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export async function readIntake(db: Db, id: number) {
  const app = await db
    .selectFrom("applications")
    .select(["id", "status", "updated_at", "eligibility_notes", "evaluation_complete", "ta_recommendation_complete", "recommendation_date", "sm_decision_date"])
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!app || !isApplicationStatus(app.status)) throw notFound();
  const [infrastructures, accesses, reviewers, candidates, facts] = await Promise.all([
    db
      .selectFrom("application_infrastructures as ai")
      .innerJoin("infrastructures as i", "i.id", "ai.infrastructure_id")
      .select([
        "ai.id", "ai.infrastructure_id", "i.name", "i.short_name", "ai.has_eligible_accesses",
        "ai.ta_recommended", "ai.ta_units", "ai.ta_participants", "ai.ta_budget", "ai.sm_accepted", "ai.sm_units", "ai.sm_participants", "ai.sm_budget", "ai.sm_decided_at",
      ])
      .where("ai.application_id", "=", id)
      .orderBy("ai.position")
      .execute(),
    db
      .selectFrom("accesses")
      .select(["id", "application_infrastructure_id", "type", "member_email", "date_from", "date_to", "requested_units", "eligible", "status"])
      .where("application_id", "=", id)
      .orderBy("application_infrastructure_id")
      .orderBy("position")
      .execute(),
    db
      .selectFrom("application_reviewers as r")
      .innerJoin("users as u", "u.id", "r.user_id")
      .select(["r.id", "r.user_id", "r.role", "r.state", "r.submitted_at", "r.conflict_note", "u.display_name", "u.email"])
      .where("r.application_id", "=", id)
      .orderBy("r.role")
      .orderBy("u.display_name")
      .execute(),
    // The same for every application: kept until the next write (ADR 030), as a role or a user's save changes it.
    keptUntilWrite(db, "intake-candidates", () =>
      db
        .selectFrom("users as u")
        .innerJoin("user_roles as ur", "ur.user_id", "u.id")
        .innerJoin("roles", "roles.id", "ur.role_id")
        .select(["u.id", "u.display_name", "u.email", "roles.name as role"])
        .where("roles.name", "in", [...REVIEWER_ROLES])
        .where("u.status", "=", "active")
        .orderBy(sql`lower(coalesce(u.display_name, u.email))`)
        .limit(CANDIDATES_MAX * REVIEWER_ROLES.length)
        .execute(),
    ),
    lifecycleFacts(db, id),
  ]);
  const person = (u: { id: number; display_name: string | null; email: string }) => ({ id: u.id, name: u.display_name ?? u.email, email: u.email });
  return {
    id: app.id,
    status: app.status,
    updated_at: new Date(app.updated_at).toISOString(),
    eligibility_notes: app.eligibility_notes,
    evaluation_complete: app.evaluation_complete,
    ta_recommendation_complete: app.ta_recommendation_complete,
    recommendation_date: iso(app.recommendation_date),
    sm_decision_date: iso(app.sm_decision_date),
    infrastructures: infrastructures.map((ai) => ({
      ...ai,
      sm_decided_at: iso(ai.sm_decided_at),
      accesses: accesses.filter((a) => a.application_infrastructure_id === ai.id),
    })),
    reviewers: reviewers.map((r) => ({
      id: r.id, user_id: r.user_id, role: r.role, state: r.state, submitted_at: iso(r.submitted_at), conflict_note: r.conflict_note,
      name: r.display_name ?? r.email, email: r.email,
    })),
    transitions: transitionsFrom(app.status, "editor", facts).map((t) => ({
      name: t.transition.name, endpoint: t.transition.endpoint, to: t.to, blockers: t.blockers, notes_required: t.notesRequired,
    })),
    candidates: Object.fromEntries(
      REVIEWER_ROLES.map((role) => [role, candidates.filter((c) => c.role === role).slice(0, CANDIDATES_MAX).map(person)]),
    ) as Record<(typeof REVIEWER_ROLES)[number], ReturnType<typeof person>[]>,
  };
}

export type IntakeView = Awaited<ReturnType<typeof readIntake>>;
