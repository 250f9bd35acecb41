// What the next-action rule (next-action.ts) reads, in SQL: the facts of the
// applications a person sees in each of their roles, and the home page's to-do
// list made of them (docs/ui.md#home). The lists (My applications, the
// reviewers' and the infrastructures' lists) ask the same readers for their
// rows' next actions, so a row and the to-do list never disagree.
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { compiledOnce } from "~/db/compiled-once.server";
import { factColumns, factsOf } from "../applications/transition.server";
import { applicationStatusOf } from "../applications/status";
import { SIGNED_AGREEMENT } from "../acceptance/statuses";
import { todayIso } from "../days";
import { keptUntilWriteBy } from "~/cache/kept.server";
import { hasRole, isAdminArea, type Actor, INFRA_STAFF_ROLES } from "../users/roles";
import { myEvaluations } from "../reviews/evaluations.server";
import { toWatch } from "../reviews/watchdog.server";
import { toView } from "../reviews/viewer.server";
import { listScope, staffStatuses, type Scope } from "../ri-decisions/staff.server";
import { pendingConfirmation, pendingDecision, pendingReimbursement } from "../ri-decisions/list.server";
import { byUrgency, nextAction, type NextAction, type NextActionName, type TodoAction, type TodoView } from "./next-action";

/** The most applications of one person or one role a to-do list reads (far above any real workload). */
const TODO_MAX = 2000;

/** The owner's live applications with what their next action reads (`ids`: these only). */
const ownerRows = (db: Db, userId: number, ids?: number[]) =>
  db
    .selectFrom("applications")
    .select(factColumns)
    .select((eb) => {
      const call = eb.selectFrom("calls").whereRef("calls.id", "=", "applications.call_id");
      return [
        "applications.id", "applications.status", "applications.step", "applications.acronym", "applications.title",
        call.select("calls.close_at").as("close_at"),
        call.select("calls.acceptance_date").as("acceptance_date"),
        eb.selectFrom("application_reports").select("due_on").whereRef("application_reports.application_id", "=", "applications.id").as("report_due_on"),
        eb
          .exists(
            eb
              .selectFrom("media_links")
              .select(sql`1`.as("one"))
              .where("media_links.attached_to_type", "=", "application")
              .whereRef("media_links.attached_to_id", "=", sql<string>`applications.id::text`)
              .where("media_links.collection", "=", SIGNED_AGREEMENT),
          )
          .as("signed"),
      ];
    })
    .where("applications.user_id", "=", userId)
    .where("applications.deleted_at", "is", null)
    .$if(ids !== undefined, (q) => q.where("applications.id", "in", ids!))
    .orderBy("applications.id", "desc")
    .limit(TODO_MAX);

// All of them, for the home page's to-do list on every view: the SQL built once (compiled-once.server.ts).
const allOwnerRows = compiledOnce((db, userId) => ownerRows(db, userId), { constants: true });

/** The owner's next action on each of their live applications (`ids`: these only). */
export async function ownerNextActions(db: Db, userId: number, ids?: number[]) {
  if (ids && ids.length === 0) return [];
  const rows = ids === undefined ? await allOwnerRows(db, userId) : await ownerRows(db, userId, ids).execute();
  const today = todayIso();
  return Promise.all(
    rows.map(async (r) => {
      const status = applicationStatusOf(r.status);
      const next = nextAction({
        view: "owner", id: r.id, status, today, step: r.step, lifecycle: await factsOf(db, r),
        call: { close_at: r.close_at!, acceptance_date: r.acceptance_date! },
        report: r.report_due_on ? { due_on: r.report_due_on, submitted: Boolean(r.report_submitted_at), sent_back: !r.report_submitted_at && r.report_watchdog_review === "rejected" } : null,
        signed_agreement: Boolean(r.signed),
      });
      return { application: { id: r.id, acronym: r.acronym, title: r.title }, view: "owner" as const, next };
    }),
  );
}

/** The infrastructure staff's next action on each application at their infrastructures that has one to do (`ids`: these only, done or not). */
export async function staffNextActions(db: Db, user: Actor, ids?: number[], scope?: Scope) {
  if (ids && ids.length === 0) return [];
  const [inScope, statuses] = await Promise.all([scope === undefined ? listScope(db, user) : scope, staffStatuses(db)]);
  const rows = await db
    .selectFrom("applications as a")
    .innerJoin("calls as c", "c.id", "a.call_id")
    .select((eb) => [
      "a.id", "a.status", "a.acronym", "a.title", "c.evaluation_manager_date",
      pendingDecision(eb, inScope).as("decision_pending"),
      pendingConfirmation(eb, inScope).as("confirmation_pending"),
      pendingReimbursement(eb, inScope).as("reimbursement_pending"),
    ])
    .where("a.deleted_at", "is", null)
    .$if(ids !== undefined, (q) => q.where("a.id", "in", ids!))
    .$if(ids === undefined, (q) =>
      q
        .where("a.status", "in", statuses)
        .where((eb) => eb.or([pendingDecision(eb, inScope), pendingConfirmation(eb, inScope), pendingReimbursement(eb, inScope)])),
    )
    .limit(TODO_MAX)
    .execute();
  const today = todayIso();
  return rows.map((r) => ({
    application: { id: r.id, acronym: r.acronym, title: r.title },
    view: "staff" as const,
    next: nextAction({
      view: "staff", id: r.id, status: applicationStatusOf(r.status), today, evaluation_manager_date: r.evaluation_manager_date,
      decision_pending: Boolean(r.decision_pending), confirmation_pending: Boolean(r.confirmation_pending), reimbursement_pending: Boolean(r.reimbursement_pending),
    }),
  }));
}

/** Where the admin area's list shows every application of one editor action at once. */
const EDITOR_LIST: Partial<Record<NextActionName, string>> = {
  "check-eligibility": "/admin/application?status[]=submit",
  "record-recommendation": "/admin/application?status[]=under-evaluation&evaluation_status=evaluated",
  "issue-grant": "/admin/application?status[]=under-evaluation&evaluation_status=evaluated",
  "decide-outcome": "/admin/application?status[]=under-evaluation&evaluation_status=evaluated",
  "set-reported": "/admin/application?status[]=reporting",
};

/** The admin area's work: the applications the editor moves on, by action, and the e-mails that failed. */
async function editorTodos(db: Db): Promise<TodoItem[]> {
  const [rows, failed] = await Promise.all([
    db
      .selectFrom("applications")
      .select(factColumns)
      .select(["applications.id", "applications.status", "applications.acronym", "applications.title"])
      // The statuses the editor moves on; the rule says which of them wait for the editor.
      .where("applications.status", "in", ["submit", "under-evaluation", "reporting"])
      .where("applications.deleted_at", "is", null)
      .orderBy("applications.id")
      .limit(TODO_MAX)
      .execute(),
    db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<string>().as("n")).where("state", "=", "failed").executeTakeFirstOrThrow(),
  ]);
  const today = todayIso();
  const groups = new Map<NextActionName, { next: NextAction; applications: { id: number; acronym: string | null; title: string | null }[] }>();
  for (const r of rows) {
    const next = nextAction({ view: "editor", id: r.id, status: applicationStatusOf(r.status), today, lifecycle: await factsOf(db, r) });
    if (next.action === "none") continue;
    const group = groups.get(next.action) ?? { next, applications: [] };
    group.applications.push({ id: r.id, acronym: r.acronym, title: r.title });
    groups.set(next.action, group);
  }
  const items: TodoItem[] = [...groups.values()].map(({ next, applications }) => ({
    view: "editor",
    // One application: straight to it; more: the admin list that shows them.
    ...(applications.length === 1
      ? { ...next, application: applications[0] }
      : { action: next.action, deadline: null, overdue: false, step: null, href: EDITOR_LIST[next.action] ?? "/admin/application", application: null }),
    count: applications.length,
  }));
  const failedCount = Number(failed.n);
  if (failedCount > 0) items.push({ view: "editor", action: "resend-mail", deadline: null, overdue: false, step: null, href: "/admin/mail?state=failed", application: null, count: failedCount });
  return items;
}

export interface TodoItem extends Omit<NextAction, "action"> {
  view: TodoView;
  action: TodoAction;
  /** The application it is about; null for a group of several (count) or the failed e-mails. */
  application: { id: number; acronym: string | null; title: string | null } | null;
  count: number;
}

/**
 * GET /api/dashboard/todo: what `user` has to do, in each of their roles,
 * the soonest deadline first. Each role reads its own rows only: the owner's
 * applications, the reviewer's assignments, the staff's infrastructures.
 */
export async function todoList(db: Db, user: Actor): Promise<TodoItem[]> {
  const parts: Promise<{ application: TodoItem["application"]; view: TodoView; next: NextAction }[]>[] = [ownerNextActions(db, user.id)];
  if (hasRole(user, "evaluator")) parts.push(myEvaluations(db, user).then((l) => l.data.map((e) => ({ application: { id: e.application_id, acronym: e.acronym, title: e.title }, view: "evaluator" as const, next: e.next }))));
  if (hasRole(user, "watchdog")) parts.push(toWatch(db, user).then((l) => l.data.map((w) => ({ application: { id: w.application_id, acronym: w.acronym, title: w.title }, view: "watchdog" as const, next: w.next }))));
  if (hasRole(user, "viewer")) parts.push(toView(db, user).then((l) => l.data.map((v) => ({ application: { id: v.application_id, acronym: v.acronym, title: v.title }, view: "viewer" as const, next: v.next }))));
  if (hasRole(user, ...INFRA_STAFF_ROLES)) parts.push(staffNextActions(db, user));
  const [rows, editor] = await Promise.all([Promise.all(parts), isAdminArea(user) ? editorTodos(db) : Promise.resolve([])]);
  const items: TodoItem[] = rows
    .flat()
    .filter((r) => r.next.action !== "none")
    .map((r) => ({ ...r.next, view: r.view, application: r.application, count: 1 }));
  return [...items, ...editor].sort((a, b) => byUrgency(a, b) || (a.application?.id ?? 0) - (b.application?.id ?? 0));
}

/** Up to 5 000 people's to-do lists per database; beyond, it starts again. */
const keptLists = keptUntilWriteBy<TodoItem[]>(5_000);

/**
 * todoList kept until the next write and for the day (app/cache/kept.server.ts),
 * as the staff panels are (ADR 030): the home page of every signed-in person
 * reads it, and between two writes on one day it cannot change. Keyed by what
 * it reads of the person: their id, roles and infrastructures.
 */
export function keptTodoList(db: Db, user: Actor): Promise<TodoItem[]> {
  const key = `${user.id}|${user.roles.join(",")}|${user.staffed?.join(",") ?? "?"}`;
  return keptLists(db, key, () => todoList(db, user), todayIso());
}

/** My applications' page with each row's next action (GET /api/applications/my). */
export async function withOwnerNext<T extends { id: number }, M>(db: Db, userId: number, page: { data: T[]; meta: M }) {
  const nexts = new Map((await ownerNextActions(db, userId, page.data.map((r) => r.id))).map((r) => [r.application.id, r.next]));
  return { ...page, data: page.data.map((r) => ({ ...r, next: nexts.get(r.id)! })) };
}

/** A page of the infrastructures' list with each row's next action for its reader (GET /api/applications/at-my-infrastructures). */
export async function withStaffNext<T extends { id: number }, R>(db: Db, user: Actor, page: { data: T[] } & R) {
  const nexts = new Map((await staffNextActions(db, user, page.data.map((r) => r.id))).map((r) => [r.application.id, r.next]));
  return { ...page, data: page.data.map((r) => ({ ...r, next: nexts.get(r.id)! })) };
}
