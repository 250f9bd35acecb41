// A query compiled once and run with another id each time (app/db/compiled-once.server.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledOnce } from "../../app/db/compiled-once.server";
import { createTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe("compiledOnce", () => {
  it("answers for each id as the query built for it would", async () => {
    const email = compiledOnce((db, id) => db.selectFrom("users").select("email").where("id", "=", id).where("id", ">=", id));
    const users = await api.db.selectFrom("users").select(["id", "email"]).orderBy("id").limit(3).execute();
    for (const u of users) expect(await email(api.db, u.id)).toEqual([{ email: u.email }]);
    expect(await email(api.db, 2_000_000_000)).toEqual([]);
  });

  it("refuses a query with any other parameter", async () => {
    const other = compiledOnce((db, id) => db.selectFrom("users").select("id").where("id", "=", id).where("email", "=", "someone@example.org"));
    await expect(other(api.db, 1)).rejects.toThrow(/only parameter/);
  });
});
