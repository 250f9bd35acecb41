// What the staff panels of one application show (GET /api/applications/{id}/intake):
// the requested infrastructures with their accesses and eligibility, the
// reviewers, the status changes the lifecycle offers now (with what still
// blocks each), and who may be assigned.
import { sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { Db } from "~/db/database.server";
import { compiledOnce } from "~/db/compiled-once.server";
import { keptUntilWrite } from "~/cache/kept.server";
import { notFound } from "../errors";
import { transitionsFrom } from "../applications/lifecycle";
import { isApplicationStatus } from "../applications/status";
import { accessStatusOf } from "../applications/access-status";
import { reviewerStateOf } from "../reviews/states";
import { factColumns, factsOf } from "./status-change.server";
import { REVIEWER_ROLES } from "./assignment.server";
import { infrastructureChangeable } from "./change-infrastructure.server";
import { transnational } from "./transnational";

/** The most candidates offered per role (the form lists them; more would need a search). */
export const CANDIDATES_MAX = 500;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

// The row, what the lifecycle reads, the infrastructures, accesses and reviewers: one round trip, its SQL built once (compiled-once.server.ts).
const intakeRow = compiledOnce(
  (db, id) =>
    db
      .selectFrom("applications")
      .select(["id", "status", "updated_at", "eligibility_notes", "recommendation_date", "sm_decision_date"])
      .select((eb) => [
        ...factColumns(eb),
        // What the transnational rule reads: the members' work countries as submitted, and the countries the call excludes.
        sql<{ leader?: boolean; work_country?: string }[]>`(select coalesce(jsonb_agg(jsonb_build_object('leader', x -> 'leader' = 'true'::jsonb, 'work_country', x ->> 'work_country')), '[]'::jsonb)
          from jsonb_array_elements(case when jsonb_typeof(applications.draft -> 'group' -> 'members') = 'array' then applications.draft -> 'group' -> 'members' else '[]'::jsonb end) x)`.as("members"),
        eb.selectFrom("calls").select("calls.unauthorized_countries").whereRef("calls.id", "=", "applications.call_id").as("excluded"),
        jsonArrayFrom(
          eb
            .selectFrom("application_infrastructures as ai")
            .innerJoin("infrastructures as i", "i.id", "ai.infrastructure_id")
            .select([
              "ai.id", "ai.infrastructure_id", "i.name", "i.short_name", "i.country", "ai.has_eligible_accesses",
              "ai.ta_recommended", "ai.ta_units", "ai.ta_participants", "ai.sm_accepted", "ai.sm_units", "ai.sm_participants", "ai.sm_decided_at",
            ])
            // Numeric, which JSON would turn into numbers: as text, as the driver reads it.
            .select([sql<string | null>`ai.ta_budget::text`.as("ta_budget"), sql<string | null>`ai.sm_budget::text`.as("sm_budget")])
            .whereRef("ai.application_id", "=", "applications.id")
            .orderBy("ai.position"),
        ).as("infrastructures"),
        jsonArrayFrom(
          eb
            .selectFrom("accesses")
            .select(["accesses.id", "application_infrastructure_id", "type", "member_email", "date_from", "date_to", "requested_units", "eligible", "accesses.status"])
            .whereRef("accesses.application_id", "=", "applications.id")
            .orderBy("application_infrastructure_id")
            .orderBy("position"),
        ).as("accesses"),
        jsonArrayFrom(
          eb
            .selectFrom("application_reviewers as r")
            .innerJoin("users as u", "u.id", "r.user_id")
            .select(["r.id", "r.user_id", "r.role", "r.state", "r.submitted_at", "r.conflict_note", "u.display_name", "u.email"])
            .whereRef("r.application_id", "=", "applications.id")
            .orderBy("r.role")
            .orderBy("u.display_name"),
        ).as("reviewers"),
        jsonArrayFrom(
          eb
            .selectFrom("call_infrastructures as ci")
            .innerJoin("infrastructures as i", "i.id", "ci.infrastructure_id")
            .select(["i.id", "i.name", "i.short_name"])
            .whereRef("ci.call_id", "=", "applications.call_id")
            .where("i.deleted_at", "is", null)
            .orderBy("i.name"),
        ).as("offered"),
      ])
      .where("id", "=", id)
      .where("deleted_at", "is", null),
  { constants: true },
);

export async function readIntake(db: Db, id: number) {
  const read = intakeRow(db, id).then((rows) => rows[0]);
  // The same for every application: kept until the next write (ADR 030), as a role or a user's save changes it.
  const candidates = keptUntilWrite(db, "intake-candidates", () =>
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
  );
  const row = await read;
  if (!row || !isApplicationStatus(row.status)) {
    await candidates.catch(() => undefined);
    throw notFound();
  }
  const { infrastructures, accesses, reviewers, offered, members, excluded, ...app } = row;
  const [facts, kept] = await Promise.all([factsOf(db, app), candidates]);
  const person = (u: { id: number; display_name: string | null; email: string }) => ({ id: u.id, name: u.display_name ?? u.email, email: u.email });
  return {
    id: app.id,
    status: row.status,
    updated_at: new Date(app.updated_at).toISOString(),
    eligibility_notes: app.eligibility_notes,
    evaluation_complete: app.evaluation_complete,
    ta_recommendation_complete: app.ta_recommendation_complete,
    recommendation_date: iso(app.recommendation_date),
    sm_decision_date: iso(app.sm_decision_date),
    infrastructures: infrastructures.map(({ country, ...ai }) => ({
      ...ai,
      transnational: transnational(country, excluded ?? [], members),
      sm_decided_at: iso(ai.sm_decided_at),
      changeable: infrastructureChangeable(row.status, ai.sm_decided_at),
      accesses: accesses.filter((a) => a.application_infrastructure_id === ai.id).map((a) => ({ ...a, status: accessStatusOf(a.status) })),
    })),
    offered,
    reviewers: reviewers.map((r) => ({
      id: r.id, user_id: r.user_id, role: r.role, state: reviewerStateOf(r.state), submitted_at: iso(r.submitted_at), conflict_note: r.conflict_note,
      name: r.display_name ?? r.email, email: r.email,
    })),
    transitions: transitionsFrom(row.status, "editor", facts).map((t) => ({
      name: t.transition.name, endpoint: t.transition.endpoint, to: t.to, blockers: t.blockers, notes_required: t.notesRequired,
    })),
    candidates: Object.fromEntries(
      REVIEWER_ROLES.map((role) => [role, kept.filter((c) => c.role === role).slice(0, CANDIDATES_MAX).map(person)]),
    ) as Record<(typeof REVIEWER_ROLES)[number], ReturnType<typeof person>[]>,
  };
}

export type IntakeView = Awaited<ReturnType<typeof readIntake>>;
