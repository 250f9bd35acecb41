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

  it("with constants, keeps the parameters written in the query and puts the id in its places", async () => {
    const users = await api.db.selectFrom("users").select(["id", "email"]).orderBy("id").limit(2).execute();
    const email = compiledOnce((db, id) => db.selectFrom("users").select("email").where("id", "=", id).where("email", "=", users[0].email).limit(5), { constants: true });
    expect(await email(api.db, users[0].id)).toEqual([{ email: users[0].email }]);
    expect(await email(api.db, users[1].id)).toEqual([]);
  });

  it("with constants, refuses a query whose other parameters vary, or without the id", async () => {
    let n = 0;
    const varying = compiledOnce((db, id) => db.selectFrom("users").select("id").where("id", "=", id).where("id", "<>", n++), { constants: true });
    await expect(varying(api.db, 1)).rejects.toThrow(/varies/);
    const noId = compiledOnce((db) => db.selectFrom("users").select("id").where("id", "=", 1), { constants: true });
    await expect(noId(api.db, 1)).rejects.toThrow(/take the id/);
  });
});

