// Who hears of what: for every kind of notification the portal sends, the
// exact people told in the portal and the exact people e-mailed, by demo user,
// each driven through the API as the screens drive it (the two reminders the
// job queue sends on its own through their job function). What a change
// writes is read from the rows it added to notifications and mail_outbox
// (docs/decisions/022-mail-outbox-and-jobs.md).
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as acceptance from "~/api/acceptance/contract";
import * as intake from "~/api/intake/contract";
import * as invitations from "~/api/invitations/contract";
import * as notifications from "~/api/notifications/contract";
import * as reporting from "~/api/reporting/contract";
import * as reminders from "~/api/reporting/reminders-contract";
import * as ri from "~/api/ri-decisions/contract";
import { dayPlus, todayIso } from "~/domain/days";
import { sendSmReminders } from "~/domain/ri-decisions/sm-reminder.server";
import { createTestApi, type TestApi } from "../support/api";
import { grantedApplication } from "./acceptance-helpers";
import { callId, OPEN_CALL, submittedApplication } from "./application-helpers";
import { acceptedApplication, endAccesses, fillReport, reportingApplication, submittedReport, uploadedPdf } from "./reporting-helpers";
import { applicationAt, infrastructureId, setSetting } from "./ri-decisions-helpers";
import { userId } from "./review-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

// The demo's people, by the role they hold (app/db/seeds/demo-users.ts,
// demo-infrastructures.ts): the applications made here request ARS-NYA,
// run by the manager and administered by the administrator.
const APPLICANT = "applicant";
const EDITORS = ["editor"];
const STAFF = ["infrastructure-administrator", "infrastructure-manager"];
const NEWCOMER = "new.person@example.org";

/** Per kind: who is told in the portal, who is e-mailed (demo usernames, or the address of someone without an account). */
type Told = Record<string, { app: string[]; mail: string[] }>;

interface Case {
  name: string;
  /** Makes what the change needs; answers the change itself, whose notifications are compared. */
  arrange: () => Promise<() => Promise<unknown>>;
  told: Told;
}

const versionOf = async (id: number) => new Date((await api.db.selectFrom("applications").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow()).updated_at).toISOString();
const intakeView = async (id: number) => (await api.op(intake.intake, { as: "editor", param: { id } })).data;
const expectOk = (res: { status: number; data: unknown }) => {
  if (res.status !== 200 && res.status !== 201) throw new Error(`answered ${res.status}: ${JSON.stringify(res.data)}`);
  return res;
};
const changeStatus = async (id: number, status: string, notes?: string) =>
  expectOk(await api.op(intake.changeStatus, { as: "editor", param: { id }, json: { status: status as "draft", notes, updated_at: (await intakeView(id)).updated_at } }));
const allEligible = async (id: number) => {
  const v = await intakeView(id);
  expectOk(await api.op(intake.eligibility, { as: "editor", param: { id }, json: { accesses: v.infrastructures.flatMap((i) => i.accesses.map((a) => ({ id: a.id, eligible: true }))), updated_at: v.updated_at } }));
};
/** A submitted application put under evaluation by the editor, as the intake screen does. */
const underEvaluation = async () => {
  const app = await submittedApplication(api, APPLICANT);
  await allEligible(app.id);
  await changeStatus(app.id, "under-evaluation");
  return app;
};
const aiVersion = async (aiId: number) => new Date((await api.db.selectFrom("application_infrastructures").select("updated_at").where("id", "=", aiId).executeTakeFirstOrThrow()).updated_at).toISOString();
const decision = { sm_accepted: true, sm_units: 3, sm_participants: 2, sm_budget: "1250,50", sm_justification: "We can host them in June." };
const reportVersion = async (id: number) => (await api.op(reporting.reported, { as: "editor", param: { id } })).data.updated_at;
const callOf = async (id: number) => (await api.db.selectFrom("applications").select("call_id").where("id", "=", id).executeTakeFirstOrThrow()).call_id;
/** Runs `body` with a setting, then puts its default back. */
const withSetting = (key: string, value: string, fallback: string, body: () => Promise<unknown>) => async () => {
  await setSetting(api, key, value);
  try {
    return await body();
  } finally {
    await setSetting(api, key, fallback);
  }
};

const CASES: Case[] = [
  {
    name: "a submission (staff see applications from under-evaluation)",
    arrange: async () => () => submittedApplication(api, APPLICANT),
    told: { "status-changed": { app: [APPLICANT], mail: [APPLICANT] }, "application-submitted": { app: EDITORS, mail: EDITORS } },
  },
  {
    name: "a submission when staff see applications from submission",
    arrange: async () => withSetting("show-application-submit-ri-staff", "yes", "no", () => submittedApplication(api, APPLICANT)),
    told: { "status-changed": { app: [APPLICANT], mail: [APPLICANT] }, "application-submitted": { app: EDITORS, mail: EDITORS }, "application-at-my-ri": { app: STAFF, mail: STAFF } },
  },
  {
    name: "the editor puts an application under evaluation",
    arrange: async () => {
      const app = await submittedApplication(api, APPLICANT);
      await allEligible(app.id);
      return () => changeStatus(app.id, "under-evaluation");
    },
    told: { "status-changed": { app: [APPLICANT], mail: [APPLICANT] }, "application-at-my-ri": { app: STAFF, mail: STAFF } },
  },
  {
    name: "the editor cancels a submitted application",
    arrange: async () => {
      const app = await submittedApplication(api, APPLICANT);
      return () => changeStatus(app.id, "canceled", "A duplicate");
    },
    told: { "status-changed": { app: [APPLICANT], mail: [APPLICANT] } },
  },
  {
    name: "the editor assigns an evaluator, a watchdog and a viewer",
    arrange: async () => {
      const app = await underEvaluation();
      const [evaluators, watchdogs, viewers] = [[await userId(api, "evaluator")], [await userId(api, "watchdog")], [await userId(api, "viewer")]];
      return async () => expectOk(await api.op(intake.saveWd, { as: "editor", param: { id: app.id }, json: { evaluators, watchdogs, viewers, updated_at: (await intakeView(app.id)).updated_at } }));
    },
    told: {
      "assigned-evaluator": { app: ["evaluator"], mail: ["evaluator"] },
      "assigned-watchdog": { app: ["watchdog"], mail: ["watchdog"] },
      "assigned-viewer": { app: ["viewer"], mail: ["viewer"] },
    },
  },
  {
    name: "the editor invites someone with an account, and someone without",
    arrange: async () => async () =>
      expectOk(await api.op(invitations.invite, { as: "editor", json: { emails: ["applicant2@demo.ta-portal.test", NEWCOMER], role: "watchdog" } })),
    // The newcomer has no account to be told in: an e-mail only.
    told: { invitation: { app: ["applicant2"], mail: ["applicant2", NEWCOMER] } },
  },
  {
    name: "the editor invites an evaluator with an account onto an application",
    arrange: async () => {
      const app = await underEvaluation();
      return async () => expectOk(await api.op(invitations.invite, { as: "editor", json: { emails: ["evaluator2@demo.ta-portal.test"], role: "evaluator", application_id: app.id } }));
    },
    told: { "assigned-evaluator": { app: ["evaluator2"], mail: ["evaluator2"] } },
  },
  {
    name: "the editor reminds the call's evaluators",
    arrange: async () => {
      const app = await underEvaluation();
      await api.db.insertInto("application_reviewers").values({ application_id: app.id, user_id: await userId(api, "evaluator2"), role: "evaluator" }).execute();
      const call = await callOf(app.id);
      return async () => expectOk(await api.op(notifications.evaluationReminder, { as: "editor", param: { id: call } }));
    },
    // Every evaluator with an evaluation still open in the call: the demo's and this file's.
    told: { "evaluation-reminder": { app: ["evaluator", "evaluator2"], mail: ["evaluator", "evaluator2"] } },
  },
  {
    name: "the infrastructures' reminder (the job's)",
    arrange: async () => {
      await applicationAt(api);
      const call = await callId(api, OPEN_CALL);
      const today = todayIso();
      await api.db.updateTable("calls").set({ sm_reminder_date: today, evaluation_manager_date: sql<string>`greatest(evaluation_manager_date, ${today}::date)` }).where("id", "=", call).execute();
      await api.db.deleteFrom("sm_reminders_sent").execute();
      return async () => {
        const sent = await sendSmReminders(api.db, today);
        expect(sent.map((s) => s.call_id)).toContain(call);
      };
    },
    told: { "sm-reminder": { app: STAFF, mail: STAFF } },
  },
  {
    name: "the last infrastructure decides",
    arrange: async () => {
      const c = await applicationAt(api);
      const ai = c.ai["ARS-NYA"];
      return async () => expectOk(await api.op(ri.decide, { as: "infrastructure-manager", param: { id: c.id }, json: { application_infrastructure_id: ai, updated_at: await aiVersion(ai), ...decision } }));
    },
    told: { "sm-decisions-complete": { app: EDITORS, mail: [] } },
  },
  {
    name: "the editor reopens an infrastructure's decision",
    arrange: async () => {
      const c = await applicationAt(api);
      const ai = c.ai["ARS-NYA"];
      expectOk(await api.op(ri.decide, { as: "infrastructure-manager", param: { id: c.id }, json: { application_infrastructure_id: ai, updated_at: await aiVersion(ai), ...decision } }));
      return async () => expectOk(await api.op(ri.reopen, { as: "editor", param: { id: c.id }, json: { application_infrastructure_id: ai, updated_at: await aiVersion(ai) } }));
    },
    told: { "sm-decision-reopened": { app: STAFF, mail: STAFF } },
  },
  {
    name: "the applicant accepts the grant",
    arrange: async () => {
      const app = await grantedApplication(api, APPLICANT);
      return async () => expectOk(await api.op(acceptance.accept, { as: APPLICANT, param: { id: app.id }, json: { updated_at: await versionOf(app.id) } }));
    },
    told: { "status-changed": { app: [APPLICANT, ...EDITORS], mail: [APPLICANT, ...EDITORS] } },
  },
  {
    name: "the applicant withdraws a granted application",
    arrange: async () => {
      const app = await grantedApplication(api, APPLICANT);
      return async () => expectOk(await api.op(acceptance.withdraw, { as: APPLICANT, param: { id: app.id }, json: { notes: "Our dates moved.", updated_at: await versionOf(app.id) } }));
    },
    told: { "status-changed": { app: [APPLICANT, ...EDITORS], mail: [APPLICANT, ...EDITORS] }, "grant-withdrawn": { app: STAFF, mail: STAFF } },
  },
  {
    name: "the applicant withdraws an accepted application",
    arrange: async () => {
      const app = await acceptedApplication(api, APPLICANT);
      return async () => expectOk(await api.op(acceptance.withdraw, { as: APPLICANT, param: { id: app.id }, json: { updated_at: await versionOf(app.id) } }));
    },
    told: { "status-changed": { app: [APPLICANT, ...EDITORS], mail: [APPLICANT, ...EDITORS] }, "grant-withdrawn": { app: STAFF, mail: STAFF } },
  },
  {
    name: "the applicant withdraws a grant one of its two infrastructures did not accept",
    arrange: async () => {
      const app = await grantedApplication(api, APPLICANT);
      // MMO, with a staff member of its own (evaluator2 administers it here), requested but refused.
      const mmo = await infrastructureId(api, "MMO");
      await api.db.insertInto("infrastructure_administrators").values({ infrastructure_id: mmo, user_id: await userId(api, "evaluator2") }).onConflict((oc) => oc.doNothing()).execute();
      await api.db
        .insertInto("application_infrastructures")
        .values({ application_id: app.id, infrastructure_id: mmo, position: 1, draft_key: "refused", has_eligible_accesses: true, sm_accepted: false, sm_decided_at: new Date() })
        .execute();
      return async () => expectOk(await api.op(acceptance.withdraw, { as: APPLICANT, param: { id: app.id }, json: { updated_at: await versionOf(app.id) } }));
    },
    // Only the staff of the infrastructure that kept room for it.
    told: { "status-changed": { app: [APPLICANT, ...EDITORS], mail: [APPLICANT, ...EDITORS] }, "grant-withdrawn": { app: STAFF, mail: STAFF } },
  },
  {
    name: "the editor gives a withdrawn application back its status",
    arrange: async () => {
      const app = await grantedApplication(api, APPLICANT);
      expectOk(await api.op(acceptance.withdraw, { as: APPLICANT, param: { id: app.id }, json: { updated_at: await versionOf(app.id) } }));
      return async () => expectOk(await api.op(intake.undoWithdrawn, { as: "editor", param: { id: app.id }, json: { updated_at: await versionOf(app.id) } }));
    },
    told: { "status-changed": { app: [APPLICANT], mail: [APPLICANT] } },
  },
  {
    name: "the applicant signs the agreement",
    arrange: async () => {
      const app = await grantedApplication(api, APPLICANT);
      const media_id = await uploadedPdf(api, APPLICANT);
      return async () => expectOk(await api.op(acceptance.signedAgreement, { as: APPLICANT, param: { id: app.id }, json: { media_id, updated_at: await versionOf(app.id) } }));
    },
    told: { "agreement-signed": { app: STAFF, mail: STAFF } },
  },
  {
    name: "the manager countersigns the agreement",
    arrange: async () => {
      const app = await grantedApplication(api, APPLICANT);
      const ai = await api.db.selectFrom("application_infrastructures").select("id").where("application_id", "=", app.id).executeTakeFirstOrThrow();
      const media_id = await uploadedPdf(api, "infrastructure-manager");
      return async () =>
        expectOk(await api.op(acceptance.countersignedAgreement, { as: "infrastructure-manager", param: { id: app.id }, json: { application_infrastructure_id: ai.id, media_id, updated_at: await versionOf(app.id) } }));
    },
    told: { "agreement-countersigned": { app: [APPLICANT], mail: [APPLICANT] } },
  },
  {
    name: "the applicant starts reporting",
    arrange: async () => {
      const app = await acceptedApplication(api, APPLICANT);
      await endAccesses(api, app.id);
      return async () => expectOk(await api.op(acceptance.startReporting, { as: APPLICANT, param: { id: app.id }, json: { updated_at: await versionOf(app.id) } }));
    },
    told: { "status-changed": { app: [APPLICANT, ...EDITORS], mail: [APPLICANT, ...EDITORS] } },
  },
  {
    name: "the applicant submits the report (no watchdog approval asked)",
    arrange: async () => {
      const { id } = await reportingApplication(api, APPLICANT);
      const filled = await fillReport(api, id, APPLICANT);
      return async () => expectOk(await api.op(reporting.submitReport, { as: APPLICANT, param: { id }, json: { updated_at: filled.updated_at } }));
    },
    told: { "report-submitted": { app: EDITORS, mail: EDITORS }, "report-to-confirm": { app: STAFF, mail: STAFF } },
  },
  {
    name: "the applicant submits the report when the watchdog approves reports",
    arrange: async () => {
      const { id } = await reportingApplication(api, APPLICANT);
      const filled = await fillReport(api, id, APPLICANT);
      return withSetting("watchdog-report", "yes", "no", async () => expectOk(await api.op(reporting.submitReport, { as: APPLICANT, param: { id }, json: { updated_at: filled.updated_at } })));
    },
    told: {
      "report-submitted": { app: EDITORS, mail: EDITORS },
      "report-to-approve": { app: ["watchdog"], mail: ["watchdog"] },
      "report-to-confirm": { app: STAFF, mail: STAFF },
    },
  },
  {
    name: "the editor reopens a submitted report",
    arrange: async () => {
      const { id } = await submittedReport(api);
      return async () => expectOk(await api.op(reporting.reopenReport, { as: "editor", param: { id }, json: { notes: "Add the dates.", updated_at: await reportVersion(id) } }));
    },
    told: { "report-reopened": { app: [APPLICANT], mail: [APPLICANT] } },
  },
  {
    name: "the watchdog approves the report",
    arrange: async () => {
      await setSetting(api, "watchdog-report", "yes");
      const { id } = await submittedReport(api);
      return withSetting("watchdog-report", "yes", "no", async () =>
        expectOk(await api.op(reporting.watchdogReportReview, { as: "watchdog", param: { id }, json: { verdict: "approved", updated_at: await reportVersion(id) } as never })));
    },
    told: { "report-approved": { app: EDITORS, mail: EDITORS } },
  },
  {
    name: "the watchdog rejects the report",
    arrange: async () => {
      await setSetting(api, "watchdog-report", "yes");
      const { id } = await submittedReport(api);
      return withSetting("watchdog-report", "yes", "no", async () =>
        expectOk(await api.op(reporting.watchdogReportReview, { as: "watchdog", param: { id }, json: { verdict: "rejected", note: "Dates missing.", updated_at: await reportVersion(id) } as never })));
    },
    told: { "report-rejected": { app: [APPLICANT], mail: [APPLICANT] } },
  },
  {
    name: "the manager confirms the report's accesses",
    arrange: async () => {
      const { id } = await submittedReport(api);
      const ai = (await api.op(reporting.smReport, { as: "infrastructure-manager", param: { id } })).data.infrastructures.find((i) => i.can_confirm)!;
      const accesses = ai.accesses.map((a) => ({
        id: a.id, sm_report_confirmed: true, sm_report_units: a.user_units, sm_report_type: a.type,
        sm_report_date_from: a.user_date_from, sm_report_date_to: a.user_date_to, sm_reimbursement_date: "2026-11-20",
      }));
      return async () => expectOk(await api.op(reporting.saveSmReport, { as: "infrastructure-manager", param: { id }, json: { application_infrastructure_id: ai.id, accesses, updated_at: ai.updated_at } as never }));
    },
    told: { "report-confirmed": { app: EDITORS, mail: [] } },
  },
  {
    name: "the editor reminds the group leaders of reports due",
    arrange: async () => {
      const { id } = await reportingApplication(api, APPLICANT);
      // Only this report is due within the week; every other of the call is due later.
      await api.db.updateTable("application_reports").set({ due_on: dayPlus(todayIso(), 60) }).execute();
      await api.db.updateTable("application_reports").set({ due_on: dayPlus(todayIso(), 3) }).where("application_id", "=", id).execute();
      const call = await callOf(id);
      return async () => expectOk(await api.op(reminders.applicantReportReminder, { as: "editor", param: { id: call } }));
    },
    told: { "report-reminder": { app: [APPLICANT], mail: [APPLICANT] } },
  },
  {
    name: "the editor reminds the staff of reports to confirm",
    arrange: async () => {
      const { id } = await submittedReport(api);
      // Only this report's accesses wait for the staff: every other of the call is confirmed.
      await api.db.updateTable("accesses").set({ sm_report_confirmed: true }).where("application_id", "!=", id).execute();
      const call = await callOf(id);
      return async () => expectOk(await api.op(reminders.reportReminder, { as: "editor", param: { id: call } }));
    },
    told: { "report-confirmation-reminder": { app: STAFF, mail: STAFF } },
  },
];

/** The last notification and outbox ids: what a change adds comes after them. */
async function marks() {
  const [n, m] = await Promise.all([
    api.db.selectFrom("notifications").select((eb) => eb.fn.max("id").as("id")).executeTakeFirstOrThrow(),
    api.db.selectFrom("mail_outbox").select((eb) => eb.fn.max("id").as("id")).executeTakeFirstOrThrow(),
  ]);
  return { notification: Number(n.id ?? 0), mail: Number(m.id ?? 0) };
}

/** A demo user's username from their address; anyone else's address as it is. */
const who = (address: string) => address.replace(/@demo\.ta-portal\.test$/, "");

/** Per kind, who was told in the portal and who was e-mailed since `since`. */
async function toldSince(since: Awaited<ReturnType<typeof marks>>): Promise<Told> {
  const [told, mailed] = await Promise.all([
    api.db
      .selectFrom("notifications as n")
      .innerJoin("users as u", "u.id", "n.user_id")
      .select(["n.kind", "u.email"])
      .where("n.id", ">", since.notification)
      .execute(),
    api.db
      .selectFrom("mail_outbox as m")
      .leftJoin("notifications as n", "n.id", "m.notification_id")
      .select(["n.kind", "m.to_addresses", "m.subject"])
      .where("m.id", ">", since.mail)
      .execute(),
  ]);
  const out: Told = {};
  const entry = (kind: string) => (out[kind] ??= { app: [], mail: [] });
  for (const t of told) entry(t.kind).app.push(who(t.email));
  // A newcomer's invitation has no notification row: its subject names it.
  for (const m of mailed) entry(m.kind ?? (m.subject === "Invitation to the portal" ? "invitation" : m.subject)).mail.push(...m.to_addresses.map(who));
  for (const e of Object.values(out)) {
    e.app.sort();
    e.mail.sort();
  }
  return out;
}

describe("who is told of each notification, in the portal and by e-mail", () => {
  it("covers every kind the portal sends", async () => {
    const { NOTIFICATION_KINDS } = await import("~/domain/notifications/kinds");
    const covered = new Set(CASES.flatMap((c) => Object.keys(c.told)));
    expect(NOTIFICATION_KINDS.filter((k) => !covered.has(k))).toEqual([]);
  });

  for (const c of CASES) {
    it(c.name, async () => {
      const act = await c.arrange();
      const since = await marks();
      await act();
      const expected = Object.fromEntries(Object.entries(c.told).map(([kind, { app, mail }]) => [kind, { app: [...app].sort(), mail: [...mail].sort() }]));
      expect(await toldSince(since)).toEqual(expected);
    });
  }

  it("e-mails a recipient's address and the copy address of their profile", async () => {
    const applicant = await userId(api, APPLICANT);
    await api.db.updateTable("users").set({ email_cc: "assistant@example.org" }).where("id", "=", applicant).execute();
    try {
      const app = await submittedApplication(api, APPLICANT);
      const since = await marks();
      await changeStatus(app.id, "canceled", "A duplicate");
      expect(await toldSince(since)).toEqual({ "status-changed": { app: [APPLICANT], mail: ["applicant", "assistant@example.org"] } });
    } finally {
      await api.db.updateTable("users").set({ email_cc: null }).where("id", "=", applicant).execute();
    }
  });
});
