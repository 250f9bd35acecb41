import { sql, type SqlBool } from "kysely";
import type { Db } from "~/db/database.server";
import { notFound } from "../errors";
import { offsetOf, pageMeta, type Paging } from "../list-query.server";
import { applicationLabel, notificationLink } from "./kinds";

export type ReadFilter = "read" | "unread" | undefined;

export interface NotificationQuery extends Paging {
  filter?: ReadFilter;
}

/** The SQL condition of the read filter. */
function readFilter(filter: ReadFilter) {
  if (filter === "read") return sql<SqlBool>`notifications.read_at is not null`;
  if (filter === "unread") return sql<SqlBool>`notifications.read_at is null`;
  return sql<SqlBool>`true`;
}

const mine = (db: Db, userId: number, filter: ReadFilter) => db.selectFrom("notifications").where("notifications.user_id", "=", userId).where(readFilter(filter));

/**
 * GET /api/notifications: the caller's own, newest first, each with its
 * application's label and the link it leads to. One query: the counts (the
 * filter's total, every unread one) with the page's rows joined to them, so an
 * empty page still has its counts. Every signed-in home page reads it, and its
 * three queries were a tenth of that page's cost (docs/budgets.md#page-cost).
 */
export async function listNotifications(db: Db, userId: number, query: NotificationQuery) {
  const counts = db
    .selectFrom("notifications")
    .where("notifications.user_id", "=", userId)
    .select([
      sql<number>`(count(*) filter (where ${readFilter(query.filter)}))::int`.as("total"),
      sql<number>`(count(*) filter (where notifications.read_at is null))::int`.as("unread"),
    ]);
  const page = mine(db, userId, query.filter)
    .leftJoin("applications", "applications.id", "notifications.application_id")
    .select(["notifications.id", "notifications.kind", "notifications.application_id", "notifications.params", "notifications.read_at", "notifications.created_at", "applications.acronym"])
    .orderBy("notifications.id", "desc")
    .limit(query.per_page)
    .offset(offsetOf(query));
  const rows = await db
    .selectFrom(counts.as("c"))
    .leftJoinLateral(page.as("n"), (join) => join.onTrue())
    .selectAll("n")
    .select(["c.total", "c.unread"])
    .orderBy("n.id", "desc")
    .execute();
  const { total, unread } = rows[0];
  // The lateral join makes the page's columns nullable: a row without an id is the counts alone (an empty page).
  const data = rows.flatMap(({ id, kind, application_id, params, read_at, created_at, acronym }) =>
    id === null || kind === null || params === null || created_at === null
      ? []
      : [{ id, kind, application_id, params, read_at, created_at, application: applicationLabel(application_id, acronym), link: notificationLink(kind, application_id) }],
  );
  return { data, meta: { ...pageMeta(query, total), unread } };
}


/** PUT /{id}/readed and /{id}/unreaded: 404 for anyone else's notification. */
export async function markNotification(db: Db, userId: number, id: number, read: boolean): Promise<void> {
  const res = await db
    .updateTable("notifications")
    .set({ read_at: read ? sql<Date>`coalesce(read_at, date_trunc('milliseconds', now()))` : null })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (res.numUpdatedRows === 0n) throw notFound();
}

/** PUT /read-all; answers how many were unread. */
export async function markAllRead(db: Db, userId: number): Promise<number> {
  const res = await db
    .updateTable("notifications")
    .set({ read_at: sql<Date>`date_trunc('milliseconds', now())` })
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** DELETE /{id}: 404 for anyone else's notification. */
export async function deleteNotification(db: Db, userId: number, id: number): Promise<void> {
  const res = await db.deleteFrom("notifications").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  if (res.numDeletedRows === 0n) throw notFound();
}

/** DELETE /api/notifications: all the caller's own, or only the read or unread ones. */
export async function deleteNotifications(db: Db, userId: number, filter: ReadFilter): Promise<number> {
  const res = await db.deleteFrom("notifications").where("notifications.user_id", "=", userId).where(readFilter(filter)).executeTakeFirst();
  return Number(res.numDeletedRows);
}
