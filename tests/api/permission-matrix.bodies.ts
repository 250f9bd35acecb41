// The bodies the permission matrix sends to write operations (tests/api/permission-matrix.test.ts):
// for each, one with which its permitted caller's write succeeds (2xx) on the
// line's fixture (or one of its `also` fixtures), so that the write's audit
// entry is checked (docs/decisions/051-audit-trail.md). Every caller of the line
// sends the same body: the permissions are checked before it.
//
// A body writes nothing through the API (it reads the database or the API's
// GETs, which leave no audit entry; the files it links are rows put in the
// database directly): a write of its own would leave an entry of the wrong call.
// Each body changes something (a counter in a text, a toggled flag), so that
// each entry records a change of its own call.
import type { TestApi } from "../support/api";
import { fullBody } from "./infrastructure-helpers";
import { applicationVersion } from "./recommendation-helpers";
import { userId } from "./review-helpers";

/** A body for the line's fixture id (the id in the path). */
export type Body = (id: string) => unknown | Promise<unknown>;

let serial = 0;
/** A text no earlier call sent. */
const fresh = (prefix: string) => `${prefix} ${++serial}`;
const iso = (t: unknown) => new Date(t as string).toISOString();

export function matrixBodies(getApi: () => TestApi): Record<string, Body> {
  const db = () => getApi().db;
  const app = (id: string) => applicationVersion(getApi(), Number(id));
  const reviewer = async (id: string) => iso((await db().selectFrom("application_reviewers").select("updated_at").where("id", "=", Number(id)).executeTakeFirstOrThrow()).updated_at);
  const report = async (id: string) => iso((await db().selectFrom("application_reports").select("updated_at").where("application_id", "=", Number(id)).executeTakeFirstOrThrow()).updated_at);
  /** The application's first requested infrastructure (its row and version); a draft has none (its `id` 0 is then refused, 422). */
  const firstAi = async (id: string) => {
    const row = await db().selectFrom("application_infrastructures").select(["id", "infrastructure_id", "updated_at"]).where("application_id", "=", Number(id)).orderBy("position").orderBy("id").executeTakeFirst();
    return row ? { ...row, updated_at: iso(row.updated_at) } : { id: 0, infrastructure_id: 0, updated_at: iso(new Date()) };
  };
  /** A file of `who`'s, as an upload leaves it (the row only: these writes link it, none reads its bytes). */
  const medium = async (who: string) =>
    (await db().insertInto("media").values({ uuid: crypto.randomUUID(), name: "matrix.pdf", mime_type: "application/pdf", size: 10, user_id: await userId(getApi(), who) }).returning("id").executeTakeFirstOrThrow()).id;
  /** A GET of the admin area (reads leave no audit entry). */
  const read = async (path: string) => {
    const res = await getApi().call("GET", path, { as: "editor" });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const openCall = async () => (await db().selectFrom("calls").select("id").where("status", "=", "open").where("remote_access", "=", false).orderBy("id").executeTakeFirstOrThrow()).id;

  return {
    // The fixture's own user (no demo user's roles change), its evaluator role toggled.
    "POST /api/users/assign-role": async (id) => {
      const roles = await db().selectFrom("user_roles as ur").innerJoin("roles as r", "r.id", "ur.role_id").select("r.name").where("ur.user_id", "=", Number(id)).execute();
      return { user_id: Number(id), roles: roles.some((r) => r.name === "evaluator") ? ["applicant"] : ["applicant", "evaluator"] };
    },

    // Reviewers: each on their own assignment.
    "PUT /api/evaluations/{id}": async (id) => {
      const criteria = await db().selectFrom("criteria").select("id").where("deleted_at", "is", null).execute();
      const justification = fresh("Matrix score");
      return { scores: Object.fromEntries(criteria.map((c) => [String(c.id), { score: 3, justification }])), updated_at: await reviewer(id) };
    },
    "PUT /api/evaluations/{id}/accept": async (id) => ({ confidential_declaration: true, conflictofinterest_declaration: true, updated_at: await reviewer(id) }),
    "PUT /api/evaluations/{id}/send-conflict": async (id) => ({ note: fresh("Matrix conflict"), updated_at: await reviewer(id) }),
    // The fixture deletes the application's watchdog reviews: this is the first save (no version yet).
    "PUT /api/watchdog-reviews/{id}": () => ({ verdict: "comment", comment: fresh("Matrix comment") }),
    "PUT /api/watchdog-reviews/{id}/send-conflict": async (id) => ({ note: fresh("Matrix conflict"), updated_at: await reviewer(id) }),
    "PUT /api/applications/{id}/reopen-watchdog-review": async (id) => {
      const review = await db().selectFrom("watchdog_reviews").select("id").where("application_id", "=", Number(id)).orderBy("id", "desc").executeTakeFirst();
      return { review_id: review?.id ?? 1 };
    },
    "PUT /api/applications/{id}/viewer-save-confidential": () => ({ confidential_declaration: true }),

    // Intake: the admin area's status changes, eligibility, assignment.
    "PUT /api/applications/{id}/change-status": async (id) => ({ status: "canceled", notes: fresh("Matrix cancel"), updated_at: await app(id) }),
    "PUT /api/applications/{id}/restore-draft": async (id) => ({ notes: fresh("Matrix restore"), updated_at: await app(id) }),
    "PUT /api/applications/{id}/undo-withdrawn": async (id) => ({ notes: fresh("Matrix undo"), updated_at: await app(id) }),
    "PUT /api/applications/{id}/reopen-reporting-status": async (id) => ({ notes: fresh("Matrix reopen"), updated_at: await app(id) }),
    // Every access's decision toggled (the notes cover "none eligible").
    "PUT /api/applications/{id}/eligibility": async (id) => {
      const accesses = await db().selectFrom("accesses").select(["id", "eligible"]).where("application_id", "=", Number(id)).orderBy("id").execute();
      return { accesses: accesses.map((a) => ({ id: a.id, eligible: a.eligible !== true })), notes: fresh("Matrix eligibility"), updated_at: await app(id) };
    },
    // The first requested infrastructure moved to another the call offers.
    "PUT /api/applications/{id}/infrastructure": async (id) => {
      const ai = await firstAi(id);
      const { call_id } = await db().selectFrom("applications").select("call_id").where("id", "=", Number(id)).executeTakeFirstOrThrow();
      const other = await db()
        .selectFrom("call_infrastructures as ci")
        .innerJoin("infrastructures as i", "i.id", "ci.infrastructure_id")
        .select("i.id")
        .where("ci.call_id", "=", call_id)
        .where("i.deleted_at", "is", null)
        .where("i.id", "<>", ai.infrastructure_id)
        .orderBy("i.id")
        .executeTakeFirst();
      return { application_infrastructure_id: ai.id, infrastructure_id: other?.id ?? ai.infrastructure_id, updated_at: await app(id) };
    },
    "PUT /api/applications/{id}/save-wd": async (id) => ({ evaluators: [await userId(getApi(), "evaluator")], updated_at: await app(id) }),
    "PUT /api/applications/{id}/recommendation": async (id) => ({ notes: fresh("Matrix panel"), updated_at: await app(id) }),

    // Infrastructure decisions.
    "PUT /api/applications/{id}/sm-decision": async (id) => {
      const ai = await firstAi(id);
      return { application_infrastructure_id: ai.id, sm_accepted: true, sm_units: 3, sm_participants: 2, sm_budget: "1250,50", sm_justification: fresh("Matrix decision"), updated_at: ai.updated_at };
    },
    "PUT /api/applications/{id}/reopen-sm-decision": async (id) => {
      const ai = await firstAi(id);
      return { application_infrastructure_id: ai.id, updated_at: ai.updated_at };
    },
    // The access moved to the other end of its infrastructure's first period inside the call's bounds.
    "PUT /api/accesses/{id}/dates": async (id) => {
      const access = await db()
        .selectFrom("accesses as a")
        .innerJoin("application_infrastructures as ai", "ai.id", "a.application_infrastructure_id")
        .innerJoin("applications as ap", "ap.id", "a.application_id")
        .innerJoin("calls as c", "c.id", "ap.call_id")
        .select(["a.date_from", "a.updated_at", "ai.infrastructure_id", "c.start_at", "c.end_at"])
        .where("a.id", "=", Number(id))
        .executeTakeFirstOrThrow();
      const periods = await db().selectFrom("infrastructure_periods").select(["date_from", "date_to"]).where("infrastructure_id", "=", access.infrastructure_id).orderBy("date_from").execute();
      const days = periods
        .map((p) => ({ lo: access.start_at && access.start_at > p.date_from ? access.start_at : p.date_from, hi: access.end_at && access.end_at < p.date_to ? access.end_at : p.date_to }))
        .find((p) => p.lo <= p.hi) ?? { lo: access.date_from, hi: access.date_from };
      const day = access.date_from === days.lo ? days.hi : days.lo;
      return { date_from: day, date_to: day, updated_at: iso(access.updated_at) };
    },

    // Acceptance and agreements.
    "PUT /api/applications/{id}/accept": async (id) => ({ updated_at: await app(id) }),
    "PUT /api/applications/{id}/withdraw": async (id) => ({ notes: fresh("Matrix withdrawal"), updated_at: await app(id) }),
    "PUT /api/applications/{id}/start-reporting": async (id) => ({ updated_at: await app(id) }),
    "PUT /api/applications/{id}/signed-agreement": async (id) => ({ media_id: await medium("applicant"), updated_at: await app(id) }),
    // The demo administrator's upload: the one of the four permitted callers whose own file it is.
    "PUT /api/applications/{id}/countersigned-agreement": async (id) => {
      const ai = await firstAi(id);
      return { application_infrastructure_id: ai.id, media_id: await medium("infrastructure-administrator"), updated_at: await app(id) };
    },

    // Reporting: the report's parts, its submission and review, the infrastructure's confirmation.
    "PUT /api/applications/{id}/report/activity": async (id) => ({ season_objectives: fresh("Matrix objectives"), achievements_and_difficulties: "All recovered.", updated_at: await report(id) }),
    "PUT /api/applications/{id}/report/accesses": async (id) => {
      const accesses = await db().selectFrom("accesses").select(["id", "requested_units", "date_from", "date_to"]).where("application_id", "=", Number(id)).where("eligible", "=", true).orderBy("id").execute();
      const units = serial++ % 2;
      return { accesses: accesses.map((a) => ({ id: a.id, user_units: a.requested_units + units, user_date_from: a.date_from, user_date_to: a.date_to })), updated_at: await report(id) };
    },
    "PUT /api/applications/{id}/report/documents": async (id) => ({ scientific_report: await medium("applicant"), data_man_final: await medium("applicant"), updated_at: await report(id) }),
    "PUT /api/applications/{id}/report/feedback": async (id) => ({
      quantitative_feedback_coordination: 5, quantitative_feedback_infrastructure: 4, quantitative_feedback_overall: 5, feedback_recommend: true,
      text_feedback_coordination: fresh("Matrix feedback"), text_feedback_infrastructure: "Ready.", text_feedback_overall: "Good.", updated_at: await report(id),
    }),
    "PUT /api/applications/{id}/submit-report": async (id) => ({ updated_at: await report(id) }),
    "PUT /api/applications/{id}/reopen-report": async (id) => ({ notes: fresh("Matrix reopen"), updated_at: await report(id) }),
    "PUT /api/applications/{id}/watchdog-report-review": async (id) => ({ verdict: "approved", note: fresh("Matrix review"), updated_at: await report(id) }),
    "PUT /api/applications/{id}/sm-report": async (id) => {
      const ai = await firstAi(id);
      const accesses = await db().selectFrom("accesses").select(["id", "date_from", "date_to"]).where("application_infrastructure_id", "=", ai.id).where("eligible", "=", true).orderBy("id").execute();
      return {
        application_infrastructure_id: ai.id,
        accesses: accesses.map((a) => ({ id: a.id, sm_report_confirmed: true, sm_report_units: 3, sm_report_type: "physical", sm_report_date_from: a.date_from, sm_report_date_to: a.date_to, sm_reimbursement_date: a.date_to })),
        updated_at: ai.updated_at,
      };
    },
    "POST /api/applications/{id}/publications": () => ({ title: fresh("Matrix paper") }),
    "PUT /api/publications/{id}": () => ({ title: fresh("Matrix paper") }),

    // Applications: a draft on the open call; a step saved; the complete draft submitted.
    "POST /api/applications": async () => ({ call_id: await openCall() }),
    "PUT /api/applications/{id}": async (id) => {
      const { draft } = await db().selectFrom("applications").select("draft").where("id", "=", Number(id)).executeTakeFirstOrThrow();
      const project = (draft as { project?: Record<string, unknown> } | null)?.project ?? {};
      return { step: "project", values: { ...project, acronym: fresh("MX").replace(" ", "") }, advance: false, updated_at: await app(id) };
    },
    "PUT /api/applications/{id}/submit": async (id) => ({ updated_at: await app(id) }),
    "POST /api/ai-generate/applications/{id}": () => ({ agree: true }),

    // The admin area's content: calls, settings, infrastructures, pages, documents, invitations.
    "POST /api/calls": async () => {
      const infrastructures = await db().selectFrom("infrastructures").select("id").where("deleted_at", "is", null).orderBy("id").limit(2).execute();
      return {
        title: fresh("Matrix call"), description: "Access for one season.",
        open_at: "2027-01-10", close_at: "2027-02-10", start_at: "2027-03-01", end_at: "2027-12-01",
        evaluation_date: "2027-02-20", evaluation_manager_date: "2027-02-25", acceptance_date: "2027-03-10", sm_reminder_date: "2027-03-05",
        user_report_days: 30, physical_access: true, remote_access: false, ri_training: true, unauthorized_countries: [],
        available_infrastructures: infrastructures.map((i) => i.id), acceptance_agreement: await medium("editor"),
      };
    },
    "PUT /api/calls/{id}": async (id) => {
      const call = (await read(`/calls/${id}`)) as Record<string, unknown> & { available_infrastructures?: { id: number }[]; acceptance_agreement?: { id: number } | null; scientific_report_template?: { id: number } | null; data_man_template?: { id: number } | null };
      return {
        ...call,
        title: fresh("Matrix draft call"),
        available_infrastructures: (call.available_infrastructures ?? []).map((i) => i.id),
        acceptance_agreement: call.acceptance_agreement?.id,
        scientific_report_template: call.scientific_report_template?.id ?? null,
        data_man_template: call.data_man_template?.id ?? null,
      };
    },
    "PUT /api/settings": async () => ({ "project-name": fresh("Matrix portal"), updated_at: (await read("/settings")).updated_at }),
    "POST /api/infrastructures": () => fullBody(),
    // Its own fields as the staff's form sends them (its manager and administrators kept), a description changed.
    "PUT /api/infrastructures/{id}": async (id) => {
      const view = await read(`/infrastructures/${id}`);
      const { id: _i, manager: _m, manager_id: _mi, administrators: _a, periods, acceptance_agreement, created_at: _c, deleted_at: _d, ...fields } = view;
      return {
        ...fields,
        description: fresh("Matrix station"),
        periods: (periods as { date_from: string; date_to: string }[]).map(({ date_from, date_to }) => ({ date_from, date_to })),
        acceptance_agreement: (acceptance_agreement as { id: number } | null)?.id ?? null,
      };
    },
    "POST /api/pages": () => ({ title: fresh("Matrix page"), status: "draft" }),
    "PUT /api/pages/{id}": async (id) => ({ title: fresh("Matrix page"), status: "draft", updated_at: (await read(`/pages/${id}`)).updated_at }),
    "POST /api/documents": () => ({ title: fresh("Matrix document"), status: "draft" }),
    "PUT /api/documents/{id}": async (id) => ({ title: fresh("Matrix document"), status: "draft", updated_at: (await read(`/documents/${id}`)).updated_at }),
    "POST /api/invite-evaluators": () => ({ emails: [`${fresh("matrix").replace(" ", "-")}@example.org`], role: "evaluator" }),
  };
}
