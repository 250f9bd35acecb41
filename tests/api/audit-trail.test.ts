// The audit trail (docs/decisions/051-audit-trail.md), against real
// PostgreSQL: one entry per write the API answered, its actor and changes, in
// the write's own transaction; nothing for a refusal, a read, or a write that
// did not come through the API; the admin's reading and its filters; the
// retention purge; an erased person's values dropped. That every write
// operation of the contract leaves exactly one entry, the caller's, and a
// refused one none, is checked cell by cell by permission-matrix.test.ts.
import crypto from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditing, redactAuditIn, type AuditContext } from "~/db/audit-context.server";
import { auditRetentionDays, forgetPersonInAudit, purgeAuditEntries } from "~/domain/audit/trail.server";
import { createTestApi, type TestApi } from "../support/api";
import { completeDraft, startDraft } from "./application-helpers";
import { userId } from "./review-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const entriesAfter = (id: number) => api.db.selectFrom("audit_entries").selectAll().where("id", ">", String(id)).orderBy("id").execute();
const lastId = async () => Number((await api.db.selectFrom("audit_entries").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst())?.id ?? 0);

const context = (over: Partial<AuditContext> = {}): AuditContext => ({
  request: crypto.randomUUID(), actor: 1, roles: ["admin"], operation: "PUT /api/test", entity: "calls", ...over,
});

describe("an API write", () => {
  it("leaves one entry: who, when, what, and each changed field as [old, new]", async () => {
    const before = await lastId();
    const applicant = await userId(api, "applicant");
    const old = await api.db.selectFrom("users").select("phone").where("id", "=", applicant).executeTakeFirstOrThrow();
    const res = await api.call("PUT", "/users/me", { as: "applicant", body: { phone: "+32 2 555 77 77" } });
    expect(res.status).toBe(200);
    const [entry, ...more] = await entriesAfter(before);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor_id: applicant, actor_roles: ["applicant"], operation: "PUT /api/users/me", entity: "users", entity_id: String(applicant) });
    expect(Date.now() - entry.at.getTime()).toBeLessThan(60_000);
    expect(entry.changes).toEqual([{ table: "users", op: "update", key: { id: applicant }, fields: { phone: [old.phone, "+32 2 555 77 77"] } }]);
  });

  it("of an application names it, and records its status change", async () => {
    const draft = await completeDraft(api, "applicant", (await startDraft(api, "applicant")).data);
    const before = await lastId();
    const res = await api.call("PUT", `/applications/${draft.id}/submit`, { as: "applicant", body: { updated_at: draft.updated_at } });
    expect(res.status).toBe(200);
    const entries = await entriesAfter(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ operation: "PUT /api/applications/{id}/submit", entity: "applications", entity_id: String(draft.id), application_id: draft.id });
    const own = entries[0].changes.find((c) => c.table === "applications");
    expect(own?.fields.status).toEqual(["draft", "submit"]);
    // Stamps and what PostgreSQL keeps from other columns are not changes of the write.
    expect(Object.keys(own?.fields ?? {})).not.toContain("updated_at");
  });

  it("refused (stale, invalid, not allowed) leaves none", async () => {
    const draft = await completeDraft(api, "applicant", (await startDraft(api, "applicant")).data);
    const before = await lastId();
    expect((await api.call("PUT", `/applications/${draft.id}/submit`, { as: "applicant", body: { updated_at: "2001-01-01T00:00:00.000Z" } })).status).toBe(409);
    expect((await api.call("PUT", `/applications/${draft.id}/submit`, { as: "applicant", body: {} })).status).toBe(422);
    expect((await api.call("DELETE", `/applications/${draft.id}`, { as: "applicant2" })).status).toBeGreaterThanOrEqual(403);
    expect(await entriesAfter(before)).toEqual([]);
  });

  it("that changes no audited row still leaves its entry, with no changes", async () => {
    const before = await lastId();
    expect((await api.call("PUT", "/notifications/read-all", { as: "viewer", body: {} })).status).toBe(200);
    const entries = await entriesAfter(before);
    expect(entries).toMatchObject([{ operation: "PUT /api/notifications/read-all", actor_id: await userId(api, "viewer"), changes: [] }]);
  });

  it("of a bulk write names no application; of a user's roles names the user", async () => {
    const viewer = await userId(api, "viewer");
    const { id: appId } = await api.db.selectFrom("applications").select("id").orderBy("id").executeTakeFirstOrThrow();
    await api.db.insertInto("notifications").values([1, 2].map(() => ({ user_id: viewer, kind: "invitation", application_id: appId }))).execute();
    const before = await lastId();
    expect((await api.call("DELETE", "/notifications", { as: "viewer" })).status).toBeLessThan(300);
    const [bulk] = await entriesAfter(before);
    expect(bulk).toMatchObject({ operation: "DELETE /api/notifications", application_id: null });
    expect(bulk.changes.filter((c) => c.table === "notifications").length).toBeGreaterThanOrEqual(2);

    const target = await userId(api, "applicant2");
    const roles = await api.call("POST", "/users/assign-role", { as: "admin", body: { user_id: target, roles: ["applicant", "evaluator"] } });
    expect(roles.status).toBeLessThan(300);
    const [entry] = await entriesAfter(before + 1);
    expect(entry).toMatchObject({ operation: "POST /api/users/assign-role", entity: "users", entity_id: String(target) });
    await api.call("POST", "/users/assign-role", { as: "admin", body: { user_id: target, roles: ["applicant"] } });
  });

  it("never records a secret: a calendar feed's token hash is left out", async () => {
    const before = await lastId();
    const res = await api.call("POST", "/calendar/feed", { as: "evaluator", body: {} });
    expect(res.status).toBe(201);
    const [entry] = await entriesAfter(before);
    const feed = entry.changes.find((c) => c.table === "calendar_feeds");
    expect(feed).toBeDefined();
    expect(Object.keys(feed!.fields)).not.toContain("token_hash");
    expect(JSON.stringify(entry.changes)).not.toMatch(/[0-9a-f]{64}/);
  });
});

describe("nothing else is recorded", () => {
  it("a read, or a write not made through the API (a seed, a job), even on a connection an API write used before", async () => {
    await api.call("PUT", "/users/me", { as: "watchdog", body: { phone: "+32 2 555 00 01" } });
    const before = await lastId();
    expect((await api.call("GET", "/users/me", { as: "watchdog" })).status).toBe(200);
    // The test database has 4 connections: each is used, whichever the API write had.
    await Promise.all([1, 2, 3, 4].map((n) => api.db.updateTable("calls").set({ title: sql`title` }).where("id", "=", n).execute()));
    expect(await entriesAfter(before)).toEqual([]);
  });
});

describe("in the write's own transaction", () => {
  it("a transaction that fails leaves no entry; one that commits leaves it", async () => {
    const before = await lastId();
    const ctx = context();
    await expect(
      auditing(ctx, () =>
        api.db.transaction().execute(async (trx) => {
          await trx.updateTable("calls").set({ title: "Renamed, then rolled back" }).where("id", "=", 1).execute();
          throw new Error("the write fails after its first change");
        }),
      ),
    ).rejects.toThrow(/fails/);
    expect(await entriesAfter(before)).toEqual([]);
    const title = (await api.db.selectFrom("calls").select("title").where("id", "=", 1).executeTakeFirstOrThrow()).title;
    await auditing(ctx, () => api.db.transaction().execute((trx) => trx.updateTable("calls").set({ title: `${title}!` }).where("id", "=", 1).execute()));
    const entries = await entriesAfter(before);
    expect(entries).toMatchObject([{ request_id: ctx.request, entity: "calls", changes: [{ table: "calls", key: { id: 1 }, fields: { title: [title, `${title}!`] } }] }]);
    await api.db.updateTable("calls").set({ title }).where("id", "=", 1).execute();
  });

  it("a request's several transactions make one entry", async () => {
    const before = await lastId();
    const ctx = context({ entity: "pages" });
    await auditing(ctx, async () => {
      await api.db.updateTable("pages").set({ menu_order: 7 }).where("id", "=", 1).execute();
      await api.db.transaction().execute((trx) => trx.updateTable("pages").set({ menu_order: 8 }).where("id", "=", 1).execute());
    });
    const entries = await entriesAfter(before);
    expect(entries).toHaveLength(1);
    expect(entries[0].changes.map((c) => c.fields.menu_order?.[1])).toEqual([7, 8]);
  });
});

describe("GET /api/audit", () => {
  it("lists entries newest first, filtered by person, record, application and day", async () => {
    const draft = (await startDraft(api, "applicant2")).data;
    const token = { as: "admin" as const };
    const all = await api.call("GET", "/audit?per_page=5", token);
    expect(all.status).toBe(200);
    const page = (await all.json()) as { data: { id: number; operation: string; actor: { name: string } | null }[]; meta: { total: number } };
    expect(page.data[0].id).toBeGreaterThan(page.data[1].id);
    expect(page.meta.total).toBeGreaterThan(5);

    const byApp = (await (await api.call("GET", `/audit?application_id=${draft.id}`, token)).json()) as { data: { operation: string; entity_id: string }[] };
    expect(byApp.data).toMatchObject([{ operation: "POST /api/applications", entity_id: String(draft.id) }]);
    const own = (await (await api.call("GET", `/applications/${draft.id}/audit`, { as: "editor" })).json()) as { data: unknown[] };
    expect(own.data).toEqual(byApp.data);

    const email = (await api.db.selectFrom("users").select("email").where("sub", "=", "demo-applicant2").executeTakeFirstOrThrow()).email;
    const byPerson = (await (await api.call("GET", `/audit?person=${encodeURIComponent(email.toUpperCase())}`, token)).json()) as { data: { actor: { email: string } }[] };
    expect(byPerson.data.length).toBeGreaterThan(0);
    expect(new Set(byPerson.data.map((e) => e.actor.email))).toEqual(new Set([email]));

    const byEntity = (await (await api.call("GET", `/audit?entity=applications&entity_id=${draft.id}`, token)).json()) as { data: unknown[] };
    expect(byEntity.data).toHaveLength(1);
    const future = (await (await api.call("GET", "/audit?date_from=2099-01-01", token)).json()) as { data: unknown[] };
    expect(future.data).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const recent = (await (await api.call("GET", `/audit?date_from=${yesterday}&date_to=${today}&application_id=${draft.id}`, token)).json()) as { data: unknown[] };
    expect(recent.data).toHaveLength(1);
  });

  it("refuses bad filters with 422", async () => {
    for (const q of ["entity=Calls;drop", "date_from=2026-02-30", "date_from=2026-02-02&date_to=2026-02-01", "application_id=0", `person=${"x".repeat(300)}`]) {
      expect((await api.call("GET", `/audit?${q}`, { as: "admin" })).status, q).toBe(422);
    }
  });
});

describe("retention and erasure", () => {
  it("the purge deletes the entries older than the retention, and only those", async () => {
    const old = context();
    await auditing(old, () => api.db.updateTable("pages").set({ menu_order: 3 }).where("id", "=", 2).execute());
    await api.db.updateTable("audit_entries").set({ at: sql`now() - interval '11 days'` }).where("request_id", "=", old.request).execute();
    const recent = context();
    await auditing(recent, () => api.db.updateTable("pages").set({ menu_order: 4 }).where("id", "=", 2).execute());
    await api.db.updateTable("audit_entries").set({ at: sql`now() - interval '9 days'` }).where("request_id", "=", recent.request).execute();
    expect(await purgeAuditEntries(api.db, 10)).toBe(1);
    const left = await api.db.selectFrom("audit_entries").select("request_id").where("request_id", "in", [old.request, recent.request]).execute();
    expect(left).toEqual([{ request_id: recent.request }]);
  });

  it("AUDIT_RETENTION_DAYS: three years by default, a whole number of days or the start stops", () => {
    expect(auditRetentionDays({})).toBe(1095);
    expect(auditRetentionDays({ AUDIT_RETENTION_DAYS: "30" })).toBe(30);
    for (const bad of ["0", "-1", "1.5", "ten", "99999"]) expect(() => auditRetentionDays({ AUDIT_RETENTION_DAYS: bad }), bad).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it("an erased person's recorded values are dropped, the fields' names and who wrote kept; an erasure records no value", async () => {
    const viewer = await userId(api, "viewer");
    await api.call("PUT", "/users/me", { as: "viewer", body: { phone: "+32 2 555 12 34" } });
    await api.db.transaction().execute((trx) => forgetPersonInAudit(trx, viewer, []));
    const entries = await api.db.selectFrom("audit_entries").selectAll().where("actor_id", "=", viewer).execute();
    const phones = entries.flatMap((e) => e.changes.filter((c) => c.table === "users").map((c) => c.fields.phone)).filter(Boolean);
    expect(phones.length).toBeGreaterThan(0);
    expect(phones.every((p) => p![0] === null && p![1] === null)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain("555 12 34");

    const erasure = context({ entity: "users", entity_id: String(viewer) });
    await auditing(erasure, () =>
      api.db.transaction().execute(async (trx) => {
        await redactAuditIn(trx);
        await trx.updateTable("users").set({ phone: "+32 2 555 99 99" }).where("id", "=", viewer).execute();
      }),
    );
    const [entry] = await api.db.selectFrom("audit_entries").selectAll().where("request_id", "=", erasure.request).execute();
    expect(entry.changes).toEqual([{ table: "users", op: "update", key: { id: viewer }, fields: { phone: [null, null] } }]);
  });
});
