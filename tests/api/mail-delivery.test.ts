// E-mail delivery (docs/architecture.md#mail) against a real SMTP server on 127.0.0.1, the
// job queue with two instances on one database, and the evaluation reminders
// (docs/lifecycle.md#evaluation-reminders): by hand from the API, and on their own once per call and offset.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import type { SMTPServer } from "smtp-server";
import { smtpSink } from "../support/smtp-sink";
import type { AddressInfo } from "node:net";
import { createDb } from "~/db/database.server";
import { notify } from "~/domain/notifications/notify.server";
import { deliverDue } from "~/domain/mail/deliver.server";
import { queueMails } from "~/domain/mail/outbox.server";
import { startJobs } from "~/domain/mail/jobs.server";
import { sendScheduledReminders } from "~/domain/notifications/reminders.server";
import { todayIso } from "~/domain/days";
import * as notifications from "~/api/notifications/contract";
import * as mail from "~/api/mail/contract";
import { createTestApi, type TestApi } from "../support/api";
import { submittedApplication } from "./application-helpers";

interface Received {
  to: string[];
  raw: string;
}

let api: TestApi;
let smtp: SMTPServer;
let smtpUrl: string;
const received: Received[] = [];
/** How many of the next messages the server refuses with a temporary error. */
let refuseNext = 0;

beforeAll(async () => {
  api = await createTestApi();
  smtp = smtpSink(
    (mail) => received.push({ to: mail.to, raw: mail.raw }),
    () => refuseNext > 0 && refuseNext-- > 0,
  );
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await api.close();
});

const userId = async (sub: string) => (await api.db.selectFrom("users").select("id").where("sub", "=", `demo-${sub}`).executeTakeFirstOrThrow()).id;
const FROM = "Portal <portal@test.invalid>";
/** Queued mails still due, so that each test starts from an empty outbox. */
const clearOutbox = () => api.db.updateTable("mail_outbox").set({ state: "sent" }).where("state", "=", "queued").execute();

describe("delivery", () => {
  it("delivers a notification's e-mail to the SMTP server and marks it sent", async () => {
    await clearOutbox();
    received.length = 0;
    const viewer = await userId("viewer");
    await api.db.transaction().execute((trx) => notify(trx, { userIds: [viewer], kind: "assigned-viewer", mail: true }));
    const transport = nodemailer.createTransport(smtpUrl);
    expect(await deliverDue(api.db, transport, { from: FROM })).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(["viewer@demo.ta-portal.test"]);
    expect(received[0].raw).toContain("Subject: Read access granted:");
    const row = await api.db.selectFrom("mail_outbox").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: "sent", attempts: 1, last_error: null });
    expect(row.sent_at).not.toBeNull();
    transport.close();
  });

  it("retries a mail the server refused, later (backoff), then delivers it; gives up after the last attempt", async () => {
    await clearOutbox();
    received.length = 0;
    const viewer = await userId("viewer");
    await api.db.transaction().execute((trx) => notify(trx, { userIds: [viewer], kind: "invitation", mail: true }));
    const transport = nodemailer.createTransport(smtpUrl);
    refuseNext = 1;
    expect(await deliverDue(api.db, transport, { from: FROM })).toEqual({ sent: 0, failed: 0 });
    const refused = await api.db.selectFrom("mail_outbox").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(refused).toMatchObject({ state: "queued", attempts: 1, last_error: expect.stringContaining("Try again later") });
    // The first retry waits a minute: not due yet.
    expect(refused.next_attempt_at.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(await deliverDue(api.db, transport, { from: FROM })).toEqual({ sent: 0, failed: 0 });
    await api.db.updateTable("mail_outbox").set({ next_attempt_at: new Date(Date.now() - 1000) }).where("id", "=", refused.id).execute();
    expect(await deliverDue(api.db, transport, { from: FROM })).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    expect(await api.db.selectFrom("mail_outbox").select(["state", "attempts"]).where("id", "=", refused.id).executeTakeFirstOrThrow()).toEqual({ state: "sent", attempts: 2 });

    await api.db.transaction().execute((trx) => notify(trx, { userIds: [viewer], kind: "invitation", mail: true }));
    refuseNext = 3;
    const hurried = { from: FROM, maxAttempts: 3, backoffMs: () => 0 };
    expect(await deliverDue(api.db, transport, hurried)).toEqual({ sent: 0, failed: 0 });
    expect(await deliverDue(api.db, transport, hurried)).toEqual({ sent: 0, failed: 0 });
    expect(await deliverDue(api.db, transport, hurried)).toEqual({ sent: 0, failed: 1 });
    expect(await api.db.selectFrom("mail_outbox").select(["state", "attempts"]).orderBy("id", "desc").executeTakeFirstOrThrow()).toEqual({ state: "failed", attempts: 3 });
    transport.close();
  });

  it("two portal instances deliver every mail exactly once, through their job queues or side by side", async () => {
    await clearOutbox();
    received.length = 0;
    const ids = await Promise.all(["viewer", "evaluator", "watchdog", "applicant2"].map(userId));
    const queueMails = () =>
      api.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 5; i++) await notify(trx, { userIds: ids, kind: "invitation", mail: true });
      });
    await queueMails();
    const second = createDb(api.url, 4);
    const a = await startJobs({ db: api.db, databaseUrl: api.url, smtpUrl, from: FROM, deliveryEverySeconds: 1 });
    const b = await startJobs({ db: second, databaseUrl: api.url, smtpUrl, from: FROM, deliveryEverySeconds: 1 });
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(20);
    await new Promise((r) => setTimeout(r, 1500));
    await Promise.all([a.stop(), b.stop()]);
    expect(received).toHaveLength(20);

    // Outside the queue, two deliverers at once: the row locks keep each mail to one of them.
    await queueMails();
    await Promise.all([
      deliverDue(api.db, nodemailer.createTransport(smtpUrl), { from: FROM, batch: 3 }),
      deliverDue(second, nodemailer.createTransport(smtpUrl), { from: FROM, batch: 3 }),
    ]);
    await second.destroy();
    expect(received).toHaveLength(40);
    expect(await api.db.selectFrom("mail_outbox").select("id").where("state", "=", "queued").execute()).toEqual([]);
  }, 40_000);
});

describe("mail headers (docs/validation.md#single-line-texts)", () => {
  const INJECTED = "Granted: X\r\nBcc: evil@example.org\tY\u0007\u001b[0m\u2028Z";
  const headerLines = (raw: string) => raw.slice(0, raw.indexOf("\r\n\r\n")).split("\r\n");

  it("queues a subject and addresses with no control character: line breaks, tabs and the rest become one space", async () => {
    await clearOutbox();
    await api.db.transaction().execute((trx) => queueMails(trx, [{ to: ["viewer@demo.ta-portal.test\r\nBcc: evil@example.org"], subject: INJECTED, text: "Line one\nLine two" }]));
    const row = await api.db.selectFrom("mail_outbox").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row.subject).toBe("Granted: X Bcc: evil@example.org Y [0m Z");
    expect(row.to_addresses).toEqual(["viewer@demo.ta-portal.test Bcc: evil@example.org"]);
    expect(row.text_body).toBe("Line one\nLine two");
  });

  it("sends a subject and a From queued or configured with line breaks on one line, so no header is added", async () => {
    await clearOutbox();
    received.length = 0;
    await api.db.insertInto("mail_outbox").values({ to_addresses: ["viewer@demo.ta-portal.test"], subject: INJECTED, text_body: "Body", html_body: null, notification_id: null }).execute();
    const transport = nodemailer.createTransport(smtpUrl);
    expect(await deliverDue(api.db, transport, { from: "Portal\r\nBcc: evil@example.org <portal@test.invalid>" })).toEqual({ sent: 1, failed: 0 });
    transport.close();
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(["viewer@demo.ta-portal.test"]);
    const lines = headerLines(received[0].raw.replace(/\r\n[ \t]+/g, " "));
    expect(lines.filter((l) => /^bcc:/i.test(l))).toEqual([]);
    expect(lines.find((l) => l.startsWith("Subject:"))).toBe("Subject: Granted: X Bcc: evil@example.org Y [0m Z");
    expect(received[0].raw).not.toMatch(/[\u0007\u001b\u2028]/);
  });
});

describe("evaluation reminders", () => {
  async function openEvaluation() {
    const app = await submittedApplication(api, "applicant");
    await api.db.updateTable("applications").set({ status: "under-evaluation" }).where("id", "=", app.id).execute();
    const evaluator = await userId("evaluator");
    await api.db.insertInto("application_reviewers").values({ application_id: app.id, user_id: evaluator, role: "evaluator" }).execute();
    // A submitted evaluation and a viewer are not reminded.
    await api.db.insertInto("application_reviewers").values({ application_id: app.id, user_id: await userId("watchdog"), role: "evaluator", state: "submitted", submitted_at: new Date() }).execute();
    await api.db.insertInto("application_reviewers").values({ application_id: app.id, user_id: await userId("viewer"), role: "viewer" }).execute();
    const call = await api.db.selectFrom("calls").select(["id", "title"]).where("id", "=", app.call.id).executeTakeFirstOrThrow();
    return { app, evaluator, call };
  }

  it("PUT /api/calls/{id}/evaluation-reminder e-mails each evaluator with an open evaluation, and only them", async () => {
    const { evaluator, call } = await openEvaluation();
    await clearOutbox();
    const res = await api.op(notifications.evaluationReminder, { as: "editor", param: { id: call.id } });
    expect(res.status).toBe(200);
    const notes = await api.db.selectFrom("notifications").selectAll().where("kind", "=", "evaluation-reminder").execute();
    expect(notes).toContainEqual(expect.objectContaining({ user_id: evaluator, params: expect.objectContaining({ call: call.title }) }));
    const queued = await api.db.selectFrom("mail_outbox").selectAll().where("state", "=", "queued").execute();
    const to = queued.flatMap((m) => m.to_addresses);
    // The demo's other open evaluations of the call (if any) are reminded too; the submitted one and the viewer are not.
    expect(to).toContain("evaluator@demo.ta-portal.test");
    expect(to).not.toContain("watchdog@demo.ta-portal.test");
    expect(to).not.toContain("viewer@demo.ta-portal.test");
    expect(res.data.evaluators).toBe(to.length);
    expect(queued[0].text_body).toContain(`Reminder: your evaluations for the call ${call.title} are due by`);
    expect((await api.op(notifications.evaluationReminder, { as: "evaluator", param: { id: call.id } })).status).toBe(403);
    expect((await api.op(notifications.evaluationReminder, { as: "admin", param: { id: 2_000_000 } })).status).toBe(404);
  });

  it("go out on their own 7 and 1 days before the evaluation date, once per call and offset even when two instances run at once", async () => {
    const { call } = await openEvaluation();
    await clearOutbox();
    const today = todayIso();
    const inDays = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    await api.db.updateTable("calls").set({ evaluation_date: inDays(7) }).where("id", "=", call.id).execute();
    const second = createDb(api.url, 2);
    const runs = await Promise.all([sendScheduledReminders(api.db, today), sendScheduledReminders(second, today), sendScheduledReminders(api.db, today)]);
    expect(runs.flat()).toEqual([{ call_id: call.id, days_before: 7, evaluators: expect.any(Number) }]);
    expect(await sendScheduledReminders(api.db, today)).toEqual([]);
    // Six days later: the one-day reminder, once.
    expect(await Promise.all([sendScheduledReminders(api.db, inDays(6)), sendScheduledReminders(second, inDays(6))]).then((r) => r.flat())).toEqual([
      { call_id: call.id, days_before: 1, evaluators: runs.flat()[0].evaluators },
    ]);
    await second.destroy();
    expect(await api.db.selectFrom("mail_outbox").select("id").where("state", "=", "queued").execute()).toHaveLength(2 * runs.flat()[0].evaluators);
  });
});

describe("GET /api/mail", () => {
  it("lists the outbox for the admin area, with each mail's body", async () => {
    const page = await api.op(mail.list, { as: "editor", query: { state: "failed" } });
    expect(page.status).toBe(200);
    expect(page.data.data.every((m) => m.state === "failed")).toBe(true);
    const one = await api.op(mail.one, { as: "admin", param: { id: page.data.data[0].id } });
    expect(one.data.text_body).toContain("You were invited to the portal.");
    expect((await api.op(mail.list, { as: "applicant", query: {} })).status).toBe(403);
  });
});
