// What the panel's recommendation screen shows (GET
// /api/applications/{id}/recommendation): per requested infrastructure what
// was asked and what the panel recommends, the evaluations' scores, and the
// call's applications ranked by mean score. Editors read it to record the
// recommendation; panel members (ADR 023) read it only.
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { keptUntilWrite } from "~/cache/kept.server";
import { ADMIN_ROLES, hasRole, type Actor } from "../users/roles";
import { forbidden, notFound } from "../errors";
import { getSettings } from "../settings/settings.server";
import { callCriteria } from "../reviews/criteria.server";
import { isPanelMember } from "./panel";
import { rankByMean, RECOMMENDING_STATUS, roundMean } from "./rules";
import { applicationStatusOf } from "../applications/status";

/** The statuses whose applications the panel ranks and reads: evaluated, whatever came of it since. */
export const RANKED_STATUSES = ["under-evaluation", "granted", "rejected", "accepted", "withdrawn", "reporting", "reported"] as const;
/** The most applications a call's ranking lists (a call has a few hundred). */
export const RANKING_MAX = 2000;

export type Reader = "editor" | "panel";

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** Editors and admins edit; panel members read; anyone else is refused (403). */
export async function recommendationReader(db: Db, user: Actor): Promise<Reader> {
  if (hasRole(user, ...ADMIN_ROLES)) return "editor";
  const [settings, email] = await Promise.all([
    getSettings(db),
    user.email ?? db.selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirst().then((r) => r?.email),
  ]);
  if (isPanelMember(settings, email)) return "panel";
  throw forbidden();
}

/**
 * The call's evaluated applications, ranked by mean score: the mean of every
 * submitted score of their evaluators (scores that are not numbers left out),
 * kept on each application when its evaluators change (by the database: migration 0021),
 * so the ranking reads two columns of the call's applications.
 */
export function callRanking(db: Db, callId: number) {
  // Kept until the next write (ADR 030): the editor's and the panel's screens of every application of the call read it.
  return keptUntilWrite(db, `ranking\u0000${callId}`, () => readRanking(db, callId));
}

async function readRanking(db: Db, callId: number) {
  const rows = await db
    .selectFrom("applications as a")
    .select(["a.id", "a.acronym", "a.title", "a.status", "a.ta_recommendation_complete", "a.mean_score as mean", "a.evaluations_submitted as evaluations"])
    .where("a.call_id", "=", callId)
    .where("a.deleted_at", "is", null)
    .where("a.status", "in", [...RANKED_STATUSES])
    .orderBy("a.id")
    .limit(RANKING_MAX)
    .execute();
  return rankByMean(rows.map(({ mean, ...r }) => ({ ...r, status: applicationStatusOf(r.status), mean_score: roundMean(mean) })));
}

export async function readRecommendation(db: Db, id: number, reader: Reader) {
  const app = await db
    .selectFrom("applications as a")
    .innerJoin("calls as c", "c.id", "a.call_id")
    .select([
      "a.id", "a.acronym", "a.title", "a.status", "a.updated_at", "a.evaluation_complete", "a.ta_recommendation_complete",
      "a.recommendation_date", "a.recommendation_notes", "a.call_id", "c.title as call_title", "c.half_point_rating",
    ])
    .where("a.id", "=", id)
    .where("a.deleted_at", "is", null)
    .executeTakeFirst();
  // Panel members read evaluated applications only; the rest is not theirs to see.
  if (!app || (reader === "panel" && !(RANKED_STATUSES as readonly string[]).includes(app.status))) throw notFound();
  const [infrastructures, requested, evaluations, criteria, ranking] = await Promise.all([
    db
      .selectFrom("application_infrastructures as ai")
      .innerJoin("infrastructures as i", "i.id", "ai.infrastructure_id")
      .select(["ai.id", "ai.infrastructure_id", "i.name", "i.short_name", "ai.has_eligible_accesses", "ai.ta_recommended", "ai.ta_units", "ai.ta_participants", "ai.ta_budget", "ai.ta_recommendation"])
      .where("ai.application_id", "=", id)
      .orderBy("ai.position")
      .execute(),
    db
      .selectFrom("accesses")
      .select((eb) => [
        "application_infrastructure_id",
        eb.fn.countAll<string>().as("accesses"),
        sql<string>`coalesce(sum(requested_units), 0)`.as("units"),
        sql<string>`count(distinct lower(member_email))`.as("participants"),
      ])
      .where("application_id", "=", id)
      .where("eligible", "=", true)
      .groupBy("application_infrastructure_id")
      .execute(),
    db
      .selectFrom("application_reviewers as r")
      .innerJoin("users as u", "u.id", "r.user_id")
      .select(["r.id", "u.display_name", "r.scores", "r.submitted_at"])
      .where("r.application_id", "=", id)
      .where("r.role", "=", "evaluator")
      .where("r.state", "=", "submitted")
      .orderBy("r.submitted_at")
      .orderBy("r.id")
      .execute(),
    callCriteria(db, app.call_id),
    callRanking(db, app.call_id),
  ]);
  const asked = new Map(requested.map((r) => [r.application_infrastructure_id, r]));
  const self = ranking.find((r) => r.id === id);
  return {
    application: {
      id: app.id, acronym: app.acronym, title: app.title, status: applicationStatusOf(app.status), updated_at: iso(app.updated_at)!,
      evaluation_complete: app.evaluation_complete, ta_recommendation_complete: app.ta_recommendation_complete,
      recommendation_date: iso(app.recommendation_date), recommendation_notes: app.recommendation_notes,
      mean_score: self?.mean_score ?? null, rank: self?.rank ?? null,
    },
    call: { id: app.call_id, title: app.call_title, half_point_rating: app.half_point_rating },
    editable: reader === "editor" && app.status === RECOMMENDING_STATUS,
    infrastructures: infrastructures.map((ai) => {
      const r = asked.get(ai.id);
      return {
        ...ai,
        requested: { accesses: Number(r?.accesses ?? 0), units: Number(r?.units ?? 0), participants: Number(r?.participants ?? 0) },
      };
    }),
    criteria,
    evaluations: evaluations.map((e) => ({
      id: e.id, evaluator: e.display_name, submitted_at: iso(e.submitted_at),
      scores: e.scores as Record<string, { score?: number; justification?: string }>,
    })),
    ranking,
  };
}

export type RecommendationView = Awaited<ReturnType<typeof readRecommendation>>;

/**
 * GET /api/panel/applications: the calls with applications under evaluation
 * (newest first, with how many), and the ranking of one of them: `callId`,
 * or the newest. Only those under evaluation are listed; their ranks are
 * among all the call's evaluated applications.
 */
export async function panelApplications(db: Db, callId: number | undefined) {
  const calls = await db
    .selectFrom("applications as a")
    .innerJoin("calls as c", "c.id", "a.call_id")
    .select(["c.id", "c.title", (eb) => eb.fn.countAll<string>().as("n")])
    .where("a.status", "=", RECOMMENDING_STATUS)
    .where("a.deleted_at", "is", null)
    .groupBy(["c.id", "c.title"])
    .orderBy("c.id", "desc")
    .limit(100)
    .execute();
  const chosen = callId === undefined ? calls[0] : calls.find((c) => c.id === callId);
  const ranked = chosen ? await callRanking(db, chosen.id) : [];
  return {
    calls: calls.map((c) => ({ id: c.id, title: c.title, under_evaluation: Number(c.n) })),
    call: chosen ? { id: chosen.id, title: chosen.title } : null,
    applications: ranked.filter((a) => a.status === RECOMMENDING_STATUS),
  };
}
