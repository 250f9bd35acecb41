// Parameterised data statements run as named prepared statements (ADR 032):
// parsed once per connection, the same name for the same text, utility and
// unparameterised statements unnamed, and a statement whose columns a
// migration changed recovers by itself instead of failing on every request.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREPARED_MAX, preparing, statementName } from "../../app/db/prepared-statements.server";
import { createTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** The statements prepared on the connection `run` uses (one transaction: one connection). */
async function preparedAfter(run: (trx: TestApi["db"]) => Promise<unknown>) {
  return api.db.transaction().execute(async (trx) => {
    await run(trx);
    const rows = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(trx);
    return rows.rows;
  });
}

describe("prepared statements", () => {
  it("prepares a parameterised select once per connection, under one name for its text", async () => {
    const prepared = await preparedAfter(async (trx) => {
      for (let i = 0; i < 3; i++) await trx.selectFrom("users").select("email").where("id", "=", i + 1).execute();
    });
    const mine = prepared.filter((p) => p.statement.includes('from "users" where "id" = $1'));
    expect(mine).toHaveLength(1);
    expect(mine[0].name).toBe(statementName('select "email" from "users" where "id" = $1'));
  });

  it("leaves statements without parameters and utility commands unnamed", async () => {
    const prepared = await preparedAfter(async (trx) => {
      await sql`select count(*) from roles`.execute(trx);
      await sql`set local statement_timeout = 5000`.execute(trx);
    });
    expect(prepared.some((p) => p.statement.includes("from roles") || p.statement.includes("statement_timeout"))).toBe(false);
  });

  it("gives a statement whose columns changed a new name and runs it again, so the read succeeds", async () => {
    await sql`create table prepared_probe (id int primary key, a text)`.execute(api.db);
    await sql`insert into prepared_probe values (1, 'one')`.execute(api.db);
    const read = () => api.db.transaction().execute(async (trx) => {
      // One connection for both: the second run finds the statement prepared with the old columns.
      const before = await sql<Record<string, unknown>>`select * from prepared_probe where id = ${1}`.execute(trx);
      await sql`alter table prepared_probe add column b text default 'bee'`.execute(trx);
      const after = await sql<Record<string, unknown>>`select * from prepared_probe where id = ${1}`.execute(trx);
      return [before.rows[0], after.rows[0]];
    });
    await expect(read()).rejects.toThrow(/transaction is aborted|cached plan/);
    // Outside a transaction it is met with a fresh statement, on every pooled connection.
    const probe = async () => (await sql<Record<string, unknown>>`select * from prepared_probe where id = ${1}`.execute(api.db)).rows[0];
    const onEveryConnection = () => Promise.all([probe(), probe(), probe(), probe()]);
    expect(await onEveryConnection()).toEqual(Array(4).fill({ id: 1, a: "one" }));
    await sql`alter table prepared_probe add column c text default 'sea'`.execute(api.db);
    expect(await onEveryConnection()).toEqual(Array(4).fill({ id: 1, a: "one", c: "sea" }));
    expect(await onEveryConnection()).toEqual(Array(4).fill({ id: 1, a: "one", c: "sea" }));
  });

  it("names at most PREPARED_MAX texts, and is off with DATABASE_PREPARED_STATEMENTS=off", () => {
    for (let i = 0; i < PREPARED_MAX + 10; i++) statementName(`select ${i} where $1::int = 1`);
    expect(statementName("select 'never named before' where $1::int = 1")).toBeUndefined();
    expect(statementName('select "email" from "users" where "id" = $1')).toBeDefined();
    expect(preparing({ DATABASE_PREPARED_STATEMENTS: "off" })).toBe(false);
    expect(preparing({})).toBe(true);
  });
});
