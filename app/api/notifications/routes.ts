import { OpenAPIHono } from "@hono/zod-openapi";
import {
  deleteNotification, deleteNotifications, listNotifications, markAllRead, markNotification,
} from "~/domain/notifications/notifications.server";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { sendEvaluationReminder } from "~/domain/notifications/reminders.server";
import { evaluationReminder, list, readAll, readed, remove, removeAll, unreaded } from "./contract";

// /notifications/read-all is registered before /notifications/{id}/….
export const notificationRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(list, async (c) => {
    const user = requireUser(c);
    return c.json(await listNotifications(c.get("deps").db, user.id, c.req.valid("query")), 200);
  })
  .openapi(removeAll, async (c) => {
    const user = requireUser(c);
    return c.json({ count: await deleteNotifications(c.get("deps").db, user.id, c.req.valid("query").filter) }, 200);
  })
  .openapi(readAll, async (c) => {
    const user = requireUser(c);
    return c.json({ count: await markAllRead(c.get("deps").db, user.id) }, 200);
  })
  .openapi(readed, async (c) => {
    const user = requireUser(c);
    await markNotification(c.get("deps").db, user.id, c.req.valid("param").id, true);
    return c.body(null, 204);
  })
  .openapi(unreaded, async (c) => {
    const user = requireUser(c);
    await markNotification(c.get("deps").db, user.id, c.req.valid("param").id, false);
    return c.body(null, 204);
  })
  .openapi(remove, async (c) => {
    const user = requireUser(c);
    await deleteNotification(c.get("deps").db, user.id, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(evaluationReminder, async (c) => c.json(await sendEvaluationReminder(c.get("deps").db, c.req.valid("param").id), 200));
