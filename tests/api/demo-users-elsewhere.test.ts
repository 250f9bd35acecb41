// The demo seed runs at every start (app/db/seeds/demo-users.ts). A demo user
// who signed in through another identity provider with the same e-mail
// (Keycloak's realm users in docker-compose.yml, README) has that provider's
// `sub`: the next start keeps that user, and its roles, instead of failing on
// the e-mail another row would repeat.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAccounts } from "../../idp/accounts";
import { seedDemoUsers } from "~/db/seeds/demo-users";
import { syncUserFromClaims } from "~/domain/users/users.server";
import { createTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe("the demo users, signed in through another provider", () => {
  it("are kept by the next seed, with their new sub and their roles", async () => {
    const viewer = demoAccounts.find((a) => a.username === "viewer")!;
    const before = await api.db.selectFrom("users").select(["id", "sub"]).where("email", "=", viewer.email).executeTakeFirstOrThrow();
    expect(before.sub).toBe(viewer.sub);
    // What signing in with Keycloak's generated id for this address does.
    const elsewhere = "6f1d2c1e-8a7b-4c55-9d0e-3b2a1f4e5d6c";
    expect(await syncUserFromClaims(api.db, { sub: elsewhere, email: viewer.email, given_name: viewer.given_name, family_name: viewer.family_name }, [])).toBe(before.id);

    const ids = await seedDemoUsers(api.db);
    expect(ids.get("viewer")).toBe(before.id);
    const rows = await api.db.selectFrom("users").select(["id", "sub"]).where("email", "=", viewer.email).execute();
    expect(rows).toEqual([{ id: before.id, sub: elsewhere }]);
    const roles = await api.db
      .selectFrom("user_roles")
      .innerJoin("roles", "roles.id", "user_roles.role_id")
      .select("roles.name")
      .where("user_roles.user_id", "=", before.id)
      .execute();
    expect(roles.map((r) => r.name)).toContain("viewer");
  });
});
