// A person's deadlines, for their calendar feed and the "Add to calendar"
// files (docs/decisions/050-calendar-feed.md): the items of their to-do list
// that have a deadline (todo-read.server.ts, ADR 043), so the calendar, the
// home page and the lists never disagree on what is due when.
import type { Db } from "~/db/database.server";
import type { Actor } from "../users/roles";
import { TODO_VIEWS, type TodoAction, type TodoView } from "../todo/next-action";
import { todoList } from "../todo/todo-read.server";

/** The most events a feed holds, the soonest first (far above any real workload; the to-do readers are bounded too). */
export const FEED_EVENTS_MAX = 500;

export interface Deadline {
  /** What names it among the person's deadlines: the role it is done in and the application (`owner-12`). */
  key: string;
  view: TodoView;
  action: TodoAction;
  /** The day it is due by, Brussels (yyyy-MM-dd). */
  deadline: string;
  overdue: boolean;
  href: string;
  step: number | null;
  application: { id: number; acronym: string | null; title: string | null };
}

export const deadlineKey = (view: TodoView, applicationId: number) => `${view}-${applicationId}`;

const KEY = new RegExp(`^(${TODO_VIEWS.join("|")})-([1-9]\\d{0,9})$`);

/** The view and application a key names, or null when it is not one. */
export function parseDeadlineKey(key: string): { view: TodoView; applicationId: number } | null {
  const m = KEY.exec(key);
  return m ? { view: m[1] as TodoView, applicationId: Number(m[2]) } : null;
}

/** The person's dated to-do items, the soonest first (the to-do list's order). */
export async function deadlinesOf(db: Db, user: Actor): Promise<Deadline[]> {
  const out: Deadline[] = [];
  for (const item of await todoList(db, user)) {
    if (item.deadline === null || item.application === null) continue;
    out.push({
      key: deadlineKey(item.view, item.application.id),
      view: item.view, action: item.action, deadline: item.deadline, overdue: item.overdue, href: item.href, step: item.step,
      application: item.application,
    });
    if (out.length === FEED_EVENTS_MAX) break;
  }
  return out;
}

/** One of the person's deadlines by its key; null when it is not theirs or has none (the answer is then 404 whoever asks). */
export async function deadlineOf(db: Db, user: Actor, key: string): Promise<Deadline | null> {
  if (!parseDeadlineKey(key)) return null;
  return (await deadlinesOf(db, user)).find((d) => d.key === key) ?? null;
}
