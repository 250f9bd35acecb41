import type { Db } from "~/db/database.server";
import { oneLine } from "../single-line";

export interface QueuedMail {
  to: string[];
  subject: string;
  text: string;
  html?: string | null;
  notificationId?: number | null;
}

/** The most recipients one mail carries (a user's address and their cc). */
const MAX_RECIPIENTS = 10;

/**
 * Writes e-mails to the outbox in the caller's transaction (docs/architecture.md#mail): they go
 * out only if the change that caused them commits, and the delivery job sends
 * them whenever it next runs, so a crash in between loses nothing.
 */
export async function queueMails(trx: Db, mails: QueuedMail[]): Promise<void> {
  const rows = mails
    // Headers on one line (docs/validation.md#single-line-texts): a name or subject with a line break cannot add a header.
    .map((m) => ({ ...m, to: [...new Set(m.to.map(oneLine).filter(Boolean))].slice(0, MAX_RECIPIENTS) }))
    .filter((m) => m.to.length > 0)
    .map((m) => ({
      to_addresses: m.to,
      subject: oneLine(m.subject).slice(0, 500),
      text_body: m.text,
      html_body: m.html ?? null,
      notification_id: m.notificationId ?? null,
    }));
  if (rows.length) await trx.insertInto("mail_outbox").values(rows).execute();
}
