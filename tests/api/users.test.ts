import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { itAnswers401And403 } from "../support/guards";
import en from "../../locales/en/users.json";
import fr from "../../locales/fr/users.json";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const NOT_ADMIN_AREA = ["applicant", "applicant2", "evaluator", "watchdog", "viewer", "infrastructure-manager", "infrastructure-administrator"];
const NOT_ADMIN = [...NOT_ADMIN_AREA, "editor"];

const userId = async (username: string) => (await api.db.selectFrom("users").select("id").where("sub", "=", `demo-${username}`).executeTakeFirstOrThrow()).id;
const rolesInDb = async (id: number) =>
  (await api.db.selectFrom("user_roles").innerJoin("roles", "roles.id", "user_roles.role_id").select("roles.name").where("user_id", "=", id).orderBy("roles.name").execute()).map((r) => r.name);

describe("GET /api/users", () => {
  it("answers 401 without a token", async () => {
    expect((await api.call("GET", "/users")).status).toBe(401);
  });

  it.each(NOT_ADMIN)("answers 403 to %s", async (role) => {
    const res = await api.call("GET", "/users", { as: role });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: expect.any(String), code: "errors.forbidden" });
  });

  it("lists users with their roles for admins, by name, 20 per page", async () => {
    const res = await api.call("GET", "/users", { as: "admin" });
    expect(res.status).toBe(200);
    const { data, meta } = await res.json();
    expect(meta).toMatchObject({ page: 1, per_page: 20 });
    expect(meta.total).toBeGreaterThanOrEqual(ALL_DEMO_USERS.length);
    const names = data.map((u: { display_name: string }) => u.display_name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const viewer = data.find((u: { email: string }) => u.email === "viewer@demo.ta-portal.test");
    expect(viewer).toEqual({ id: await userId("viewer"), display_name: "Vera Viewer", name: "Vera", surname: "Viewer", email: "viewer@demo.ta-portal.test", organization_name: "Demo Research Institute", roles: ["applicant", "viewer"] });
  });

  it("finds users by name or e-mail, and filters by role", async () => {
    const byName = await (await api.call("GET", "/users?q=vera", { as: "admin" })).json();
    expect(byName.data.map((u: { email: string }) => u.email)).toEqual(["viewer@demo.ta-portal.test"]);
    const byEmail = await (await api.call("GET", "/users?q=watchdog@demo", { as: "admin" })).json();
    expect(byEmail.data.map((u: { email: string }) => u.email)).toEqual(["watchdog@demo.ta-portal.test"]);
    const editors = await (await api.call("GET", "/users?role=editor", { as: "admin" })).json();
    expect(editors.data.length).toBeGreaterThan(0);
    for (const u of editors.data) expect(u.roles).toContain("editor");
    const none = await (await api.call("GET", "/users?q=no-such-person-anywhere", { as: "admin" })).json();
    expect(none).toEqual({ data: [], meta: { page: 1, per_page: 20, total: 0 } });
  });

  it("sorts by e-mail or id in either order, and pages", async () => {
    const desc = await (await api.call("GET", "/users?sort_by=email&order=desc&per_page=1000", { as: "admin" })).json();
    const emails = desc.data.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());
    const ids = (await (await api.call("GET", "/users?sort_by=id&order=asc&per_page=1000", { as: "admin" })).json()).data.map((u: { id: number }) => u.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    const page2 = await (await api.call("GET", "/users?sort_by=id&order=asc&per_page=2&page=2", { as: "admin" })).json();
    expect(page2.data.map((u: { id: number }) => u.id)).toEqual(ids.slice(2, 4));
    expect(page2.meta).toEqual({ page: 2, per_page: 2, total: ids.length });
  });

  it.each([["role=emperor"], ["sort_by=password"], ["order=up"], ["per_page=1001"], ["page=0"]])("refuses the query %s with 422", async (qs) => {
    const res = await api.call("GET", `/users?${qs}`, { as: "admin" });
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe("validation.failed");
  });
});

describe("GET /api/users/{id}", () => {
  it("answers 401 without a token", async () => {
    expect((await api.call("GET", `/users/${await userId("viewer")}`)).status).toBe(401);
  });

  it.each(NOT_ADMIN)("answers 403 to %s, whatever the id", async (role) => {
    for (const id of [String(await userId("viewer")), "999999", "abc"]) {
      const res = await api.call("GET", `/users/${id}`, { as: role });
      expect(res.status, `/users/${id}`).toBe(403);
      expect((await res.json()).code).toBe("errors.forbidden");
    }
  });

  it("gives an admin the user's profile fields and roles", async () => {
    const viewer = await userId("viewer");
    const res = await api.call("GET", `/users/${viewer}`, { as: "admin" });
    expect(res.status).toBe(200);
    const user = await res.json();
    expect(user).toMatchObject({
      id: viewer,
      email: "viewer@demo.ta-portal.test",
      name: "Vera",
      surname: "Viewer",
      display_name: "Vera Viewer",
      organization_name: "Demo Research Institute",
      roles: ["applicant", "viewer"],
    });
    expect(Object.keys(user).sort()).toEqual(
      [
        "id", "email", "email_cc", "name", "surname", "status", "slug", "display_name", "accept_conditions_disclaimer", "website", "address",
        "nationality", "phone", "organization_name", "organization_address", "organization_email", "organization_country", "orcid", "groups", "roles",
      ].sort(),
    );
    expect(user).not.toHaveProperty("sub");
  });

  it("follows role changes, in the portal's role order", async () => {
    const applicant2 = await userId("applicant2");
    await api.call("POST", "/users/assign-role", { as: "admin", body: { user_id: applicant2, roles: ["admin", "evaluator"] } });
    try {
      expect((await (await api.call("GET", `/users/${applicant2}`, { as: "admin" })).json()).roles).toEqual(["applicant", "evaluator", "admin"]);
    } finally {
      await api.call("POST", "/users/assign-role", { as: "admin", body: { user_id: applicant2, roles: [] } });
    }
    expect((await (await api.call("GET", `/users/${applicant2}`, { as: "admin" })).json()).roles).toEqual(["applicant"]);
  });

  it("answers 404 for an id no user has", async () => {
    const res = await api.call("GET", "/users/2147483647", { as: "admin" });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe("errors.not-found");
  });

  it.each(["abc", "0", "-1", "1.5", "2147483648", "99999999999"])("refuses the id %s with 422", async (id) => {
    const res = await api.call("GET", `/users/${id}`, { as: "admin" });
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe("validation.failed");
  });
});

describe("GET /api/users/option-list", () => {
  itAnswers401And403(() => api, "/users/option-list", NOT_ADMIN_AREA);

  it.each(["editor", "admin"])("gives %s every user as label, value and email, 1000 per page", async (role) => {
    const res = await api.call("GET", "/users/option-list", { as: role });
    expect(res.status).toBe(200);
    const { data, meta } = await res.json();
    expect(meta).toMatchObject({ page: 1, per_page: 1000 });
    expect(data.length).toBe(meta.total);
    expect(data).toContainEqual({ label: "Eva Evaluator", value: await userId("evaluator"), email: "evaluator@demo.ta-portal.test" });
    const labels = data.map((o: { label: string }) => o.label.toLowerCase());
    expect(labels).toEqual([...labels].sort());
  });

  it("filters on name or e-mail and pages", async () => {
    const { data } = await (await api.call("GET", "/users/option-list?q=Ingrid", { as: "editor" })).json();
    expect(data).toEqual([{ label: "Ingrid Manager", value: await userId("infrastructure-manager"), email: "infrastructure-manager@demo.ta-portal.test" }]);
    const one = await (await api.call("GET", "/users/option-list?q=demo.ta-portal&per_page=1&page=2", { as: "editor" })).json();
    expect(one.data).toHaveLength(1);
    expect(one.meta).toMatchObject({ page: 2, per_page: 1 });
    expect((await api.call("GET", "/users/option-list?per_page=1001", { as: "editor" })).status).toBe(422);
  });
});

describe("POST /api/users/info", () => {
  it("answers 401 without a token", async () => {
    expect((await api.call("POST", "/users/info", { body: { ids: [1] } })).status).toBe(401);
  });

  it.each(NOT_ADMIN_AREA)("answers 403 to %s", async (role) => {
    expect((await api.call("POST", "/users/info", { as: role, body: { ids: [1] } })).status).toBe(403);
  });

  it.each(["editor", "admin"])("gives %s the users asked for, in that order, leaving out unknown ids", async (role) => {
    const [watchdog, viewer] = [await userId("watchdog"), await userId("viewer")];
    const res = await api.call("POST", "/users/info", { as: role, body: { ids: [viewer, 999999, watchdog, viewer] } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: [
        { id: viewer, display_name: "Vera Viewer", email: "viewer@demo.ta-portal.test", roles: ["applicant", "viewer"] },
        { id: watchdog, display_name: "Walter Watchdog", email: "watchdog@demo.ta-portal.test", roles: ["applicant", "watchdog"] },
      ],
    });
    expect(await (await api.call("POST", "/users/info", { as: role, body: { ids: [] } })).json()).toEqual({ data: [] });
  });

  it.each([
    ["no ids", {}, "ids"],
    ["ids not a list", { ids: 3 }, "ids"],
    ["an id that is not a positive integer", { ids: [1, -2] }, "ids.1"],
    ["more than 1000 ids", { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, "ids"],
  ])("refuses %s with 422", async (_label, body, field) => {
    const res = await api.call("POST", "/users/info", { as: "editor", body });
    expect(res.status).toBe(422);
    const json = await res.json();
    expect(json.code).toBe("validation.failed");
    expect(Object.keys(json.errors)).toEqual([field]);
  });
});

describe("POST /api/users/assign-role", () => {
  it("answers 401 without a token", async () => {
    expect((await api.call("POST", "/users/assign-role", { body: { user_id: 1, roles: [] } })).status).toBe(401);
  });

  it.each(NOT_ADMIN)("answers 403 to %s and changes nothing", async (role) => {
    const viewer = await userId("viewer");
    const before = await rolesInDb(viewer);
    const res = await api.call("POST", "/users/assign-role", { as: role, body: { user_id: viewer, roles: ["admin"] } });
    expect(res.status).toBe(403);
    expect(await rolesInDb(viewer)).toEqual(before);
  });

  it("sets the roles to exactly the list, always keeping applicant, and the user's grants follow", async () => {
    const evaluator = await userId("evaluator");
    const res = await api.call("POST", "/users/assign-role", { as: "admin", body: { user_id: evaluator, roles: ["watchdog", "infrastructure-manager", "watchdog"] } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: evaluator, display_name: "Eva Evaluator", email: "evaluator@demo.ta-portal.test", roles: ["applicant", "watchdog", "infrastructure-manager"] });
    expect(await rolesInDb(evaluator)).toEqual(["applicant", "infrastructure-manager", "watchdog"]);
    const me = await (await api.call("GET", "/users/me", { as: "evaluator" })).json();
    expect(me.roles).toEqual(["applicant", "infrastructure-manager", "watchdog"]);
    expect(me.permissions).toEqual(expect.arrayContaining(["infrastructure-index", "infrastructure-update"]));

    const back = await api.call("POST", "/users/assign-role", { as: "admin", body: { user_id: evaluator, roles: ["evaluator"] } });
    expect((await back.json()).roles).toEqual(["applicant", "evaluator"]);
    const none = await api.call("POST", "/users/assign-role", { as: "admin", body: { user_id: await userId("applicant2"), roles: [] } });
    expect((await none.json()).roles).toEqual(["applicant"]);
  });

  it("lets an admin change their own roles while keeping admin", async () => {
    const admin = await userId("admin");
    const res = await api.call("POST", "/users/assign-role", { as: "admin", body: { user_id: admin, roles: ["admin", "editor"] } });
    expect(res.status).toBe(200);
    expect((await res.json()).roles).toEqual(["applicant", "editor", "admin"]);
    await api.call("POST", "/users/assign-role", { as: "admin", body: { user_id: admin, roles: ["admin"] } });
  });

  it("refuses an admin removing their own admin role, and changes nothing", async () => {
    const admin = await userId("admin");
    const before = await rolesInDb(admin);
    const res = await api.call("POST", "/users/assign-role", { as: "admin", body: { user_id: admin, roles: ["editor"] } });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: expect.any(String), code: "validation.failed", errors: { roles: ["users-validation.keep-own-admin"] } });
    expect(await rolesInDb(admin)).toEqual(before);
  });

  it("refuses a role that does not exist, and changes nothing", async () => {
    const viewer = await userId("viewer");
    const before = await rolesInDb(viewer);
    const res = await api.call("POST", "/users/assign-role", { as: "admin", body: { user_id: viewer, roles: ["evaluator", "emperor"] } });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: expect.any(String), code: "validation.failed", errors: { roles: ["users-validation.unknown-role"] } });
    expect(await rolesInDb(viewer)).toEqual(before);
  });

  it("refuses a user that does not exist", async () => {
    const res = await api.call("POST", "/users/assign-role", { as: "admin", body: { user_id: 999999, roles: ["evaluator"] } });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: expect.any(String), code: "validation.failed", errors: { user_id: ["users-validation.user-not-found"] } });
  });

  it.each([
    ["no user_id", { roles: [] }, "user_id"],
    ["a user_id that is not a positive integer", { user_id: "x", roles: [] }, "user_id"],
    ["no roles", { user_id: 1 }, "roles"],
    ["roles not a list", { user_id: 1, roles: "admin" }, "roles"],
  ])("refuses %s with 422", async (_label, body, field) => {
    const res = await api.call("POST", "/users/assign-role", { as: "admin", body });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual([field]);
  });

  it("has its messages in English and French", () => {
    for (const key of ["unknown-role", "keep-own-admin", "user-not-found"] as const) {
      expect(en["users-validation"][key]).toBeTruthy();
      expect(fr["users-validation"][key]).toBeTruthy();
      expect(fr["users-validation"][key]).not.toBe(en["users-validation"][key]);
    }
    expect(Object.keys(fr.users).sort()).toEqual(Object.keys(en.users).sort());
  });
});
