// The staff lists' counts and a call's ranking are kept until the next write (ADR 030): a write
// through the portal's pools, here or in a sibling web process, is seen by the
// very next page; a write the portal did not make (another instance on the
// same database, here a client of its own) only after CACHE_TTL_MS. A count
// read while a transaction's write is not committed yet is not kept. The clock
// is frozen so that the lifetime cannot run out mid-test.
import { EventEmitter } from "node:events";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "kysely";
import { dataVersion, listenToDataChanges, writesByKind } from "../../app/db/data-version.server";
import { CACHE_TTL_MS } from "../../app/cache/lifetime";
import { createTestApi, type TestApi } from "../support/api";
import { startDraft } from "./application-helpers";

let api: TestApi;
let outsider: pg.Client;
let template: { user_id: number; call_id: number };

beforeAll(async () => {
  api = await createTestApi();
  outsider = new pg.Client({ connectionString: api.url });
  await outsider.connect();
  const user = await api.db.selectFrom("users").select("id").where("sub", "=", "demo-applicant").executeTakeFirstOrThrow();
  const call = await api.db.selectFrom("calls").select("id").where("deleted_at", "is", null).orderBy("id").executeTakeFirstOrThrow();
  template = { user_id: user.id, call_id: call.id };
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterAll(async () => {
  vi.useRealTimers();
  await outsider.end();
  await api.close();
});

const total = async () => {
  const res = await api.call("GET", "/applications?status[]=submit", { as: "editor" });
  expect(res.status).toBe(200);
  return ((await res.json()) as { meta: { total: number } }).meta.total;
};
const addBehindTheBack = () => outsider.query("insert into applications (user_id, call_id, status) values ($1, $2, 'submit')", [template.user_id, template.call_id]);

describe("the staff list's count", () => {
  it("is kept until a write through the portal's pools", async () => {
    const before = await total();
    await addBehindTheBack();
    expect(await total()).toBe(before);
    // Any write at all: this one changes nothing the list shows.
    await api.db.updateTable("settings").set({ value: "x" }).where("key", "=", "no-such-setting").execute();
    expect(await total()).toBe(before + 1);
  });

  it("is read afresh after a write through the API", async () => {
    const before = await total();
    await addBehindTheBack();
    expect(await total()).toBe(before);
    // A draft, which the list of submitted applications does not show: the count is read afresh all the same.
    await startDraft(api, "applicant2");
    expect(await total()).toBe(before + 1);
  });

  it("is read afresh when a sibling web process wrote", async () => {
    const before = await total();
    await addBehindTheBack();
    expect(await total()).toBe(before);
    const parent = new EventEmitter();
    listenToDataChanges(parent);
    parent.emit("message", { type: "ta-portal:data-changed" });
    expect(await total()).toBe(before + 1);
  });

  it("is read afresh after its lifetime, for writes nobody announced", async () => {
    const before = await total();
    await addBehindTheBack();
    expect(await total()).toBe(before);
    vi.setSystemTime(Date.now() + CACHE_TTL_MS + 1);
    expect(await total()).toBe(before + 1);
  });

  it("is not kept when read between a transaction's write and its commit", async () => {
    const before = await total();
    let during = -1;
    await api.db.transaction().execute(async (trx) => {
      await trx.insertInto("applications").values({ ...template, status: "submit" } as never).execute();
      during = await total();
    });
    expect(during).toBe(before);
    expect(await total()).toBe(before + 1);
  });

  it("is one per filter", async () => {
    const submitted = await total();
    const res = await api.call("GET", "/applications?status[]=granted", { as: "editor" });
    expect(((await res.json()) as { meta: { total: number } }).meta.total).not.toBe(submitted + 1000);
    expect(await total()).toBe(submitted);
  });
});

describe("a call's ranking", () => {
  it("is kept until a write, as the counts are", async () => {
    const ranked = await api.db.selectFrom("applications").select(["id", "call_id"]).where("status", "=", "under-evaluation").where("deleted_at", "is", null).orderBy("id").executeTakeFirstOrThrow();
    const mean = async () => {
      const res = await api.call("GET", `/applications/${ranked.id}/recommendation`, { as: "editor" });
      expect(res.status).toBe(200);
      return ((await res.json()) as { application: { mean_score: number | null } }).application.mean_score;
    };
    const before = await mean();
    const other = before === 4.25 ? 3.5 : 4.25;
    await outsider.query("update applications set mean_score = $1 where id = $2", [other, ranked.id]);
    expect(await mean()).toBe(before);
    await api.db.updateTable("settings").set({ value: "x" }).where("key", "=", "no-such-setting").execute();
    expect(await mean()).toBe(other);
  });
});

describe("what counts as a write", () => {
  it("is a query whose kind changes data, or whose common table expression does", () => {
    const db = api.db;
    const writing = [
      db.insertInto("settings").values({ key: "k", value: "v" }),
      db.updateTable("settings").set({ value: "x" }),
      db.deleteFrom("settings"),
      db.with("t", (w) => w.updateTable("settings").set({ value: "x" }).returning("key")).selectFrom("t").selectAll(),
    ];
    for (const q of writing) expect(writesByKind(q.toOperationNode()), q.compile().sql).toBe(true);
    const reading = [db.selectFrom("settings").select("key"), db.with("t", (w) => w.selectFrom("settings").select("key")).selectFrom("t").selectAll()];
    for (const q of reading) expect(writesByKind(q.toOperationNode()), q.compile().sql).toBe(false);
  });

  it("is a raw statement PostgreSQL reports as a write, and a commit", async () => {
    let v = dataVersion();
    await sql`select 1`.execute(api.db);
    expect(dataVersion()).toBe(v);
    await sql`update settings set value = 'x' where key = 'no-such-setting'`.execute(api.db);
    expect(dataVersion()).toBeGreaterThan(v);
    v = dataVersion();
    await api.db.transaction().execute(async (trx) => {
      await trx.selectFrom("settings").select("key").limit(1).execute();
      expect(dataVersion()).toBe(v);
    });
    expect(dataVersion()).toBeGreaterThan(v);
    v = dataVersion();
    await expect(api.db.transaction().execute(async (trx) => {
      await trx.selectFrom("settings").select("key").limit(1).execute();
      throw new Error("rolled back");
    })).rejects.toThrow("rolled back");
    expect(dataVersion()).toBe(v);
  });

  it("bumps the version after it ran", async () => {
    const v = dataVersion();
    await api.db.selectFrom("settings").select("key").limit(1).execute();
    expect(dataVersion()).toBe(v);
    await api.db.updateTable("settings").set({ value: "x" }).where("key", "=", "no-such-setting").execute();
    expect(dataVersion()).toBeGreaterThan(v);
  });
});
