import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { createInfrastructure, DEMO, expectInvalid, getAs, infraId, insertMedium, unique, userId } from "./infrastructure-helpers";

// PUT /api/infrastructures/{id}: who may replace what, concurrency, atomicity.
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

type View = Record<string, unknown> & { id: number; updated_at: string; administrators: { id: number }[]; periods: unknown[] };

/** The editable body of an infrastructure as read (what a client sends back). */
function editable(view: View, changes: Record<string, unknown> = {}) {
  const { id: _i, manager: _m, administrators, periods, acceptance_agreement, created_at: _c, deleted_at: _d, ...fields } = view;
  return {
    ...fields,
    administrators: administrators.map((a) => a.id),
    periods: (periods as { date_from: string; date_to: string }[]).map(({ date_from, date_to }) => ({ date_from, date_to })),
    acceptance_agreement: (acceptance_agreement as { id: number } | null)?.id ?? null,
    ...changes,
  };
}
/** The same without the staff fields, as the staff form sends it. */
function ownOnly(view: View, changes: Record<string, unknown> = {}) {
  const { manager_id: _m, administrators: _a, ...rest } = editable(view, changes) as Record<string, unknown>;
  return rest;
}

const put = (id: number, as: string, body: unknown) => api.call("PUT", `/infrastructures/${id}`, { as, body });

describe("PUT /api/infrastructures/{id}: who", () => {
  it("answers 401 without a token", async () => {
    const view = await getAs(api, await infraId(api, DEMO.arctic));
    expect((await api.call("PUT", `/infrastructures/${view.id}`, { body: editable(view) })).status).toBe(401);
  });

  it.each(["applicant", "evaluator", "watchdog", "viewer"])("hides the infrastructure from %s (404) and changes nothing", async (role) => {
    const view = await getAs(api, await infraId(api, DEMO.arctic));
    expect((await put(view.id, role, editable(view, { name: "Hijacked" }))).status).toBe(404);
    expect((await getAs(api, view.id)).name).toBe(DEMO.arctic);
  });

  it("refuses staff another infrastructure, even with the role's unscoped infrastructure-update (404)", async () => {
    const isotope = await getAs(api, await infraId(api, DEMO.isotope));
    const me = await (await api.call("GET", "/users/me", { as: "infrastructure-manager" })).json();
    expect(me.permissions).toContain("infrastructure-update");
    expect((await put(isotope.id, "infrastructure-manager", ownOnly(isotope, { name: "Taken over" }))).status).toBe(404);
    const vessel = await getAs(api, await infraId(api, DEMO.vessel));
    expect((await put(vessel.id, "infrastructure-administrator", ownOnly(vessel, { name: "Taken over" }))).status).toBe(404);
    expect((await getAs(api, isotope.id)).name).toBe(DEMO.isotope);
    expect((await getAs(api, vessel.id)).name).toBe(DEMO.vessel);
  });

  it("lets the manager replace their infrastructure's own fields, keeping its staff", async () => {
    const manager = await userId(api, "infrastructure-manager");
    const admin = await userId(api, "infrastructure-administrator");
    const created = await createInfrastructure(api, { manager_id: manager, administrators: [admin] });
    const res = await put(created.id, "infrastructure-manager", ownOnly(created, {
      description: "Updated by its manager",
      ga_access_quantity: 12,
      short_name: null,
      periods: [{ date_from: "2032-01-01", date_to: "2032-01-31" }],
    }));
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    const saved = await res.json();
    expect(saved).toMatchObject({ description: "Updated by its manager", ga_access_quantity: 12, short_name: null, manager_id: manager });
    expect(saved.administrators.map((a: { id: number }) => a.id)).toEqual([admin]);
    expect(saved.periods).toMatchObject([{ date_from: "2032-01-01", date_to: "2032-01-31" }]);
    expect(saved.updated_at > created.updated_at).toBe(true);
  });

  it("lets an administrator of the infrastructure update it too", async () => {
    const view = await getAs(api, await infraId(api, DEMO.marine), "infrastructure-administrator");
    const res = await put(view.id, "infrastructure-administrator", ownOnly(view, { owner_contact: "desk@mmo.example.org" }));
    expect(res.status).toBe(200);
    expect((await res.json()).owner_contact).toBe("desk@mmo.example.org");
  });
});

describe("PUT /api/infrastructures/{id}: staff cannot change staff", () => {
  it("refuses a manager who sends another manager (403) and saves nothing", async () => {
    const manager = await userId(api, "infrastructure-manager");
    const created = await createInfrastructure(api, { manager_id: manager });
    const res = await put(created.id, "infrastructure-manager", editable(created, { manager_id: await userId(api, "applicant"), name: "Renamed" }));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: expect.any(String), code: "infrastructure-validation.staff-fields" });
    expect(await getAs(api, created.id)).toMatchObject({ manager_id: manager, name: created.name, updated_at: created.updated_at });
  });

  it("refuses staff who send other administrators (403)", async () => {
    const manager = await userId(api, "infrastructure-manager");
    const created = await createInfrastructure(api, { manager_id: manager });
    const res = await put(created.id, "infrastructure-manager", editable(created, { administrators: [await userId(api, "applicant")] }));
    expect(res.status).toBe(403);
    expect((await getAs(api, created.id)).administrators).toEqual([]);
  });

  it("refuses staff who clear the manager (403)", async () => {
    const manager = await userId(api, "infrastructure-manager");
    const created = await createInfrastructure(api, { manager_id: manager });
    expect((await put(created.id, "infrastructure-manager", editable(created, { manager_id: null }))).status).toBe(403);
    expect((await getAs(api, created.id)).manager_id).toBe(manager);
  });

  it("accepts staff sending back the staff unchanged", async () => {
    const manager = await userId(api, "infrastructure-manager");
    const created = await createInfrastructure(api, { manager_id: manager, administrators: [await userId(api, "infrastructure-administrator")] });
    const res = await put(created.id, "infrastructure-manager", editable(created, { type: "Round trip" }));
    expect(res.status).toBe(200);
    expect((await res.json()).type).toBe("Round trip");
  });
});

describe("PUT /api/infrastructures/{id}: editors", () => {
  it("change the staff, and keep them when the body leaves them out", async () => {
    const created = await createInfrastructure(api);
    const manager = await userId(api, "applicant");
    const admins = [await userId(api, "evaluator"), await userId(api, "watchdog")];
    const res = await put(created.id, "editor", editable(created, { manager_id: manager, administrators: admins }));
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved.manager_id).toBe(manager);
    expect(saved.administrators.map((a: { id: number }) => a.id).sort()).toEqual([...admins].sort());

    const again = await put(created.id, "admin", ownOnly(saved, { name: unique("Renamed") }));
    expect(again.status).toBe(200);
    const kept = await again.json();
    expect(kept.manager_id).toBe(manager);
    expect(kept.administrators).toHaveLength(2);

    const cleared = await (await put(created.id, "editor", editable(kept, { manager_id: null, administrators: [] }))).json();
    expect(cleared).toMatchObject({ manager_id: null, manager: null, administrators: [] });
  });

  it("check the manager is not an administrator against the staff kept", async () => {
    const admin = await userId(api, "infrastructure-administrator");
    const created = await createInfrastructure(api, { administrators: [admin] });
    const { administrators: _a, ...body } = editable(created, { manager_id: admin });
    await expectInvalid(await put(created.id, "editor", body), { administrators: ["infrastructure-validation.manager-is-administrator"] });
  });

  it("may not edit a soft-deleted infrastructure (404)", async () => {
    const created = await createInfrastructure(api);
    await api.call("DELETE", `/infrastructures/${created.id}`, { as: "editor" });
    expect((await put(created.id, "editor", editable(created))).status).toBe(404);
  });

  it("answer 404 for an unknown id", async () => {
    const created = await createInfrastructure(api);
    expect((await put(99999999, "editor", editable(created))).status).toBe(404);
  });
});

describe("PUT /api/infrastructures/{id}: concurrency and atomicity", () => {
  it("answers 409 to a stale updated_at and keeps the newer save", async () => {
    const created = await createInfrastructure(api);
    expect((await put(created.id, "editor", editable(created, { type: "First save" }))).status).toBe(200);
    const res = await put(created.id, "admin", editable(created, { type: "Second, stale save" }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: expect.any(String), code: "infrastructure-validation.stale" });
    expect((await getAs(api, created.id)).type).toBe("First save");
  });

  it("requires updated_at", async () => {
    const created = await createInfrastructure(api);
    await expectInvalid(await put(created.id, "editor", editable(created, { updated_at: null })), { updated_at: ["validation.required"] });
    await expectInvalid(await put(created.id, "editor", editable(created, { updated_at: "yesterday" })), { updated_at: ["validation.invalid"] });
  });

  it("validates like creation: overlapping periods are refused and the old periods stay", async () => {
    const created = await createInfrastructure(api);
    const res = await put(created.id, "editor", editable(created, {
      name: "",
      periods: [{ date_from: "2033-01-01", date_to: "2033-02-01" }, { date_from: "2033-01-20", date_to: "2033-03-01" }],
    }));
    await expectInvalid(res, { name: ["validation.required"], "periods[1].date_from": ["infrastructure-validation.period-overlap"] });
    const after = await getAs(api, created.id);
    expect(after.periods).toEqual(created.periods);
    expect(after.updated_at).toBe(created.updated_at);
  });

  it("rolls the row back when linking the acceptance agreement fails", async () => {
    const created = await createInfrastructure(api);
    // Someone else's private upload cannot be attached by guessing its id.
    const foreign = await insertMedium(api, "applicant");
    const res = await put(created.id, "editor", editable(created, {
      name: "Should not stick", periods: [], acceptance_agreement: foreign.id,
    }));
    // Editors may attach any medium; a missing one fails after the row was updated.
    expect(res.status).toBe(200);
    const saved = await res.json();
    const failed = await put(created.id, "editor", editable(saved, { name: "Must not stick", periods: [], acceptance_agreement: 99999999 }));
    await expectInvalid(failed, { acceptance_agreement: ["media.not-found"] });
    const after = await getAs(api, created.id);
    expect(after).toMatchObject({ name: "Should not stick", updated_at: saved.updated_at, acceptance_agreement: { id: foreign.id } });
  });

  it("lets staff attach only their own uploads, and replace or remove the agreement", async () => {
    const manager = await userId(api, "infrastructure-manager");
    const created = await createInfrastructure(api, { manager_id: manager });
    const foreign = await insertMedium(api, "applicant");
    const refused = await put(created.id, "infrastructure-manager", ownOnly(created, { acceptance_agreement: foreign.id }));
    await expectInvalid(refused, { acceptance_agreement: ["media.not-found"] });
    const own = await insertMedium(api, "infrastructure-manager");
    const attached = await (await put(created.id, "infrastructure-manager", ownOnly(created, { acceptance_agreement: own.id }))).json();
    expect(attached.acceptance_agreement.id).toBe(own.id);
    const removed = await (await put(created.id, "infrastructure-manager", ownOnly(attached, { acceptance_agreement: null }))).json();
    expect(removed.acceptance_agreement).toBeNull();
    expect(await api.db.selectFrom("media_links").select("id").where("media_id", "=", own.id).execute()).toEqual([]);
  });
});
