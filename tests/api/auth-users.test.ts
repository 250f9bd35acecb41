import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { accessToken, demo } from "../support/tokens";
import { writeBehindTheBack } from "../support/behind-the-back";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ adminEmails: ["boss@example.org"] });
});
afterAll(() => api.close());

describe("authentication", () => {
  for (const path of ["/auth/current-user", "/auth/roles", "/users/me", "/countries", "/dashboard"]) {
    it(`GET ${path} answers 401 without a token`, async () => {
      const res = await api.call("GET", path);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: expect.any(String), code: "errors.not-authenticated" });
    });
  }

  it("rejects a malformed Authorization header, a forged token, an expired token and a wrong audience", async () => {
    expect((await api.call("GET", "/users/me", { token: "not-a-jwt" })).status).toBe(401);
    const expired = await accessToken(demo("admin"), { expiresIn: -60 });
    expect((await api.call("GET", "/users/me", { token: expired })).status).toBe(401);
    const otherAudience = await accessToken(demo("admin"), { audience: "urn:someone-else" });
    expect((await api.call("GET", "/users/me", { token: otherAudience })).status).toBe(401);
    const good = await accessToken(demo("admin"));
    const [h, p] = good.split(".");
    const forged = `${h}.${p}.${"A".repeat(342)}`;
    expect((await api.call("GET", "/users/me", { token: forged })).status).toBe(401);
  });
});

describe("the user memo of one page request", () => {
  const rolesOf = async (res: Response) => ((await res.json()) as { roles: string[] }).roles;

  it("lets reads share the resolved user, so a grant given meanwhile shows only to a fresh memo", async () => {
    const token = await accessToken(demo("viewer"));
    const memo = new Map();
    expect(await rolesOf(await api.call("GET", "/users/me", { token, userMemo: memo }))).not.toContain("evaluator");
    expect(memo.size).toBe(1);

    const viewer = await api.db.selectFrom("users").select("id").where("sub", "=", "demo-viewer").executeTakeFirstOrThrow();
    const role = await api.db.selectFrom("roles").select("id").where("name", "=", "evaluator").executeTakeFirstOrThrow();
    await api.db.insertInto("user_roles").values({ user_id: viewer.id, role_id: role.id }).execute();

    expect(await rolesOf(await api.call("GET", "/users/me", { token, userMemo: memo }))).not.toContain("evaluator");
    expect(await rolesOf(await api.call("GET", "/users/me", { token, userMemo: new Map() }))).toContain("evaluator");
    expect(await rolesOf(await api.call("GET", "/users/me", { token }))).toContain("evaluator");
  });

  it("is not filled by writes, is used by a write after a read, and never turns a refused token into a user", async () => {
    const memo = new Map();
    const token = await accessToken(demo("applicant"));
    expect((await api.call("PUT", "/settings", { token, userMemo: memo, body: { "project-name": "X" } })).status).toBe(403);
    expect(memo.size).toBe(0);
    // A write after a read of the same page request acts as the user that read resolved, even if their grants changed in between.
    expect((await api.call("GET", "/users/me", { token, userMemo: memo })).status).toBe(200);
    const applicant = await api.db.selectFrom("users").select("id").where("sub", "=", "demo-applicant").executeTakeFirstOrThrow();
    const admin = await api.db.selectFrom("roles").select("id").where("name", "=", "admin").executeTakeFirstOrThrow();
    await api.db.insertInto("user_roles").values({ user_id: applicant.id, role_id: admin.id }).execute();
    try {
      expect((await api.call("PUT", "/settings", { token, userMemo: memo, body: {} })).status).toBe(403);
      expect((await api.call("PUT", "/settings", { token, userMemo: new Map(), body: {} })).status).not.toBe(403);
    } finally {
      await api.db.deleteFrom("user_roles").where("user_id", "=", applicant.id).where("role_id", "=", admin.id).execute();
    }
    memo.clear();
    for (let i = 0; i < 2; i++) expect((await api.call("GET", "/users/me", { token: "not-a-jwt", userMemo: memo })).status).toBe(401);
  });
});

describe("users from token claims", () => {
  it("returns each demo user with the role of that name", async () => {
    for (const username of ALL_DEMO_USERS) {
      const res = await api.call("GET", "/users/me", { as: username });
      expect(res.status).toBe(200);
      const me = await res.json();
      expect(me.email).toBe(`${username}@demo.ta-portal.test`);
      expect(me.roles).toContain("applicant");
      if (username !== "applicant2") expect(me.roles).toContain(username);
    }
  });

  it("creates a new user with the applicant role and its unscoped permissions, then updates changed claims", async () => {
    const subject = { sub: "new-person-1", email: "New.Person@example.org", given_name: "New", family_name: "Person", name: "New Person", groups: ["g1"] };
    const first = await (await api.call("GET", "/users/me", { as: subject })).json();
    expect(first).toMatchObject({ email: "new.person@example.org", name: "New", surname: "Person", display_name: "New Person", groups: ["g1"] });
    expect(first.roles).toEqual(["applicant"]);
    expect(first.permissions).toEqual(["application-index", "application-store", "application-update"]);

    const renamed = await (await api.call("GET", "/auth/current-user", { as: { ...subject, family_name: "Renamed", name: "New Renamed" } })).json();
    expect(renamed).toMatchObject({ id: first.id, surname: "Renamed", display_name: "New Renamed" });
    const count = await api.db.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).where("sub", "=", "new-person-1").executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("syncs a token's claims once while it is kept, and reads the grants again after every write", async () => {
    const subject = { sub: "synced-once-1", email: "synced.once@example.org", name: "Sam Synced" };
    const token = await accessToken(subject);
    const first = await (await api.call("GET", "/users/me", { token })).json();
    expect(first).toMatchObject({ display_name: "Sam Synced", roles: ["applicant"] });
    // Changed behind the API's back: the same token is not synced again (no users query per request)…
    await api.db.updateTable("users").set({ display_name: "Changed in the database" }).where("id", "=", first.id).execute();
    await api.db.insertInto("user_roles").expression(api.db.selectFrom("roles").select([(eb) => eb.val(first.id).as("user_id"), "id"]).where("name", "=", "evaluator")).execute();
    const again = await (await api.call("GET", "/users/me", { token })).json();
    expect(again.display_name).toBe("Changed in the database");
    // …but its grants are read afresh: a role given (or taken away) counts at once.
    expect(again.roles).toEqual(["applicant", "evaluator"]);
    await api.db.deleteFrom("user_roles").where("user_id", "=", first.id).where("role_id", "in", api.db.selectFrom("roles").select("id").where("name", "=", "evaluator")).execute();
    expect((await (await api.call("GET", "/users/me", { token })).json()).roles).toEqual(["applicant"]);
    // A new token with other claims is synced.
    const renamed = await (await api.call("GET", "/users/me", { as: { ...subject, name: "Sam Renamed" } })).json();
    expect(renamed).toMatchObject({ id: first.id, display_name: "Sam Renamed" });
  });

  it("keeps the grants between two writes: a role given by hand counts after the next write through the portal", async () => {
    const subject = { sub: "kept-grants-1", email: "kept.grants@example.org", name: "Kim Kept" };
    const token = await accessToken(subject);
    const first = await (await api.call("GET", "/users/me", { token })).json();
    expect(first.roles).toEqual(["applicant"]);
    // By hand (no write the portal sees): still the kept answer.
    await writeBehindTheBack(api, "insert into user_roles (user_id, role_id) select $1, id from roles where name = 'evaluator'", [first.id]);
    expect((await (await api.call("GET", "/users/me", { token })).json()).roles).toEqual(["applicant"]);
    // Any write through the portal (here a notification read by someone else) ends every kept answer.
    expect((await api.call("PUT", "/notifications/read-all", { as: "viewer" })).status).toBe(200);
    expect((await (await api.call("GET", "/users/me", { token })).json()).roles).toEqual(["applicant", "evaluator"]);
  });

  it("makes ADMIN_EMAILS users administrators", async () => {
    const me = await (await api.call("GET", "/users/me", { as: { sub: "boss-1", email: "boss@example.org" } })).json();
    expect(me.roles).toEqual(expect.arrayContaining(["admin", "applicant"]));
  });

  it("gives infrastructure staff the scoped update permission of their own infrastructures only", async () => {
    const manager = await (await api.call("GET", "/users/me", { as: "infrastructure-manager" })).json();
    expect(manager.permissions).toEqual(expect.arrayContaining(["infrastructure-index", "infrastructure-update"]));
    const staffed = await api.db.selectFrom("infrastructures").select("id").where("manager_id", "=", manager.id).execute();
    expect(staffed.length).toBeGreaterThan(0);
    for (const { id } of staffed) expect(manager.permissions).toContain(`infrastructure-update-${id}`);
    const applicant = await (await api.call("GET", "/users/me", { as: "applicant" })).json();
    expect(applicant.permissions.some((p: string) => p.startsWith("infrastructure-"))).toBe(false);
  });

  it("lists the portal's roles", async () => {
    const res = await api.call("GET", "/auth/roles", { as: "viewer" });
    const { data } = await res.json();
    expect(data.map((r: { name: string }) => r.name)).toEqual([
      "applicant", "evaluator", "watchdog", "viewer", "infrastructure-manager", "infrastructure-administrator", "editor", "admin",
    ]);
  });
});
