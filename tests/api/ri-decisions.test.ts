// The infrastructure decision (docs/lifecycle.md#infrastructure-decision,
// docs/validation.md#infrastructure-decision): the list at the caller's infrastructures, one application's
// decisions, deciding for one's own infrastructure only and until the
// deadline, sm_decision_date, the editor's reopen, access dates, the reminder.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as ri from "~/api/ri-decisions/contract";
import { list as staffList } from "~/api/admin-applications/contract";
import { todayIso } from "~/domain/dates";
import { lifecycleFacts } from "~/domain/intake/status-change.server";
import { sendSmReminders } from "~/domain/ri-decisions/sm-reminder.server";
import { createTestApi, type TestApi } from "../support/api";
import { applicationAt, setSetting, type DecisionCase } from "./ri-decisions-helpers";
import { userId } from "./review-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const MANAGER = "infrastructure-manager";
const ADMINISTRATOR = "infrastructure-administrator";
const full = { sm_accepted: true, sm_units: 3, sm_participants: 2, sm_budget: "1250,50", sm_justification: "We can host them in June." };

async function version(c: DecisionCase, name: string) {
  const row = await api.db.selectFrom("application_infrastructures").select("updated_at").where("id", "=", c.ai[name]).executeTakeFirstOrThrow();
  return new Date(row.updated_at).toISOString();
}
const decide = async (as: string, c: DecisionCase, name: string, body: Record<string, unknown> = full) =>
  api.op(ri.decide, { as, param: { id: c.id }, json: { application_infrastructure_id: c.ai[name], updated_at: await version(c, name), ...body } as never });
const list = (as: string, query: Record<string, unknown> = {}) => api.op(ri.atMyInfrastructures, { as, query: { per_page: 100, ...query } as never });
const ids = (res: Awaited<ReturnType<typeof list>>) => res.data.data.map((r) => r.id);

describe("GET /api/applications/at-my-infrastructures", () => {
  it("lists for staff the applications at their infrastructures, from under-evaluation unless the setting opens them from submit", async () => {
    const evaluated = await applicationAt(api);
    const submitted = await applicationAt(api, { status: "submit" });
    const elsewhere = await applicationAt(api, { only: "AIL" });
    const manager = await list(MANAGER);
    expect(manager.status).toBe(200);
    expect(ids(manager)).toContain(evaluated.id);
    expect(ids(manager)).not.toContain(submitted.id);
    expect(ids(manager)).not.toContain(elsewhere.id);
    const row = manager.data.data.find((r) => r.id === evaluated.id)!;
    expect(row.decisions).toEqual([expect.objectContaining({ id: evaluated.ai["ARS-NYA"], name: "ARS-NYA", decided: false, has_eligible_accesses: true })]);
    expect(ids(await list(ADMINISTRATOR))).toEqual(expect.arrayContaining([evaluated.id, elsewhere.id]));
    await setSetting(api, "show-application-submit-ri-staff", "yes");
    try {
      expect(ids(await list(MANAGER))).toContain(submitted.id);
    } finally {
      await setSetting(api, "show-application-submit-ri-staff", "no");
    }
  });

  it("filters by ri_status, call and status; the admin role sees every infrastructure, a manager who is also an editor only theirs", async () => {
    const pending = await applicationAt(api);
    const done = await applicationAt(api);
    expect((await decide(MANAGER, done, "ARS-NYA")).status).toBe(200);
    const pendingIds = ids(await list(MANAGER, { ri_status: "pending" }));
    expect(pendingIds).toContain(pending.id);
    expect(pendingIds).not.toContain(done.id);
    const submitIds = ids(await list(MANAGER, { ri_status: "submit" }));
    expect(submitIds).toContain(done.id);
    expect(submitIds).not.toContain(pending.id);
    const granted = await list(MANAGER, { "status[]": "granted" });
    expect(granted.data.data.every((r) => r.status === "granted")).toBe(true);
    expect(ids(granted)).not.toContain(pending.id);
    expect(ids(await list(MANAGER, { call_id: 999999 }))).toEqual([]);
    const call = await api.db.selectFrom("applications").select("call_id").where("id", "=", pending.id).executeTakeFirstOrThrow();
    expect(ids(await list(MANAGER, { call_id: call.call_id }))).toContain(pending.id);

    const elsewhere = await applicationAt(api, { only: "AIL" });
    expect(ids(await list("admin"))).toContain(elsewhere.id);
    const manager = await userId(api, MANAGER);
    await sql`insert into user_roles (user_id, role_id) select ${manager}, id from roles where name = 'editor' on conflict do nothing`.execute(api.db);
    try {
      const both = await list(MANAGER);
      expect(ids(both)).not.toContain(elsewhere.id);
      expect(ids(both)).toContain(pending.id);
    } finally {
      await sql`delete from user_roles where user_id = ${manager} and role_id = (select id from roles where name = 'editor')`.execute(api.db);
    }
  });

  it("refuses the other roles, and bounds its query", async () => {
    expect((await list("applicant")).status).toBe(403);
    expect((await list("evaluator")).status).toBe(403);
    expect((await api.call("GET", "/applications/at-my-infrastructures")).status).toBe(401);
    expect((await api.call("GET", "/applications/at-my-infrastructures?ri_status=maybe", { as: MANAGER })).status).toBe(422);
    expect((await api.call("GET", "/applications/at-my-infrastructures?call_id=2147483648", { as: MANAGER })).status).toBe(422);
  });
});

describe("GET /api/applications/{id}/sm-decision", () => {
  it("shows staff their own infrastructures, editors every one, and hides an application at none of the caller's", async () => {
    const c = await applicationAt(api, { also: "AIL" });
    const manager = await api.op(ri.decisions, { as: MANAGER, param: { id: c.id } });
    expect(manager.status).toBe(200);
    expect(manager.data.infrastructures.map((i) => i.short_name)).toEqual(["ARS-NYA"]);
    expect(manager.data.infrastructures[0]).toMatchObject({ own: true, can_decide: true, can_reopen: false });
    expect(manager.data.application.id).toBe(c.id);
    const editor = await api.op(ri.decisions, { as: "editor", param: { id: c.id } });
    expect(editor.data.infrastructures.map((i) => i.short_name)).toEqual(["ARS-NYA", "AIL"]);
    expect(editor.data.infrastructures.every((i) => !i.own && !i.can_decide)).toBe(true);
    const elsewhere = await applicationAt(api, { only: "AIL" });
    expect((await api.op(ri.decisions, { as: MANAGER, param: { id: elsewhere.id } })).status).toBe(404);
    expect((await api.op(ri.decisions, { as: "applicant", param: { id: c.id } })).status).toBe(403);
  });
});

describe("PUT /api/applications/{id}/sm-decision", () => {
  it("requires every field when the infrastructure has eligible accesses, and records the decision with who and when", async () => {
    const c = await applicationAt(api);
    const empty = await decide(MANAGER, c, "ARS-NYA", {});
    expect(empty.status).toBe(422);
    expect(Object.keys((empty.data as unknown as { errors: Record<string, string[]> }).errors).sort()).toEqual(
      ["sm_accepted", "sm_budget", "sm_justification", "sm_participants", "sm_units"],
    );
    const bad = await decide(MANAGER, c, "ARS-NYA", { ...full, sm_units: -1, sm_budget: "12.345", sm_justification: "x".repeat(2001) });
    expect((bad.data as unknown as { errors: Record<string, string[]> }).errors).toMatchObject({
      sm_units: ["validation.invalid"], sm_budget: ["validation.invalid"], sm_justification: ["validation.max"],
    });
    const ok = await decide(MANAGER, c, "ARS-NYA");
    expect(ok.status).toBe(200);
    expect(ok.data.infrastructures[0]).toMatchObject({ sm_accepted: true, sm_units: 3, sm_participants: 2, sm_budget: "1250.50", can_decide: false, decided_by: expect.any(String) });
    expect(ok.data.sm_decision_date).not.toBeNull();
    expect((await lifecycleFacts(api.db, c.id)).infrastructureAccepted).toBe(true);
    // Once made, a decision stands until the editor reopens it.
    expect(await decide(MANAGER, c, "ARS-NYA")).toMatchObject({ status: 409, data: { code: "ri-decisions.errors.decided" } });
  });

  it("keeps the grant closed until every infrastructure with eligible accesses has decided, one acceptance or not", async () => {
    const c = await applicationAt(api, { also: "AIL" });
    expect(await lifecycleFacts(api.db, c.id)).toMatchObject({ infrastructuresDecided: false, infrastructureAccepted: false });
    expect((await decide(MANAGER, c, "ARS-NYA")).status).toBe(200);
    expect(await lifecycleFacts(api.db, c.id)).toMatchObject({ infrastructuresDecided: false, infrastructureAccepted: true });
    expect((await decide(ADMINISTRATOR, c, "AIL", { ...full, sm_accepted: false })).status).toBe(200);
    expect(await lifecycleFacts(api.db, c.id)).toMatchObject({ infrastructuresDecided: true, infrastructureAccepted: true });
  });

  it("answers 403 to a manager deciding for another infrastructure, and lets its administrator decide", async () => {
    const c = await applicationAt(api, { also: "AIL" });
    expect((await decide(MANAGER, c, "AIL")).status).toBe(403);
    expect((await decide("editor", c, "ARS-NYA")).status).toBe(403);
    expect((await decide("applicant", c, "ARS-NYA")).status).toBe(403);
    expect((await decide(ADMINISTRATOR, c, "AIL")).status).toBe(200);
  });

  it("sets sm_decision_date only once every infrastructure with eligible accesses has decided; one without needs nothing", async () => {
    const c = await applicationAt(api, { also: "AIL", eligible: { "ARS-NYA": true, AIL: false } });
    const noEligible = await decide(ADMINISTRATOR, c, "AIL", {});
    expect(noEligible.status).toBe(200);
    expect(noEligible.data.sm_decision_date).toBeNull();
    const last = await decide(MANAGER, c, "ARS-NYA");
    expect(last.data.sm_decision_date).not.toBeNull();
    const both = await applicationAt(api, { also: "AIL" });
    expect((await decide(MANAGER, both, "ARS-NYA")).data.sm_decision_date).toBeNull();
    expect((await decide(ADMINISTRATOR, both, "AIL")).data.sm_decision_date).not.toBeNull();
    const editors = await api.db.selectFrom("notifications").select("id").where("kind", "=", "sm-decisions-complete").where("application_id", "=", both.id).execute();
    expect(editors.length).toBeGreaterThan(0);
  });

  it("refuses a stale version, another application's infrastructure, a status other than under-evaluation, and after the deadline", async () => {
    const c = await applicationAt(api);
    const other = await applicationAt(api);
    const stale = await api.op(ri.decide, { as: MANAGER, param: { id: c.id }, json: { ...full, application_infrastructure_id: c.ai["ARS-NYA"], updated_at: "2020-01-01T00:00:00.000Z" } as never });
    expect(stale).toMatchObject({ status: 409, data: { code: "ri-decisions.errors.stale" } });
    const foreign = await api.op(ri.decide, { as: MANAGER, param: { id: c.id }, json: { ...full, application_infrastructure_id: other.ai["ARS-NYA"], updated_at: await version(other, "ARS-NYA") } as never });
    expect(foreign.status).toBe(422);
    await api.db.updateTable("applications").set({ status: "granted" }).where("id", "=", c.id).execute();
    expect(await decide(MANAGER, c, "ARS-NYA")).toMatchObject({ status: 409, data: { code: "ri-decisions.errors.not-under-evaluation" } });
    const call = await api.db.selectFrom("applications").select("call_id").where("id", "=", other.id).executeTakeFirstOrThrow();
    const before = await api.db.selectFrom("calls").select("evaluation_manager_date").where("id", "=", call.call_id).executeTakeFirstOrThrow();
    await api.db.updateTable("calls").set({ evaluation_manager_date: sql<string>`${todayIso()}::date - 1` }).where("id", "=", call.call_id).execute();
    try {
      const late = await decide(MANAGER, other, "ARS-NYA");
      expect(late).toMatchObject({ status: 422, data: { code: "ri-decisions.errors.deadline-passed" } });
      expect((await api.op(ri.decisions, { as: MANAGER, param: { id: other.id } })).data).toMatchObject({ deadline_passed: true, infrastructures: [{ can_decide: false }] });
    } finally {
      await api.db.updateTable("calls").set({ evaluation_manager_date: before.evaluation_manager_date }).where("id", "=", call.call_id).execute();
    }
  });
});

describe("PUT /api/applications/{id}/reopen-sm-decision", () => {
  it("lets the editor reopen a decision: the staff are told and decide again, sm_decision_date is cleared", async () => {
    const c = await applicationAt(api);
    await decide(MANAGER, c, "ARS-NYA");
    const reopenAs = async (as: string) =>
      api.op(ri.reopen, { as, param: { id: c.id }, json: { application_infrastructure_id: c.ai["ARS-NYA"], updated_at: await version(c, "ARS-NYA") } });
    expect((await reopenAs(MANAGER)).status).toBe(403);
    const reopened = await reopenAs("editor");
    expect(reopened.status).toBe(200);
    expect(reopened.data).toMatchObject({ sm_decision_date: null, infrastructures: [{ sm_decided_at: null, can_reopen: false, sm_units: 3 }] });
    const told = await api.db.selectFrom("notifications").select("user_id").where("kind", "=", "sm-decision-reopened").where("application_id", "=", c.id).execute();
    expect(told.map((n) => n.user_id)).toContain(await userId(api, MANAGER));
    expect(await reopenAs("editor")).toMatchObject({ status: 409, data: { code: "ri-decisions.errors.not-decided" } });
    expect((await decide(MANAGER, c, "ARS-NYA", { ...full, sm_accepted: false, sm_units: 0 })).data.infrastructures[0]).toMatchObject({ sm_accepted: false, sm_units: 0 });
  });
});

describe("PUT /api/accesses/{id}/dates", () => {
  const move = async (as: string, c: DecisionCase, name: string, from: string, to: string) => {
    const row = await api.db.selectFrom("accesses").select("updated_at").where("id", "=", c.access[name]).executeTakeFirstOrThrow();
    return api.op(ri.accessDates, { as, param: { id: c.access[name] }, json: { date_from: from, date_to: to, updated_at: new Date(row.updated_at).toISOString() } });
  };
  const period = async (name: string) =>
    api.db.selectFrom("infrastructure_periods as p").innerJoin("infrastructures as i", "i.id", "p.infrastructure_id").select(["p.date_from", "p.date_to"]).where("i.short_name", "=", name).orderBy("p.date_from").executeTakeFirstOrThrow();

  it("lets the editor move an access inside the infrastructure's periods, in the rows and the draft", async () => {
    const c = await applicationAt(api);
    const p = await period("ARS-NYA");
    const moved = await move("editor", c, "ARS-NYA", p.date_to, p.date_to);
    expect(moved).toMatchObject({ status: 200, data: { date_from: p.date_to, date_to: p.date_to } });
    const { draft } = await api.db.selectFrom("applications").select("draft").where("id", "=", c.id).executeTakeFirstOrThrow();
    expect((draft as { logistics: { infrastructures: { accesses: { date_from: string }[] }[] } }).logistics.infrastructures[0].accesses[0].date_from).toBe(p.date_to);
    const outside = await move("editor", c, "ARS-NYA", "2001-01-01", "2001-01-02");
    expect(outside).toMatchObject({ status: 422, data: { errors: { date_from: ["applications-validation.period"], date_to: ["applications-validation.period"] } } });
    expect((await move("editor", c, "ARS-NYA", p.date_to, p.date_from)).data).toMatchObject({ errors: { date_to: ["applications-validation.date-order"] } });
    // Inside the period but after the call's upper bound: refused too.
    const callId = (await api.db.selectFrom("applications").select("call_id").where("id", "=", c.id).executeTakeFirstOrThrow()).call_id;
    const bounds = await api.db.selectFrom("calls").select(["start_at", "end_at"]).where("id", "=", callId).executeTakeFirstOrThrow();
    await api.db.updateTable("calls").set({ start_at: p.date_from, end_at: p.date_from }).where("id", "=", callId).execute();
    try {
      expect((await move("editor", c, "ARS-NYA", p.date_to, p.date_to)).data).toMatchObject({ errors: { date_from: ["applications-validation.call-bounds"], date_to: ["applications-validation.call-bounds"] } });
    } finally {
      await api.db.updateTable("calls").set(bounds).where("id", "=", callId).execute();
    }
    expect((await api.op(ri.accessDates, { as: "editor", param: { id: c.access["ARS-NYA"] }, json: { date_from: p.date_from, date_to: p.date_from, updated_at: "2020-01-01T00:00:00.000Z" } })).status).toBe(409);
  });

  it("lets the infrastructure's staff move it only when ri-access-editable is yes, and never another infrastructure's", async () => {
    const c = await applicationAt(api, { also: "AIL" });
    const p = await period("ARS-NYA");
    expect((await move(MANAGER, c, "ARS-NYA", p.date_from, p.date_from)).status).toBe(403);
    await setSetting(api, "ri-access-editable", "yes");
    try {
      expect((await move(MANAGER, c, "ARS-NYA", p.date_from, p.date_from)).status).toBe(200);
      expect((await move(MANAGER, c, "AIL", p.date_from, p.date_from)).status).toBe(403);
      expect((await move("applicant", c, "ARS-NYA", p.date_from, p.date_from)).status).toBe(403);
    } finally {
      await setSetting(api, "ri-access-editable", "no");
    }
  });
});

describe("the infrastructures' reminder", () => {
  it("notifies and e-mails the staff with decisions still open on the call's sm_reminder_date, once", async () => {
    const c = await applicationAt(api, { also: "AIL" });
    await decide(ADMINISTRATOR, c, "AIL");
    const { call_id } = await api.db.selectFrom("applications").select("call_id").where("id", "=", c.id).executeTakeFirstOrThrow();
    await api.db.deleteFrom("sm_reminders_sent").execute();
    await api.db.updateTable("calls").set({ sm_reminder_date: todayIso() }).where("id", "=", call_id).execute();
    const sent = await sendSmReminders(api.db, todayIso());
    expect(sent).toEqual(expect.arrayContaining([expect.objectContaining({ call_id })]));
    const told = await api.db.selectFrom("notifications").select("user_id").where("kind", "=", "sm-reminder").execute();
    expect(told.map((n) => n.user_id)).toContain(await userId(api, MANAGER));
    const mails = await api.db.selectFrom("mail_outbox").select("id").where("subject", "like", "Reminder: infrastructure decisions%").execute();
    expect(mails.length).toBeGreaterThan(0);
    expect(await sendSmReminders(api.db, todayIso())).toEqual([]);
  });
});

describe("the staff list's ri_status filter", () => {
  it("pending: under evaluation with a decision still to make; submit: every decision made", async () => {
    const c = await applicationAt(api);
    const staff = async (ri_status: string) => (await api.op(staffList, { as: "editor", query: { ri_status, per_page: 100 } as never })).data.data.map((r) => r.id);
    expect(await staff("pending")).toContain(c.id);
    expect(await staff("submit")).not.toContain(c.id);
    await decide(MANAGER, c, "ARS-NYA");
    expect(await staff("pending")).not.toContain(c.id);
    expect(await staff("submit")).toContain(c.id);
    expect((await api.call("GET", "/applications?ri_status=later", { as: "editor" })).status).toBe(422);
  });
});
