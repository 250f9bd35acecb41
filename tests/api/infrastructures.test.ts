import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { itAnswers401And403 } from "../support/guards";
import { COST_CALCULATIONS, INFRASTRUCTURE_CATEGORIES, UNIT_COSTS } from "../../app/domain/infrastructures/infrastructure";
import {
  createInfrastructure, DEMO, expectInvalid, fullBody, getAs, infraId, insertMedium, NOT_ADMIN_AREA, unique, userId,
} from "./infrastructure-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

type Item = { id: number; name: string; label?: string; value?: number };
const names = (data: Item[]) => data.map((i) => i.name);

describe("GET /api/infrastructures/option-list", () => {
  itAnswers401And403(() => api, "/infrastructures/option-list");

  it("lists live infrastructures by name as label/value, 1000 a page, without soft-deleted ones", async () => {
    const trashed = await createInfrastructure(api, { name: unique("Zz trashed option") });
    expect((await api.call("DELETE", `/infrastructures/${trashed.id}`, { as: "editor" })).status).toBe(204);
    const res = await api.call("GET", "/infrastructures/option-list", { as: "admin" });
    expect(res.status).toBe(200);
    const { data, meta } = await res.json();
    expect(meta).toMatchObject({ page: 1, per_page: 1000 });
    expect(data).toContainEqual({ label: DEMO.arctic, value: await infraId(api, DEMO.arctic) });
    expect(data.map((o: { label: string }) => o.label)).toEqual([...data.map((o: { label: string }) => o.label)].sort());
    expect(data.map((o: { value: number }) => o.value)).not.toContain(trashed.id);
    expect(meta.total).toBe(data.length);
  });

  it("refuses more than 1000 a page", async () => {
    expect((await api.call("GET", "/infrastructures/option-list?per_page=1001", { as: "editor" })).status).toBe(422);
  });
});

describe("lookup lists", () => {
  const lists = [
    ["/infrastructures/categories", INFRASTRUCTURE_CATEGORIES],
    ["/infrastructures/cost-calculations-list", COST_CALCULATIONS],
    ["/infrastructures/unit-costs", UNIT_COSTS],
  ] as const;

  it.each(lists)("%s answers 401 without a token", async (path) => {
    expect((await api.call("GET", path)).status).toBe(401);
  });

  it.each(lists)("%s serves its list as label/value to any signed-in user", async (path, list) => {
    const res = await api.call("GET", path, { as: "applicant" });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toEqual(list.map(({ label, value }) => ({ label, value })));
    expect(data.length).toBeGreaterThan(3);
  });
});

describe("GET /api/infrastructures", () => {
  itAnswers401And403(() => api, "/infrastructures");

  it("lists every live infrastructure by name, 20 a page, with staff and periods", async () => {
    const res = await api.call("GET", "/infrastructures", { as: "editor" });
    expect(res.status).toBe(200);
    const { data, meta } = await res.json();
    expect(meta).toMatchObject({ page: 1, per_page: 20 });
    expect(names(data)).toEqual([...names(data)].sort());
    const arctic = data.find((i: Item) => i.name === DEMO.arctic);
    expect(arctic).toMatchObject({ country: "NO", category: "field-station", cost_per_unit: 420, preset_unit_cost: true });
    expect(arctic.manager).toMatchObject({ id: await userId(api, "infrastructure-manager"), display_name: "Ingrid Manager" });
    expect(arctic.administrators.map((a: Item) => a.id)).toEqual([await userId(api, "infrastructure-administrator")]);
    expect(arctic.periods).toHaveLength(2);
  });

  it("filters by text, country and category", async () => {
    const body = async (query: string) => (await (await api.call("GET", `/infrastructures?${query}`, { as: "editor" })).json()).data as Item[];
    expect(names(await body("q=isotope"))).toEqual([DEMO.isotope]);
    expect(names(await body("q=RV-AE"))).toEqual([DEMO.vessel]);
    expect(names(await body("country=GR"))).toEqual([DEMO.marine]);
    expect(names(await body("category=research-vessel"))).toEqual([DEMO.vessel]);
    expect(await body("q=isotope&country=NO")).toEqual([]);
  });

  it("sorts by an allowed column and pages", async () => {
    const res = await api.call("GET", "/infrastructures?sort_by=country&order=desc&per_page=2&page=1", { as: "admin" });
    const { data, meta } = await res.json();
    expect(data).toHaveLength(2);
    expect(meta.total).toBeGreaterThanOrEqual(4);
    expect(data[0].country >= data[1].country).toBe(true);
    const second = await (await api.call("GET", "/infrastructures?sort_by=country&order=desc&per_page=2&page=2", { as: "admin" })).json();
    expect(second.data.map((i: Item) => i.id)).not.toContain(data[0].id);
  });

  it("refuses unknown sorts, categories and countries", async () => {
    for (const q of ["sort_by=password", "category=spaceship", "country=Belgium", "per_page=1001"]) {
      expect((await api.call("GET", `/infrastructures?${q}`, { as: "editor" })).status).toBe(422);
    }
  });
});

describe("POST /api/infrastructures", () => {
  it("answers 401 without a token", async () => {
    expect((await api.call("POST", "/infrastructures", { body: fullBody() })).status).toBe(401);
  });

  it.each(NOT_ADMIN_AREA)("answers 403 to %s and creates nothing", async (role) => {
    const body = fullBody();
    expect((await api.call("POST", "/infrastructures", { as: role, body })).status).toBe(403);
    expect(await api.db.selectFrom("infrastructures").select("id").where("name", "=", body.name).execute()).toEqual([]);
  });

  it("creates an infrastructure with every field, its periods in date order, its staff and their roles", async () => {
    const outsider = { sub: `new-staff-${Date.now()}`, email: `new-staff-${Date.now()}@example.org`, name: "Nora Newstaff" };
    expect((await api.call("GET", "/users/me", { as: outsider })).status).toBe(200);
    const outsiderId = (await api.db.selectFrom("users").select("id").where("email", "=", outsider.email).executeTakeFirstOrThrow()).id;
    const manager = await userId(api, "applicant2");
    const body = fullBody({ manager_id: manager, administrators: [outsiderId] });
    const res = await api.call("POST", "/infrastructures", { as: "editor", body });
    expect(res.status).toBe(201);
    const created = await res.json();
    const { periods, administrators: _a, ...fields } = body;
    expect(created).toMatchObject({ ...fields, deleted_at: null });
    expect(created.periods.map((p: { date_from: string; date_to: string }) => [p.date_from, p.date_to])).toEqual([
      ["2031-01-10", "2031-02-10"],
      ["2031-06-01", "2031-06-30"],
    ]);
    expect(periods).toHaveLength(2);
    expect(created.manager).toMatchObject({ id: manager, display_name: "Aaron Applicant" });
    expect(created.administrators).toEqual([{ id: outsiderId, display_name: "Nora Newstaff", email: outsider.email }]);
    expect(created.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Staff get their role and the scoped permission of this infrastructure.
    const me = await (await api.call("GET", "/users/me", { as: outsider })).json();
    expect(me.roles).toContain("infrastructure-administrator");
    expect(me.permissions).toContain(`infrastructure-update-${created.id}`);
    const aaron = await (await api.call("GET", "/users/me", { as: "applicant2" })).json();
    expect(aaron.roles).toContain("infrastructure-manager");
  });

  it("needs only a name, and treats blanks and nulls as absent", async () => {
    const name = unique();
    const res = await api.call("POST", "/infrastructures", {
      as: "admin",
      body: { name, short_name: "", country: null, website: "  ", ga_access_quantity: null, periods: [] },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      name, short_name: null, country: null, website: null, ga_access_quantity: null, actual_cost: false, preset_unit_cost: false,
      manager: null, administrators: [], periods: [], acceptance_agreement: null,
    });
  });

  const rules: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ["name is required", { name: "" }, { name: ["validation.required"] }],
    ["name is at most 255 characters", { name: "n".repeat(256) }, { name: ["validation.max"] }],
    ["short name is at most 255 characters", { short_name: "s".repeat(256) }, { short_name: ["validation.max"] }],
    ["type, owner, contact and installation fields are at most 255 characters", {
      type: "t".repeat(256), owner: "o".repeat(256), owner_contact: "c".repeat(256), installation_name: "i".repeat(256),
      ta_installation_number: "1".repeat(256), ra_installation_number: "2".repeat(256),
    }, {
      type: ["validation.max"], owner: ["validation.max"], owner_contact: ["validation.max"], installation_name: ["validation.max"],
      ta_installation_number: ["validation.max"], ra_installation_number: ["validation.max"],
    }],
    ["description is at most 2000 characters", { description: "d".repeat(2001) }, { description: ["validation.max"] }],
    ["country is an ISO code", { country: "Belgium" }, { country: ["infrastructure-validation.country"] }],
    ["country is a known country", { country: "ZZ" }, { country: ["infrastructure-validation.country"] }],
    ["website is an http(s) URL", { website: "javascript:alert(1)" }, { website: ["validation.url"] }],
    ["website is a URL", { website: "not a site" }, { website: ["validation.url"] }],
    ["budgets are not negative", { ga_usage_cost_budget: -1, ga_other_cost_budget: -0.01 }, {
      ga_usage_cost_budget: ["infrastructure-validation.min-zero"], ga_other_cost_budget: ["infrastructure-validation.min-zero"],
    }],
    ["budgets are euro with cents", { ga_usage_cost_budget: 10.123 }, { ga_usage_cost_budget: ["infrastructure-validation.money"] }],
    ["budgets are numbers", { ga_other_cost_budget: "a lot" }, { ga_other_cost_budget: ["infrastructure-validation.number"] }],
    ["budgets fit the database", { ga_usage_cost_budget: 1e13 }, { ga_usage_cost_budget: ["infrastructure-validation.too-large"] }],
    ["access quantity is a whole number", { ga_access_quantity: 2.5 }, { ga_access_quantity: ["infrastructure-validation.integer"] }],
    ["access quantity is not negative", { ga_access_quantity: -3 }, { ga_access_quantity: ["infrastructure-validation.min-zero"] }],
    ["cost per unit is not negative", { cost_per_unit: -5 }, { cost_per_unit: ["infrastructure-validation.min-zero"] }],
    ["cost per unit is required with a preset unit cost", { preset_unit_cost: true, cost_per_unit: null }, {
      cost_per_unit: ["infrastructure-validation.cost-per-unit-required"],
    }],
    ["flags are booleans", { actual_cost: "perhaps" }, { actual_cost: ["validation.invalid"] }],
    ["unit cost type is from the unit costs list", { unit_cost_type: "parsec" }, { unit_cost_type: ["validation.invalid"] }],
    ["category is from the categories list", { category: "spaceship" }, { category: ["validation.invalid"] }],
    ["cost calculation is from its list", { cost_calculation: "guess" }, { cost_calculation: ["validation.invalid"] }],
    ["a period needs both dates", { periods: [{ date_from: "2031-01-01" }, { date_to: "2031-03-01" }] }, {
      "periods[0].date_to": ["validation.required"], "periods[1].date_from": ["validation.required"],
    }],
    ["period dates are ISO dates", { periods: [{ date_from: "01/02/2031", date_to: "2031-02-30" }] }, {
      "periods[0].date_from": ["infrastructure-validation.date"], "periods[0].date_to": ["infrastructure-validation.date"],
    }],
    ["a period does not end before it starts", { periods: [{ date_from: "2031-05-02", date_to: "2031-05-01" }] }, {
      "periods[0].date_to": ["infrastructure-validation.period-order"],
    }],
    ["periods do not overlap", {
      periods: [
        { date_from: "2031-03-01", date_to: "2031-03-31" },
        { date_from: "2031-01-01", date_to: "2031-01-31" },
        { date_from: "2031-03-31", date_to: "2031-04-15" },
      ],
    }, { "periods[2].date_from": ["infrastructure-validation.period-overlap"] }],
    ["the manager is a user", { manager_id: 99999999 }, { manager_id: ["infrastructure-validation.user-not-found"] }],
    ["administrators are users", { administrators: [99999999] }, { administrators: ["infrastructure-validation.user-not-found"] }],
    ["administrators are listed once", { administrators: [1, 1] }, { administrators: ["infrastructure-validation.administrators-duplicate"] }],
    ["the manager is not also an administrator", { manager_id: 1, administrators: [1] }, {
      administrators: ["infrastructure-validation.manager-is-administrator"],
    }],
    ["the acceptance agreement is a medium id", { acceptance_agreement: "file.pdf" }, { acceptance_agreement: ["validation.invalid"] }],
  ];

  it.each(rules)("checks that %s, and saves nothing", async (_rule, extra, errors) => {
    const body = fullBody(extra);
    const before = await api.db.selectFrom("infrastructures").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    const res = await api.call("POST", "/infrastructures", { as: "editor", body });
    const got = await expectInvalid(res, errors);
    expect(Object.keys(got).sort()).toEqual(Object.keys(errors).sort());
    const after = await api.db.selectFrom("infrastructures").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("accepts adjacent periods (one ends the day before the next starts)", async () => {
    const created = await createInfrastructure(api, {
      periods: [{ date_from: "2031-01-01", date_to: "2031-01-31" }, { date_from: "2031-02-01", date_to: "2031-02-28" }],
    });
    expect(created.periods).toHaveLength(2);
  });

  it("links the acceptance agreement the editor uploaded", async () => {
    const medium = await insertMedium(api, "editor");
    const created = await createInfrastructure(api, { acceptance_agreement: medium.id });
    expect(created.acceptance_agreement).toMatchObject({ id: medium.id, name: "acceptance-agreement.pdf", mime_type: "application/pdf" });
    const link = await api.db.selectFrom("media_links").selectAll().where("media_id", "=", medium.id).executeTakeFirstOrThrow();
    expect(link).toMatchObject({ attached_to_type: "infrastructure", attached_to_id: String(created.id), collection: "acceptance_agreement" });
  });

  it("refuses a missing medium and leaves no row, period or link behind", async () => {
    const body = fullBody({ acceptance_agreement: 99999999 });
    await expectInvalid(await api.call("POST", "/infrastructures", { as: "editor", body }), { acceptance_agreement: ["media.not-found"] });
    expect(await api.db.selectFrom("infrastructures").select("id").where("name", "=", body.name).execute()).toEqual([]);
  });

  it("refuses a body that is not JSON, and one that is not an object", async () => {
    expect((await api.call("POST", "/infrastructures", { as: "editor", rawBody: "{nope" })).status).toBe(400);
    expect((await api.call("POST", "/infrastructures", { as: "editor", body: ["name"] })).status).toBe(422);
  });
});

describe("GET /api/infrastructures/{id}", () => {
  it("answers 401 without a token", async () => {
    expect((await api.call("GET", `/infrastructures/${await infraId(api, DEMO.arctic)}`)).status).toBe(401);
  });

  it.each(["applicant", "evaluator", "watchdog", "viewer"])("hides an infrastructure from %s (404)", async (role) => {
    const res = await api.call("GET", `/infrastructures/${await infraId(api, DEMO.arctic)}`, { as: role });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: expect.any(String), code: "errors.not-found" });
  });

  it("shows their own infrastructures to staff, and no other (404)", async () => {
    const [arctic, vessel, isotope] = await Promise.all([DEMO.arctic, DEMO.vessel, DEMO.isotope].map((n) => infraId(api, n)));
    expect((await getAs(api, arctic, "infrastructure-manager")).name).toBe(DEMO.arctic);
    expect((await api.call("GET", `/infrastructures/${isotope}`, { as: "infrastructure-manager" })).status).toBe(404);
    expect((await getAs(api, isotope, "infrastructure-administrator")).name).toBe(DEMO.isotope);
    expect((await api.call("GET", `/infrastructures/${vessel}`, { as: "infrastructure-administrator" })).status).toBe(404);
  });

  it("answers 404 for an unknown id", async () => {
    expect((await api.call("GET", "/infrastructures/99999999", { as: "editor" })).status).toBe(404);
  });
});

describe("DELETE /api/infrastructures/{id} and PUT /api/infrastructures/{id}/restore", () => {
  it("answer 401 without a token", async () => {
    const { id } = await createInfrastructure(api);
    expect((await api.call("DELETE", `/infrastructures/${id}`)).status).toBe(401);
    expect((await api.call("PUT", `/infrastructures/${id}/restore`, { body: {} })).status).toBe(401);
  });

  it.each(NOT_ADMIN_AREA)("answer 403 to %s, their own infrastructure included", async (role) => {
    const id = await infraId(api, DEMO.arctic);
    expect((await api.call("DELETE", `/infrastructures/${id}`, { as: role })).status).toBe(403);
    expect((await api.call("PUT", `/infrastructures/${id}/restore`, { as: role, body: {} })).status).toBe(403);
    expect((await getAs(api, id)).deleted_at).toBeNull();
  });

  it("soft-delete: the row stays for editors, leaves lists and staff views, and comes back on restore", async () => {
    // A manager of their own, so the demo staff's counts stay as seeded.
    const staff = { sub: `trash-staff-${Date.now()}`, email: `trash-staff-${Date.now()}@example.org`, name: "Tess Trash" };
    await api.call("GET", "/users/me", { as: staff });
    const manager = (await api.db.selectFrom("users").select("id").where("email", "=", staff.email).executeTakeFirstOrThrow()).id;
    const created = await createInfrastructure(api, { manager_id: manager });
    const id = created.id as number;
    expect((await api.call("DELETE", `/infrastructures/${id}`, { as: "editor" })).status).toBe(204);
    expect((await api.call("DELETE", `/infrastructures/${id}`, { as: "editor" })).status).toBe(404);

    expect((await getAs(api, id)).deleted_at).not.toBeNull();
    expect((await api.call("GET", `/infrastructures/${id}`, { as: staff })).status).toBe(404);
    const live = await (await api.call("GET", `/infrastructures?q=${encodeURIComponent(created.name)}`, { as: "editor" })).json();
    expect(live.data).toEqual([]);
    const only = await (await api.call("GET", `/infrastructures?trashed=only&per_page=1000`, { as: "editor" })).json();
    expect(only.data.map((i: Item) => i.id)).toContain(id);
    const withTrashed = await (await api.call("GET", `/infrastructures?trashed=with&q=${encodeURIComponent(created.name)}`, { as: "editor" })).json();
    expect(withTrashed.data.map((i: Item) => i.id)).toEqual([id]);
    const mine = await (await api.call("GET", "/infrastructures/my", { as: staff })).json();
    expect(mine.data).toEqual([]);

    const restored = await api.call("PUT", `/infrastructures/${id}/restore`, { as: "admin", body: {} });
    expect(restored.status).toBe(200);
    expect((await restored.json()).deleted_at).toBeNull();
    expect((await api.call("PUT", `/infrastructures/${id}/restore`, { as: "admin", body: {} })).status).toBe(404);
    expect((await getAs(api, id, staff)).id).toBe(id);
    const back = await (await api.call("GET", "/infrastructures/my", { as: staff })).json();
    expect(back.data.map((i: Item) => i.id)).toEqual([id]);
  });

  it("refuses (409) to delete an infrastructure a published or open call offers, and deletes it once no such call does", async () => {
    const created = await createInfrastructure(api);
    const id = created.id as number;
    // A copy of a demo call (every required column set), open and live.
    const { id: _id, ...demoCall } = await api.db.selectFrom("calls").selectAll().where("deleted_at", "is", null).executeTakeFirstOrThrow();
    const [call] = await api.db
      .insertInto("calls")
      .values({ ...demoCall, title: unique("Offering call"), status: "open" })
      .returning("id")
      .execute();
    await api.db.insertInto("call_infrastructures").values({ call_id: call.id, infrastructure_id: id }).execute();
    for (const status of ["open", "publish"] as const) {
      await api.db.updateTable("calls").set({ status }).where("id", "=", call.id).execute();
      const refused = await api.call("DELETE", `/infrastructures/${id}`, { as: "editor" });
      expect(refused.status, status).toBe(409);
      expect((await refused.json()).code).toBe("infrastructure.offered-by-call");
      expect((await getAs(api, id)).deleted_at).toBeNull();
    }
    // A draft or closed call, or a deleted one, does not hold it.
    await api.db.updateTable("calls").set({ status: "closed" }).where("id", "=", call.id).execute();
    expect((await api.call("DELETE", `/infrastructures/${id}`, { as: "editor" })).status).toBe(204);
  });

  it("answer 404 for an unknown id", async () => {
    expect((await api.call("DELETE", "/infrastructures/99999999", { as: "editor" })).status).toBe(404);
    expect((await api.call("PUT", "/infrastructures/99999999/restore", { as: "editor", body: {} })).status).toBe(404);
  });
});

describe("GET /api/infrastructures/my", () => {
  it("answers 401 without a token", async () => {
    expect((await api.call("GET", "/infrastructures/my")).status).toBe(401);
  });

  it.each(["applicant", "evaluator", "watchdog", "viewer", "editor", "admin"])("answers 403 to %s (no infrastructure-index)", async (role) => {
    expect((await api.call("GET", "/infrastructures/my", { as: role })).status).toBe(403);
  });

  it("lists the manager's own infrastructures only, with their role", async () => {
    const { data, meta } = await (await api.call("GET", "/infrastructures/my", { as: "infrastructure-manager" })).json();
    expect(names(data)).toEqual([DEMO.vessel, DEMO.arctic].sort());
    expect(data.every((i: { my_role: string }) => i.my_role === "manager")).toBe(true);
    expect(meta).toMatchObject({ page: 1, per_page: 20, total: 2 });
  });

  it("lists the administrator's own infrastructures only, with their role", async () => {
    const { data } = await (await api.call("GET", "/infrastructures/my", { as: "infrastructure-administrator" })).json();
    expect(names(data)).toEqual([DEMO.arctic, DEMO.isotope, DEMO.marine].sort());
    expect(data.every((i: { my_role: string }) => i.my_role === "administrator")).toBe(true);
  });
});

describe("OpenAPI", () => {
  it("documents every infrastructure endpoint and the input's fields", async () => {
    const doc = await (await api.call("GET", "/openapi.json")).json();
    for (const path of [
      "/api/infrastructures", "/api/infrastructures/{id}", "/api/infrastructures/{id}/restore", "/api/infrastructures/my",
      "/api/infrastructures/option-list", "/api/infrastructures/categories", "/api/infrastructures/cost-calculations-list",
      "/api/infrastructures/unit-costs",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    // The body is the domain's own schema (the form's), as the write pipeline parses it.
    const input = doc.paths["/api/infrastructures"].post.requestBody.content["application/json"].schema;
    expect(input.required).toEqual(["name"]);
    expect(input.properties.periods.items.properties.date_from).toMatchObject({ type: "string", format: "date" });
    expect(input.properties.category.enum).toEqual(INFRASTRUCTURE_CATEGORIES.map((c) => c.value));
  });
});
