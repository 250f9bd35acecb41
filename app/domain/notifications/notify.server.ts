import type { Db } from "~/db/database.server";
import { i18nextFor } from "~/i18n/i18next.server";
import { FALLBACK_LANGUAGE } from "~/i18n/config";
import type { Role } from "../users/roles";
import { queueMails, type QueuedMail } from "../mail/outbox.server";
import { applicationLabel, notificationLink, notificationValues, type NotificationParams } from "./kinds";

export interface NotifyInput {
  userIds: number[];
  kind: string;
  applicationId?: number | null;
  params?: NotificationParams;
  /** Also e-mail each recipient (the outbox row is written in the same transaction). */
  mail?: boolean;
}

/** The most recipients of one notification: a role's whole membership stays far below it. */
const MAX_RECIPIENTS = 10_000;

export const portalUrl = () => (process.env.PORTAL_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");

interface MailText {
  subject: string;
  text: string;
}

/**
 * A notification's e-mail, in English: users have no stored language yet, and
 * the portal's fallback language is the one every recipient was written to so far.
 */
export function mailText(kind: string, params: NotificationParams, application: string | null, name: string | null, link: string | null): MailText {
  const t = i18nextFor(FALLBACK_LANGUAGE).t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const values = notificationValues(t, params, application);
  const lines = [t("notifications.mail.greeting", { name: name ?? "" }).replace(/ ,/, ","), "", t(`notifications.kinds.${kind}`, values)];
  if (params.notes) lines.push("", t("notifications.mail.notes", { notes: String(params.notes) }));
  const base = portalUrl();
  if (link) lines.push("", t("notifications.mail.open", { url: `${base}${link}` }));
  lines.push("", "--", t("notifications.mail.footer", { url: `${base}/notifications` }));
  return { subject: t(`notifications.subject.${kind}`, values), text: lines.join("\n") };
}

/**
 * Tells users about a change, in the caller's transaction (docs/architecture.md#mail): one
 * notification row each and, with `mail`, one outbox e-mail each, so both
 * exist exactly when the change commits.
 */
export async function notify(trx: Db, { userIds, kind, applicationId = null, params = {}, mail = false }: NotifyInput): Promise<void> {
  const ids = [...new Set(userIds)].filter((id) => Number.isInteger(id) && id > 0).slice(0, MAX_RECIPIENTS);
  if (ids.length === 0) return;
  const rows = await trx
    .insertInto("notifications")
    .values(ids.map((user_id) => ({ user_id, kind, application_id: applicationId, params: JSON.stringify(params) })))
    .returning(["id", "user_id"])
    .execute();
  if (!mail) return;
  const [users, application] = await Promise.all([
    trx.selectFrom("users").select(["id", "email", "email_cc", "display_name", "name"]).where("id", "in", ids).execute(),
    applicationId === null
      ? Promise.resolve(undefined)
      : trx.selectFrom("applications").select(["id", "acronym"]).where("id", "=", applicationId).executeTakeFirst(),
  ]);
  const byId = new Map(users.map((u) => [u.id, u]));
  const label = application ? applicationLabel(application.id, application.acronym) : null;
  const link = notificationLink(kind, applicationId);
  const mails: QueuedMail[] = [];
  for (const row of rows) {
    const user = byId.get(row.user_id);
    if (!user) continue;
    const { subject, text } = mailText(kind, params, label, user.display_name ?? user.name, link);
    mails.push({ to: [user.email, ...(user.email_cc ? [user.email_cc] : [])], subject, text, notificationId: row.id });
  }
  await queueMails(trx, mails);
}

/** `notify` for every active user holding `role` (e.g. editors on a submission, docs/lifecycle.md#notifications). */
export async function notifyRole(trx: Db, role: Role, input: Omit<NotifyInput, "userIds">): Promise<void> {
  const users = await trx
    .selectFrom("user_roles")
    .innerJoin("roles", "roles.id", "user_roles.role_id")
    .innerJoin("users", "users.id", "user_roles.user_id")
    .select("users.id")
    .where("roles.name", "=", role)
    .where("users.status", "=", "active")
    .execute();
  await notify(trx, { ...input, userIds: users.map((u) => u.id) });
}
