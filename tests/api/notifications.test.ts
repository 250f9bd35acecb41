// Notifications and their e-mails (docs/lifecycle.md#notifications): what a change writes in
// its own transaction, and the /api/notifications endpoints of each user.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { submittedApplication } from "./application-helpers";
import { notify, notifyRole } from "~/domain/notifications/notify.server";
import * as notifications from "~/api/notifications/contract";
import * as invitations from "~/api/invitations/contract";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const userId = async (sub: string) => (await api.db.selectFrom("users").select("id").where("sub", "=", `demo-${sub}`).executeTakeFirstOrThrow()).id;

describe("notify()", () => {
  it("tells every editor of a submission, and the applicant (their receipt), in the app and by e-mail, in the submit's transaction", async () => {
    const app = await submittedApplication(api, "applicant");
    const [editor, applicant] = [await userId("editor"), await userId("applicant")];
    const rows = await api.db.selectFrom("notifications").selectAll().where("application_id", "=", app.id).orderBy("id").execute();
    expect(rows).toEqual([
      expect.objectContaining({ user_id: applicant, kind: "status-changed", read_at: null }),
      expect.objectContaining({ user_id: editor, kind: "application-submitted", read_at: null }),
    ]);
    const receipt = await api.db.selectFrom("mail_outbox").selectAll().where("notification_id", "=", rows[0].id).executeTakeFirstOrThrow();
    expect(receipt.to_addresses).toEqual(["applicant@demo.ta-portal.test"]);
    expect(receipt.text_body).toContain(`/application/${app.id}/review`);
    const mail = await api.db.selectFrom("mail_outbox").selectAll().where("notification_id", "=", rows[1].id).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_addresses: ["editor@demo.ta-portal.test"], state: "queued", attempts: 0 });
    expect(mail.subject).toBe(`New application submitted: ${app.acronym} (#${app.id})`);
    expect(mail.text_body).toContain(`/admin/application/${app.id}`);
  });

  it("writes nothing when the change's transaction rolls back", async () => {
    const before = await api.db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    await expect(
      api.db.transaction().execute(async (trx) => {
        await notifyRole(trx, "admin", { kind: "invitation", mail: true });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const after = await api.db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("translates statuses and carries notes into the applicant's e-mail; without mail, no outbox row", async () => {
    const applicant = await userId("applicant2");
    await api.db.transaction().execute((trx) =>
      notify(trx, { userIds: [applicant, applicant], kind: "status-changed", params: { from: "submit", to: "not-eligible", notes: "No eligible access" }, mail: true }),
    );
    const mail = await api.db.selectFrom("mail_outbox").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("changed from Submitted to Not eligible.");
    expect(mail.text_body).toContain("Notes: No eligible access");
    await api.db.transaction().execute((trx) => notify(trx, { userIds: [applicant], kind: "assigned-viewer" }));
    const count = await api.db.selectFrom("notifications").select((eb) => eb.fn.countAll<string>().as("n")).where("user_id", "=", applicant).executeTakeFirstOrThrow();
    const mails = await api.db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<string>().as("n")).where(sql<boolean>`${"applicant2@demo.ta-portal.test"} = any(to_addresses)`).executeTakeFirstOrThrow();
    expect([Number(count.n), Number(mails.n)]).toEqual([2, 1]);
  });
});

describe("/api/notifications", () => {
  it("lists only the caller's own, filtered, marks them read and unread, and deletes them; anyone else's is 404", async () => {
    const viewer = await userId("viewer");
    const app = await submittedApplication(api, "applicant2");
    await api.db.transaction().execute(async (trx) => {
      await notify(trx, { userIds: [viewer], kind: "assigned-viewer", applicationId: app.id });
      await notify(trx, { userIds: [viewer], kind: "status-changed", applicationId: app.id, params: { from: "submit", to: "under-evaluation" } });
    });
    const all = await api.op(notifications.list, { as: "viewer", query: {} });
    expect(all.status).toBe(200);
    expect(all.data.meta).toMatchObject({ total: 2, unread: 2 });
    const [newest, oldest] = all.data.data;
    expect(newest).toMatchObject({ kind: "status-changed", application: `${app.acronym} (#${app.id})`, link: `/application/${app.id}/review`, read_at: null });
    expect(oldest).toMatchObject({ kind: "assigned-viewer", link: "/my-applications-reviews" });

    expect((await api.op(notifications.readed, { as: "applicant", param: { id: newest.id } })).status).toBe(404);
    expect((await api.op(notifications.remove, { as: "editor", param: { id: newest.id } })).status).toBe(404);
    expect((await api.op(notifications.readed, { as: "viewer", param: { id: newest.id } })).status).toBe(204);
    const read = await api.op(notifications.list, { as: "viewer", query: { filter: "read" } });
    expect(read.data.data.map((n) => n.id)).toEqual([newest.id]);
    expect(read.data.meta).toMatchObject({ total: 1, unread: 1 });
    expect((await api.op(notifications.unreaded, { as: "viewer", param: { id: newest.id } })).status).toBe(204);
    expect((await api.op(notifications.list, { as: "viewer", query: { filter: "unread" } })).data.meta.total).toBe(2);

    expect(await api.op(notifications.readAll, { as: "viewer" })).toMatchObject({ status: 200, data: { count: 2 } });
    expect((await api.op(notifications.list, { as: "viewer", query: { filter: "unread" } })).data.meta).toMatchObject({ total: 0, unread: 0 });
    expect((await api.op(notifications.remove, { as: "viewer", param: { id: oldest.id } })).status).toBe(204);
    expect((await api.op(notifications.remove, { as: "viewer", param: { id: oldest.id } })).status).toBe(404);
    expect(await api.op(notifications.removeAll, { as: "viewer", query: { filter: "unread" } })).toMatchObject({ data: { count: 0 } });
    expect(await api.op(notifications.removeAll, { as: "viewer", query: {} })).toMatchObject({ data: { count: 1 } });
  });

  it("pages, and refuses a bad filter or page size", async () => {
    const viewer = await userId("viewer");
    await api.db.transaction().execute((trx) => notify(trx, { userIds: [viewer], kind: "invitation" }).then(() => notify(trx, { userIds: [viewer], kind: "invitation" })));
    const page = await api.op(notifications.list, { as: "viewer", query: { per_page: 1, page: 2 } });
    expect(page.data).toMatchObject({ data: [expect.objectContaining({ kind: "invitation", application: null })], meta: { page: 2, per_page: 1, total: 2 } });
    // Past the last page: no rows, and still the counts.
    const past = await api.op(notifications.list, { as: "viewer", query: { per_page: 1, page: 5 } });
    expect(past.data).toMatchObject({ data: [], meta: { page: 5, per_page: 1, total: 2, unread: 2 } });
    expect((await api.call("GET", "/notifications?filter=all", { as: "viewer" })).status).toBe(422);
    expect((await api.call("GET", "/notifications?per_page=1001", { as: "viewer" })).status).toBe(422);
  });
});

describe("invitations", () => {
  it("invites addresses: a newcomer gets an e-mail with the invitation text and, on first sign-in, the role and the assignment", async () => {
    const app = await submittedApplication(api, "applicant");
    const res = await api.op(invitations.invite, { as: "editor", json: { emails: ["New.Reviewer@example.org", "new.reviewer@example.org"], role: "evaluator", application_id: app.id } });
    expect(res).toEqual({ status: 201, data: { invited: 1, existing: 0 } });
    const mail = await api.db.selectFrom("mail_outbox").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_addresses: ["new.reviewer@example.org"], subject: "Invitation to the portal" });
    expect(mail.text_body).toContain("/auth/login");
    // The English invitation text, then the French one (ADR 052).
    const [english, french] = mail.text_body.split("\n—\n");
    expect(english).toMatch(/^You are invited to review applications/);
    expect(french).toMatch(/^\nVous êtes invité à évaluer des candidatures/);
    expect(french).toContain("/auth/login");

    const report = await api.op(invitations.report, { as: "admin", query: { q: "new.reviewer" } });
    expect(report.data.data).toEqual([expect.objectContaining({ email: "new.reviewer@example.org", role: "evaluator", state: "pending", application_id: app.id })]);

    // First sign-in with that address (any case).
    const me = await api.call("GET", "/users/me", { as: { sub: "invited-1", email: "NEW.reviewer@example.org", name: "Nina Reviewer" } });
    expect(me.status).toBe(200);
    const body = (await me.json()) as { id: number; roles: string[] };
    expect(body.roles).toContain("evaluator");
    const assigned = await api.db.selectFrom("application_reviewers").select(["role", "state"]).where("application_id", "=", app.id).where("user_id", "=", body.id).execute();
    expect(assigned).toEqual([{ role: "evaluator", state: "assigned" }]);
    const after = await api.op(invitations.report, { as: "editor", query: { q: "NEW.REVIEWER" } });
    expect(after.data.data[0]).toMatchObject({ state: "accepted" });
  });

  it("gives an existing user the role at once, with a notification; refuses bad input and non-staff", async () => {
    const res = await api.op(invitations.invite, { as: "admin", json: { emails: ["applicant2@demo.ta-portal.test"], role: "watchdog" } });
    expect(res).toEqual({ status: 201, data: { invited: 1, existing: 1 } });
    const roles = await api.db
      .selectFrom("user_roles")
      .innerJoin("roles", "roles.id", "user_roles.role_id")
      .select("roles.name")
      .where("user_roles.user_id", "=", await userId("applicant2"))
      .execute();
    expect(roles.map((r) => r.name)).toContain("watchdog");
    expect(await api.db.selectFrom("notifications").select("kind").where("user_id", "=", await userId("applicant2")).orderBy("id", "desc").executeTakeFirst()).toEqual({ kind: "invitation" });

    const bad = await api.call("POST", "/invite-evaluators", { as: "editor", body: { emails: ["not-an-address"], role: "admin", application_id: 0 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(((await bad.json()) as { errors: object }).errors).sort()).toEqual(["application_id", "emails[0]", "role"]);
    const many = await api.call("POST", "/invite-evaluators", { as: "editor", body: { emails: Array.from({ length: 101 }, (_, i) => `a${i}@example.org`), role: "viewer" } });
    expect(many.status).toBe(422);
    const missing = await api.call("POST", "/invite-evaluators", { as: "editor", body: { emails: ["x@example.org"], role: "viewer", application_id: 2_000_000 } });
    expect(missing.status).toBe(422);
    expect((await api.call("POST", "/invite-evaluators", { as: "evaluator", body: {} })).status).toBe(403);
  });
});
