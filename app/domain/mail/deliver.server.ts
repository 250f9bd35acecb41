import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { oneLine } from "../single-line";

/** What delivery needs of nodemailer's transport (a fake in no test: tests use a real SMTP server). */
export interface MailTransport {
  sendMail(mail: { from: string; to: string[]; subject: string; text: string; html?: string }): Promise<unknown>;
}

export interface DeliveryOptions {
  from: string;
  /** Rows claimed per transaction. */
  batch?: number;
  /** Attempts before a mail is marked failed. */
  maxAttempts?: number;
  /** The wait before the next attempt after `attempts` failures, in ms. */
  backoffMs?: (attempts: number) => number;
}

export const MAX_ATTEMPTS = 8;

/** 1 min, 2, 4… capped at 6 h: a day of outage is covered by the eight attempts. */
export const exponentialBackoff = (attempts: number) => Math.min(60_000 * 2 ** (attempts - 1), 6 * 3600_000);

/**
 * Sends the outbox's due mails. Each batch is claimed with `for update skip
 * locked` and kept locked until its states are written, so two deliverers (two
 * portal instances, or two jobs) never send the same mail; a crash before the
 * commit leaves the rows queued for the next run. Answers how many were sent.
 */
export async function deliverDue(db: Db, transport: MailTransport, opts: DeliveryOptions): Promise<{ sent: number; failed: number }> {
  const { from, batch = 20, maxAttempts = MAX_ATTEMPTS, backoffMs = exponentialBackoff } = opts;
  let sent = 0;
  let failed = 0;
  for (;;) {
    const claimed = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom("mail_outbox")
        .select(["id", "to_addresses", "subject", "text_body", "html_body", "attempts"])
        .where("state", "=", "queued")
        .where("next_attempt_at", "<=", sql<Date>`now()`)
        .orderBy("next_attempt_at")
        .limit(batch)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const row of rows) {
        try {
          // Every header on one line again (docs/validation.md#single-line-texts), for rows queued before that rule and the configured From.
          const headers = { from: oneLine(from), to: row.to_addresses.map(oneLine), subject: oneLine(row.subject) };
          await transport.sendMail({ ...headers, text: row.text_body, ...(row.html_body ? { html: row.html_body } : {}) });
          await trx
            .updateTable("mail_outbox")
            .set({ state: "sent", attempts: row.attempts + 1, sent_at: sql<Date>`date_trunc('milliseconds', now())`, last_error: null })
            .where("id", "=", row.id)
            .execute();
          sent++;
        } catch (err) {
          const attempts = row.attempts + 1;
          const giveUp = attempts >= maxAttempts;
          await trx
            .updateTable("mail_outbox")
            .set({
              state: giveUp ? "failed" : "queued",
              attempts,
              last_error: (err instanceof Error ? err.message : String(err)).slice(0, 2000),
              next_attempt_at: sql<Date>`now() + make_interval(secs => ${backoffMs(attempts) / 1000})`,
            })
            .where("id", "=", row.id)
            .execute();
          if (giveUp) failed++;
        }
      }
      return rows.length;
    });
    if (claimed < batch) return { sent, failed };
  }
}
