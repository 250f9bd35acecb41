import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { notFound } from "../errors";
import { countTotal, offsetOf, pageMeta, type Paging } from "../list-query.server";
import { applicationLabel, notificationLink } from "./kinds";

export type ReadFilter = "read" | "unread" | undefined;

export interface NotificationQuery extends Paging {
  filter?: ReadFilter;
}

const mine = (db: Db, userId: number, filter: ReadFilter) => {
  let q = db.selectFrom("notifications").where("notifications.user_id", "=", userId);
  if (filter === "read") q = q.where("notifications.read_at", "is not", null);
  if (filter === "unread") q = q.where("notifications.read_at", "is", null);
  return q;
};

/** GET /api/notifications: the caller's own, newest first, each with its application's label and the link it leads to. */
export async function listNotifications(db: Db, userId: number, query: NotificationQuery) {
  const [rows, total, unread] = await Promise.all([
    mine(db, userId, query.filter)
      .leftJoin("applications", "applications.id", "notifications.application_id")
      .select(["notifications.id", "notifications.kind", "notifications.application_id", "notifications.params", "notifications.read_at", "notifications.created_at", "applications.acronym"])
      .orderBy("notifications.id", "desc")
      .limit(query.per_page)
      .offset(offsetOf(query))
      .execute(),
    mine(db, userId, query.filter).select(countTotal()).executeTakeFirstOrThrow(),
    unreadCount(db, userId),
  ]);
  const data = rows.map(({ acronym, ...n }) => ({
    ...n,
    application: applicationLabel(n.application_id, acronym),
    link: notificationLink(n.kind, n.application_id),
  }));
  return { data, meta: { ...pageMeta(query, total.total), unread } };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await mine(db, userId, "unread").select(countTotal()).executeTakeFirstOrThrow();
  return row.total;
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
  let q = db.deleteFrom("notifications").where("user_id", "=", userId);
  if (filter === "read") q = q.where("read_at", "is not", null);
  if (filter === "unread") q = q.where("read_at", "is", null);
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}
