import type { Db } from "~/db/database.server";
import { notFound } from "../errors";
import { countTotal, offsetOf, pageMeta, type Paging } from "../list-query.server";
import { mailStateOf, type MailState } from "./states";

const COLUMNS = ["id", "to_addresses", "subject", "state", "attempts", "last_error", "next_attempt_at", "sent_at", "created_at"] as const;

/** GET /api/mail: the outbox, newest first, optionally one state (admin area). */
export async function listOutbox(db: Db, query: Paging & { state?: MailState }) {
  let q = db.selectFrom("mail_outbox");
  if (query.state) q = q.where("state", "=", query.state);
  const [data, total] = await Promise.all([
    q.select(COLUMNS).orderBy("id", "desc").limit(query.per_page).offset(offsetOf(query)).execute(),
    q.select(countTotal()).executeTakeFirstOrThrow(),
  ]);
  return { data: data.map((r) => ({ ...r, state: mailStateOf(r.state) })), meta: pageMeta(query, total.total) };
}

/** GET /api/mail/{id}: one mail with its bodies. */
export async function getOutboxMail(db: Db, id: number) {
  const row = await db.selectFrom("mail_outbox").select([...COLUMNS, "text_body", "html_body"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return { ...row, state: mailStateOf(row.state) };
}
