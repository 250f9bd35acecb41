import PgBoss from "pg-boss";
import nodemailer from "nodemailer";
import type { Db } from "~/db/database.server";
import { todayIso } from "../days";
import { deliverDue, type DeliveryOptions, type MailTransport } from "./deliver.server";

export const MAIL_QUEUE = "mail-delivery";
export const REMINDER_QUEUE = "evaluation-reminders";

/**
 * A reminder the hourly job sends. The features own them; the caller
 * (server/start.ts) passes them in, so the queue knows no feature
 * (docs/decisions/035-layers.md).
 */
export interface ScheduledReminder {
  /** What the log says when some were sent. */
  logged: string;
  /** Sends what is due on `today` (a Brussels day) and answers what it sent. */
  send(db: Db, today: string): Promise<readonly unknown[]>;
}

export interface JobsOptions {
  db: Db;
  databaseUrl: string;
  /** Without one, mail stays queued in the outbox (admins read it at /admin/mail). */
  smtpUrl?: string;
  from?: string;
  /** Seconds between delivery runs (each a singleton job: one at a time across all instances). */
  deliveryEverySeconds?: number;
  delivery?: Partial<DeliveryOptions>;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
  /** Sent in this order, every hour. */
  reminders?: readonly ScheduledReminder[];
}

export interface Jobs {
  boss: PgBoss;
  stop(): Promise<void>;
}

/** Creates a queue; instances starting together can deadlock on pg-boss's tables, so it tries again. */
async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await boss.getQueue(queue.name))) await boss.createQueue(queue.name, queue);
      return;
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt + Math.random() * 200));
    }
  }
}

const DEFAULT_FROM = "Transnational Access Portal <no-reply@localhost>";

/**
 * The portal's jobs on pg-boss (its tables in the portal's database, schema
 * pgboss): mail delivery from the outbox, and the scheduled evaluation
 * reminders. Both queues are `singleton` (one job active at a time across every
 * instance), and what they send is guarded in the portal's own tables too
 * (outbox rows locked while sent, reminders recorded once per call and offset).
 */
export async function startJobs(opts: JobsOptions): Promise<Jobs> {
  const { db, log = () => {} } = opts;
  const boss = new PgBoss({ connectionString: opts.databaseUrl, max: 2, schema: "pgboss" });
  boss.on("error", (err) => log("job queue error", { err: err.message }));
  await boss.start();
  await ensureQueue(boss, { name: MAIL_QUEUE, policy: "singleton", retryLimit: 0 });
  await ensureQueue(boss, { name: REMINDER_QUEUE, policy: "singleton", retryLimit: 3, retryBackoff: true });

  // The reminders' day is Brussels' (ADR 006): hourly, so a missed hour (a restart) is caught up the same day.
  await boss.schedule(REMINDER_QUEUE, "5 * * * *", {}, { tz: "Europe/Brussels" });
  await boss.work(REMINDER_QUEUE, async () => {
    for (const reminder of opts.reminders ?? []) {
      const sent = await reminder.send(db, todayIso());
      if (sent.length) log(reminder.logged, { reminders: sent });
    }
  });

  let timer: NodeJS.Timeout | undefined;
  let transport: (MailTransport & { close(): void }) | undefined;
  if (opts.smtpUrl) {
    transport = nodemailer.createTransport(opts.smtpUrl);
    const t = transport;
    const from = opts.from ?? DEFAULT_FROM;
    await boss.work(MAIL_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
      const result = await deliverDue(db, t, { from, ...opts.delivery });
      if (result.sent || result.failed) log("mail delivered", result);
    });
    const every = opts.deliveryEverySeconds ?? 10;
    // Every instance asks; the singleton key lets one job per period through.
    const nudge = () => void boss.send(MAIL_QUEUE, {}, { singletonKey: MAIL_QUEUE, singletonSeconds: every }).catch((err: Error) => log("job queue error", { err: err.message }));
    nudge();
    timer = setInterval(nudge, every * 1000);
    timer.unref();
  } else {
    log("no SMTP_URL: mail stays in the outbox (/admin/mail)");
  }

  return {
    boss,
    async stop() {
      if (timer) clearInterval(timer);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      transport?.close();
    },
  };
}
