import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { itAnswers401And403, NOT_ADMIN_AREA } from "../support/guards";
import { demo } from "../support/tokens";
import * as calls from "../../app/api/calls/contract";
import type { Success } from "../../app/api/contract";
import { seedCalls } from "../../app/db/seeds/demo-calls";

let api: TestApi;
let editorId: number;
let infra: number[];
beforeAll(async () => {
  api = await createTestApi();
  editorId = (await api.db.selectFrom("users").select("id").where("email", "=", demo("editor").email).executeTakeFirstOrThrow()).id;
  infra = (await api.db.selectFrom("infrastructures").select("id").where("deleted_at", "is", null).orderBy("id").execute()).map((r) => r.id);
});
afterAll(() => api.close());


/** A stored medium, as an upload by `userId` would leave it (the upload API is tested with media). */
async function medium(name = "agreement.pdf", userId = editorId): Promise<number> {
  const row = await api.db
    .insertInto("media")
    .values({ uuid: crypto.randomUUID(), name, mime_type: "application/pdf", size: 1234, user_id: userId })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

let serial = 0;
/** A complete, valid create body with its own title and acceptance agreement. */
async function validBody(changes: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return {
    title: `API call ${++serial} ${crypto.randomUUID().slice(0, 8)}`,
    description: "Access to the polar stations for one season.",
    open_at: "2027-01-10",
    close_at: "2027-02-10",
    start_at: "2027-03-01",
    end_at: "2027-12-01",
    evaluation_date: "2027-02-20",
    evaluation_manager_date: "2027-02-25",
    acceptance_date: "2027-03-10",
    sm_reminder_date: "2027-03-05",
    user_report_days: 30,
    physical_access: true,
    remote_access: false,
    ri_training: true,
    unauthorized_countries: ["KP"],
    available_infrastructures: [infra[0], infra[1]],
    acceptance_agreement: await medium(),
    ...changes,
  };
}

async function create(changes: Record<string, unknown> = {}, as = "editor") {
  // Through the contract, as the portal's screens call it: the answer is typed.
  const { status, data } = await api.op(calls.create, { as, json: (await validBody(changes)) as never });
  expect(status).toBe(201);
  return data;
}

/** The update body for a call read from the API: its fields as the form would send them back. */
function bodyOf(call: Success<typeof calls.one>) {
  return {
    ...call,
    available_infrastructures: (call.available_infrastructures ?? []).map((i) => i.id),
    acceptance_agreement: call.acceptance_agreement?.id,
    scientific_report_template: call.scientific_report_template?.id ?? null,
    data_man_template: call.data_man_template?.id ?? null,
  };
}

const countCalls = async () => Number((await api.db.selectFrom("calls").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

describe("POST /api/calls", () => {
  it("answers 401 without a token", async () => {
    expect((await api.call("POST", "/calls", { body: await validBody() })).status).toBe(401);
  });

  it.each(NOT_ADMIN_AREA)("answers 403 to %s and creates nothing", async (role) => {
    const before = await countCalls();
    expect((await api.call("POST", "/calls", { as: role, body: await validBody() })).status).toBe(403);
    expect(await countCalls()).toBe(before);
  });

  it.each(["editor", "admin"])("creates a draft owned by the %s, whatever status the body asks for", async (role) => {
    const call = await create({ status: "open" }, role);
    expect(call.status).toBe("draft");
    const me = await api.db.selectFrom("users").select("id").where("email", "=", demo(role).email).executeTakeFirstOrThrow();
    expect(call.user_id).toBe(me.id);
    expect(call.owner?.id).toBe(me.id);
    expect(call).toMatchObject({ physical_access: true, remote_access: false, ri_training: true, user_report_days: 30, unauthorized_countries: ["KP"] });
    expect((call.available_infrastructures ?? []).map((i) => i.id).sort()).toEqual([infra[0], infra[1]].sort());
  });

  it("links the files in their collections and shows them on the call", async () => {
    const template = await medium("report-template.docx");
    const dmp = await medium("dmp-template.pdf");
    const call = await create({ scientific_report_template: template, data_man_template: dmp });
    expect(call.acceptance_agreement).toMatchObject({ name: "agreement.pdf", mime_type: "application/pdf", size: 1234 });
    expect(call.scientific_report_template).toMatchObject({ id: template, name: "report-template.docx" });
    expect(call.data_man_template).toMatchObject({ id: dmp });
    const links = await api.db.selectFrom("media_links").select(["collection", "media_id"]).where("attached_to_type", "=", "call").where("attached_to_id", "=", String(call.id)).orderBy("collection").execute();
    expect(links).toEqual([
      { collection: "acceptance_agreement", media_id: call.acceptance_agreement?.id },
      { collection: "data_man_template", media_id: dmp },
      { collection: "scientific_report_template", media_id: template },
    ]);
    const fetched = await (await api.call("GET", `/calls/${call.id}`, { as: "editor" })).json();
    expect(fetched.scientific_report_template.name).toBe("report-template.docx");
  });

  // docs/validation.md#call, one rule per row: the changes that break it and the error it gives.
  const RULES: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ["title is required", { title: "" }, { title: ["validation.required"] }],
    ["title is at most 255 characters", { title: "x".repeat(256) }, { title: ["validation.max"] }],
    ["description is at most 4242 characters", { description: "x".repeat(4243) }, { description: ["validation.max"] }],
    ["open_at is required", { open_at: undefined }, { open_at: ["validation.required"] }],
    ["open_at is an ISO date", { open_at: "10/01/2027" }, { open_at: ["call-validation.date"] }],
    ["close_at is required", { close_at: null }, { close_at: ["validation.required"] }],
    ["close_at is an ISO date", { close_at: "2027-02-31" }, { close_at: ["call-validation.date"] }],
    ["close_at is not before open_at", { close_at: "2027-01-09" }, { close_at: ["call-validation.close-before-open"] }],
    ["physical and remote access are not both accepted", { remote_access: true }, { physical_access: ["call-validation.access-both"] }],
    ["start_at comes with end_at", { end_at: undefined }, { end_at: ["call-validation.dates-together"] }],
    ["end_at comes with start_at", { start_at: "" }, { start_at: ["call-validation.dates-together"] }],
    ["start_at is an ISO date", { start_at: "March" }, { start_at: ["call-validation.date"] }],
    ["end_at is an ISO date", { end_at: "2027-13-01" }, { end_at: ["call-validation.date"] }],
    ["end_at is not before start_at", { end_at: "2027-02-28" }, { end_at: ["call-validation.end-before-start"] }],
    ["evaluation_date is required", { evaluation_date: undefined }, { evaluation_date: ["validation.required"] }],
    ["evaluation_date is an ISO date", { evaluation_date: "2027-2-20" }, { evaluation_date: ["call-validation.date"] }],
    ["evaluation_manager_date is required", { evaluation_manager_date: "" }, { evaluation_manager_date: ["validation.required"] }],
    ["evaluation_manager_date is an ISO date", { evaluation_manager_date: "tomorrow" }, { evaluation_manager_date: ["call-validation.date"] }],
    ["acceptance_date is required", { acceptance_date: undefined }, { acceptance_date: ["validation.required"] }],
    ["acceptance_date is an ISO date", { acceptance_date: 20270310 }, { acceptance_date: ["call-validation.date"] }],
    ["sm_reminder_date is an ISO date", { sm_reminder_date: "soon" }, { sm_reminder_date: ["call-validation.date"] }],
    ["user_report_days is required", { user_report_days: undefined }, { user_report_days: ["validation.required"] }],
    ["user_report_days is an integer", { user_report_days: 1.5 }, { user_report_days: ["call-validation.integer"] }],
    ["user_report_days is at least 1", { user_report_days: 0 }, { user_report_days: ["call-validation.min-report-days"] }],
    ["acceptance_agreement is required", { acceptance_agreement: undefined }, { acceptance_agreement: ["validation.required"] }],
    ["acceptance_agreement is a medium id", { acceptance_agreement: "agreement.pdf" }, { acceptance_agreement: ["validation.invalid"] }],
    ["unauthorized_countries are country codes", { unauthorized_countries: ["North Korea"] }, { unauthorized_countries: ["call-validation.country"] }],
    ["unauthorized_countries exist", { unauthorized_countries: ["ZZ"] }, { unauthorized_countries: ["call-validation.unknown-country"] }],
    ["available_infrastructures exist", { available_infrastructures: [999999] }, { available_infrastructures: ["call-validation.unknown-infrastructure"] }],
    ["switches are booleans", { half_point_rating: "maybe" }, { half_point_rating: ["validation.invalid"] }],
  ];

  it.each(RULES)("422: %s", async (_rule, changes, errors) => {
    const before = await countCalls();
    const res = await api.call("POST", "/calls", { as: "editor", body: await validBody(changes) });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: expect.any(String), code: "validation.failed", errors });
    expect(await countCalls()).toBe(before);
  });

  it("422: an acceptance agreement that is not a stored medium, and nothing is left behind", async () => {
    const before = await countCalls();
    const body = await validBody({ acceptance_agreement: 99999999 });
    const res = await api.call("POST", "/calls", { as: "editor", body });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ acceptance_agreement: ["media.not-found"] });
    expect(await countCalls()).toBe(before);
    expect(await api.db.selectFrom("calls").select("id").where("title", "=", body.title as string).executeTakeFirst()).toBeUndefined();
  });

  it("422: every error at once", async () => {
    const res = await api.call("POST", "/calls", {
      as: "editor",
      body: { title: "", close_at: "2027-01-01", open_at: "2027-02-01", remote_access: true, physical_access: true, unauthorized_countries: ["ZZ"] },
    });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors).sort()).toEqual([
      "acceptance_agreement", "acceptance_date", "close_at", "evaluation_date", "evaluation_manager_date", "physical_access", "title",
      "unauthorized_countries", "user_report_days",
    ]);
  });
});

describe("PUT /api/calls/{id}", () => {
  it("answers 401 without a token", async () => {
    const call = await create();
    expect((await api.call("PUT", `/calls/${call.id}`, { body: bodyOf(call) })).status).toBe(401);
  });

  it.each(NOT_ADMIN_AREA)("answers 403 to %s and changes nothing", async (role) => {
    const call = await create();
    const res = await api.call("PUT", `/calls/${call.id}`, { as: role, body: { ...bodyOf(call), title: "Hijacked" } });
    expect(res.status).toBe(403);
    expect((await api.db.selectFrom("calls").select("title").where("id", "=", call.id).executeTakeFirstOrThrow()).title).toBe(call.title);
  });

  it("answers 404 for a missing call", async () => {
    const call = await create();
    expect((await api.call("PUT", "/calls/99999999", { as: "editor", body: bodyOf(call) })).status).toBe(404);
  });

  it.each(["editor", "admin"])("replaces the call for the %s, files and infrastructures included", async (role) => {
    const call = await create();
    const agreement = await medium("agreement-v2.pdf");
    const res = await api.call("PUT", `/calls/${call.id}`, {
      as: role,
      body: { ...bodyOf(call), title: `${call.title} (v2)`, status: "open", available_infrastructures: [infra[2]], acceptance_agreement: agreement, physical_access: false, remote_access: true, start_at: null, end_at: null },
    });
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved).toMatchObject({ title: `${call.title} (v2)`, status: "open", remote_access: true, start_at: null, end_at: null, user_id: editorId });
    expect(saved.available_infrastructures.map((i: { id: number }) => i.id)).toEqual([infra[2]]);
    expect(saved.acceptance_agreement).toMatchObject({ id: agreement, name: "agreement-v2.pdf" });
    expect(new Date(saved.updated_at).getTime()).toBeGreaterThan(new Date(call.updated_at).getTime());
    const links = await api.db.selectFrom("media_links").select("media_id").where("attached_to_type", "=", "call").where("attached_to_id", "=", String(call.id)).execute();
    expect(links.map((l) => l.media_id)).toEqual([agreement]);
  });

  it("requires the infrastructures once the status is open", async () => {
    const call = await create();
    const res = await api.call("PUT", `/calls/${call.id}`, { as: "editor", body: { ...bodyOf(call), status: "open", available_infrastructures: [] } });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ available_infrastructures: ["call-validation.infrastructures-required"] });
  });

  it("requires a known status", async () => {
    const call = await create();
    const missing = await api.call("PUT", `/calls/${call.id}`, { as: "editor", body: { ...bodyOf(call), status: undefined } });
    expect((await missing.json()).errors).toEqual({ status: ["validation.required"] });
    const bogus = await api.call("PUT", `/calls/${call.id}`, { as: "editor", body: { ...bodyOf(call), status: "archived" } });
    expect((await bogus.json()).errors).toEqual({ status: ["validation.invalid"] });
  });

  it("requires the updated_at the client saw", async () => {
    const call = await create();
    const res = await api.call("PUT", `/calls/${call.id}`, { as: "editor", body: { ...bodyOf(call), updated_at: undefined } });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ updated_at: ["validation.required"] });
  });

  it("answers 409 to a stale update and keeps the newer save", async () => {
    const call = await create();
    const first = await api.op(calls.update, { as: "editor", param: { id: call.id }, json: { ...bodyOf(call), title: "First save wins" } as never });
    expect(first.status).toBe(200);
    expect(first.data.updated_at).not.toBe(call.updated_at);
    const stale = await api.op(calls.update, { as: "admin", param: { id: call.id }, json: { ...bodyOf(call), title: "Second save is stale" } as never });
    expect(stale.status).toBe(409);
    expect(stale.data).toEqual({ message: expect.any(String), code: "call-errors.stale" });
    expect((await api.db.selectFrom("calls").select("title").where("id", "=", call.id).executeTakeFirstOrThrow()).title).toBe("First save wins");
  });

  it("changes nothing when a file cannot be linked", async () => {
    const call = await create();
    const res = await api.call("PUT", `/calls/${call.id}`, { as: "editor", body: { ...bodyOf(call), title: "Not saved", data_man_template: 99999999 } });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ data_man_template: ["media.not-found"] });
    const row = await api.db.selectFrom("calls").select(["title", "updated_at"]).where("id", "=", call.id).executeTakeFirstOrThrow();
    expect(row.title).toBe(call.title);
    expect((row.updated_at as unknown as Date).toISOString()).toBe(call.updated_at);
  });
});

describe("DELETE /api/calls/{id} and PUT /api/calls/{id}/restore", () => {
  it("answer 401 without a token", async () => {
    const call = await create();
    expect((await api.call("DELETE", `/calls/${call.id}`)).status).toBe(401);
    expect((await api.call("PUT", `/calls/${call.id}/restore`, { body: {} })).status).toBe(401);
  });

  it.each(NOT_ADMIN_AREA)("answer 403 to %s", async (role) => {
    const call = await create();
    expect((await api.call("DELETE", `/calls/${call.id}`, { as: role })).status).toBe(403);
    await api.call("DELETE", `/calls/${call.id}`, { as: "editor" });
    expect((await api.call("PUT", `/calls/${call.id}/restore`, { as: role, body: {} })).status).toBe(403);
    const row = await api.db.selectFrom("calls").select("deleted_at").where("id", "=", call.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });

  it("soft-deletes a call: out of the list and public view, kept in the deleted items, then restored", async () => {
    const call = await create();
    await api.db.updateTable("calls").set({ status: "publish" }).where("id", "=", call.id).execute();
    expect((await api.call("DELETE", `/calls/${call.id}`, { as: "editor" })).status).toBe(204);
    expect((await api.call("DELETE", `/calls/${call.id}`, { as: "editor" })).status).toBe(404);
    const live = await (await api.call("GET", `/calls?q=${encodeURIComponent(call.title)}`, { as: "editor" })).json();
    expect(live.data).toHaveLength(0);
    const trashed = await (await api.call("GET", `/calls?trashed=only&q=${encodeURIComponent(call.title)}`, { as: "editor" })).json();
    expect(trashed.data.map((c: { id: number }) => c.id)).toEqual([call.id]);
    expect((await api.call("GET", `/calls/${call.id}`, { as: "applicant" })).status).toBe(404);
    expect(await api.db.selectFrom("media_links").select("id").where("attached_to_id", "=", String(call.id)).execute()).toHaveLength(1);

    const restored = await api.call("PUT", `/calls/${call.id}/restore`, { as: "admin", body: {} });
    expect(restored.status).toBe(200);
    expect((await restored.json()).deleted_at).toBeNull();
    expect((await api.call("GET", `/calls/${call.id}`, { as: "applicant" })).status).toBe(200);
    expect((await api.call("PUT", `/calls/${call.id}/restore`, { as: "admin", body: {} })).status).toBe(404);
  });

  it("makes a form opened before the deletion stale", async () => {
    const call = await create();
    await api.call("DELETE", `/calls/${call.id}`, { as: "editor" });
    await api.call("PUT", `/calls/${call.id}/restore`, { as: "editor", body: {} });
    expect((await api.call("PUT", `/calls/${call.id}`, { as: "editor", body: bodyOf(call) })).status).toBe(409);
  });

  it("answer 404 for a missing call", async () => {
    expect((await api.call("DELETE", "/calls/99999999", { as: "editor" })).status).toBe(404);
    expect((await api.call("PUT", "/calls/99999999/restore", { as: "editor", body: {} })).status).toBe(404);
  });
});

describe("GET /api/calls/option-list", () => {
  itAnswers401And403(() => api, "/calls/option-list");

  it.each(["editor", "admin"])("lists live calls as label and value for the %s, 1000 per page", async (role) => {
    const call = await create();
    const gone = await create();
    await api.call("DELETE", `/calls/${gone.id}`, { as: "editor" });
    const res = await api.call("GET", "/calls/option-list", { as: role });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.meta).toMatchObject({ page: 1, per_page: 1000 });
    expect(body.data).toContainEqual({ label: call.title, value: call.id });
    expect(body.data.map((o: { value: number }) => o.value)).not.toContain(gone.id);
    expect(body.data.length).toBe(body.meta.total);
  });
});

describe("demo calls", () => {
  const links = (collection: string) =>
    api.db.selectFrom("media_links").select(["attached_to_id"]).where("attached_to_type", "=", "call").where("collection", "=", collection).execute();

  it("come with an acceptance agreement each, and some with report templates, however often they are seeded", async () => {
    const users = new Map([["editor", editorId]]);
    await seedCalls(api.db, users, infra);
    const demoCalls = await api.db.selectFrom("calls").select("id").where("title", "in", [
      "Transnational Access Call 2027: polar and marine", "Remote analyses call: isotopes and samples", "Transnational Access Call 2027 autumn",
      "Transnational Access Call 2026", "Transnational Access Call 2028 (in preparation)",
    ]).execute();
    expect(demoCalls).toHaveLength(5);
    const agreements = (await links("acceptance_agreement")).map((l) => l.attached_to_id);
    for (const c of demoCalls) expect(agreements.filter((id) => id === String(c.id))).toHaveLength(1);
    const templates = (await links("scientific_report_template")).filter((l) => demoCalls.some((c) => String(c.id) === l.attached_to_id));
    expect(templates).toHaveLength(3);
  });
});
