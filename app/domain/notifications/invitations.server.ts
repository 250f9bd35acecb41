import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { i18nextFor } from "~/i18n/i18next.server";
import { TIME_ZONE } from "../dates";
import { FALLBACK_LANGUAGE } from "~/i18n/config";
import { getSettings } from "../settings/settings.server";
import { invalid } from "../write.server";
import { countTotal, likePattern, offsetOf, pageMeta, type Paging } from "../list-query.server";
import { queueMails } from "../mail/outbox.server";
import { notify, portalUrl } from "./notify.server";
import { REVIEWER_ROLES, type InviteInput } from "./invitation-form";
import { invitationStateOf } from "./invitation-states";

type Pending = { id: number; role: string; application_id: number | null };

/**
 * Gives a user what their pending invitations promise, in the caller's
 * transaction: the role, and the assignment when one names an application (not
 * as a viewer where they evaluate or watch, nor the reverse: that rule is the
 * assignment's, docs/roles.md#conflicts). Each invitation is accepted once.
 */
async function acceptPending(trx: Db, userId: number, pending: Pending[]): Promise<void> {
  for (const inv of pending) {
    const claimed = await trx
      .updateTable("invitations")
      .set({ accepted_by: userId, accepted_at: sql<Date>`date_trunc('milliseconds', now())` })
      .where("id", "=", inv.id)
      .where("accepted_at", "is", null)
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) continue;
    await trx
      .insertInto("user_roles")
      .columns(["user_id", "role_id"])
      .expression(trx.selectFrom("roles").select([sql.lit(userId).as("user_id"), "id"]).where("name", "=", inv.role))
      .onConflict((oc) => oc.doNothing())
      .execute();
    if (inv.application_id === null || !(REVIEWER_ROLES as readonly string[]).includes(inv.role)) continue;
    const clash = await trx
      .selectFrom("application_reviewers")
      .select("id")
      .where("application_id", "=", inv.application_id)
      .where("user_id", "=", userId)
      .where("role", inv.role === "viewer" ? "!=" : "=", "viewer")
      .executeTakeFirst();
    if (clash) continue;
    const added = await trx
      .insertInto("application_reviewers")
      .values({ application_id: inv.application_id, user_id: userId, role: inv.role as (typeof REVIEWER_ROLES)[number] })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (added) await notify(trx, { userIds: [userId], kind: `assigned-${inv.role}`, applicationId: inv.application_id, mail: true });
  }
}

const pendingFor = (db: Db, email: string) =>
  db.selectFrom("invitations").select(["id", "role", "application_id"]).where(sql`lower(email)`, "=", email.toLowerCase()).where("accepted_at", "is", null).orderBy("id").execute();

/** At sign-in (users.server.ts): one indexed query when nothing is pending. */
export async function acceptInvitations(db: Db, userId: number, email: string): Promise<void> {
  if ((await pendingFor(db, email)).length === 0) return;
  await db.transaction().execute(async (trx) => acceptPending(trx, userId, await pendingFor(trx, email)));
}

/**
 * POST /api/invite-evaluators: an invitation per address. Someone who already
 * has an account gets the role (and assignment) at once and a notification;
 * anyone else an e-mail with the invitation-mail setting's text.
 */
export async function inviteUsers(db: Db, invitedBy: number, input: InviteInput): Promise<{ invited: number; existing: number }> {
  const applicationId = input.application_id ?? null;
  if (applicationId !== null) {
    const app = await db.selectFrom("applications").select("id").where("id", "=", applicationId).where("deleted_at", "is", null).executeTakeFirst();
    if (!app) throw invalid({ application_id: ["validation.invalid"] });
  }
  const emails = [...new Set(input.emails.map((e) => e.toLowerCase()))];
  const settings = await getSettings(db);
  const t = i18nextFor(FALLBACK_LANGUAGE).t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .insertInto("invitations")
      .values(emails.map((email) => ({ email, role: input.role, application_id: applicationId, invited_by: invitedBy })))
      .returning(["id", "email", "role", "application_id"])
      .execute();
    const users = await trx.selectFrom("users").select(["id", "email"]).where(sql`lower(email)`, "in", emails).execute();
    const byEmail = new Map(users.map((u) => [u.email.toLowerCase(), u.id]));
    const newcomers: string[] = [];
    for (const row of rows) {
      const userId = byEmail.get(row.email);
      if (userId === undefined) newcomers.push(row.email);
      else {
        await acceptPending(trx, userId, [row]);
        // With an application, the assignment's own notification tells them.
        if (applicationId === null) await notify(trx, { userIds: [userId], kind: "invitation", params: { role: row.role }, mail: true });
      }
    }
    // A newcomer's language is not known: the English text, then the French one when it is written (ADR 052).
    const url = `${portalUrl()}/auth/login`;
    const fr = i18nextFor("fr").getFixedT("fr");
    const french = settings["invitation-mail-fr"]?.trim() ? ["", "—", "", settings["invitation-mail-fr"], "", fr("notifications.mail.open", { url })] : [];
    const text = [settings["invitation-mail"] || t("notifications.kinds.invitation"), "", t("notifications.mail.open", { url }), ...french].join("\n");
    await queueMails(trx, newcomers.map((email) => ({ to: [email], subject: t("notifications.subject.invitation"), text })));
    return { invited: rows.length, existing: rows.length - newcomers.length };
  });
}

export interface InvitationFilter {
  q?: string;
  /** Sent on or after, on or before these Brussels days (yyyy-MM-dd). */
  date_from?: string;
  date_to?: string;
}

function matchingInvitations(db: Db, f: InvitationFilter) {
  let q = db.selectFrom("invitations as i");
  if (f.q) q = q.where("i.email", "ilike", likePattern(f.q));
  if (f.date_from) q = q.where("i.created_at", ">=", sql<Date>`(${f.date_from}::date)::timestamp at time zone ${TIME_ZONE}`);
  if (f.date_to) q = q.where("i.created_at", "<", sql<Date>`(${f.date_to}::date + 1)::timestamp at time zone ${TIME_ZONE}`);
  return q;
}

/** The matching invitations, newest first, with who sent them and the application they name. */
export const invitationRows = (db: Db, f: InvitationFilter) =>
  matchingInvitations(db, f)
    .leftJoin("users as by", "by.id", "i.invited_by")
    .leftJoin("applications as a", "a.id", "i.application_id")
    .select(["i.id", "i.email", "i.role", "i.application_id", "a.acronym", "i.created_at", "i.accepted_at", "by.display_name as invited_by"])
    .orderBy("i.id", "desc");

/** GET /api/invitations/report: a page of the invitations, newest first, with their state; q searches the address, the days the sending. */
export async function invitationReport(db: Db, query: Paging & InvitationFilter) {
  const [data, total] = await Promise.all([
    invitationRows(db, query).limit(query.per_page).offset(offsetOf(query)).execute(),
    matchingInvitations(db, query).select(countTotal()).executeTakeFirstOrThrow(),
  ]);
  return { data: data.map((r) => ({ ...r, state: invitationStateOf(r.accepted_at) })), meta: pageMeta(query, total.total) };
}
