// Several instances on one database (docs/architecture.md#caches): each
// instance's link (app/db/instance-changes.server.ts) tells the others of its
// writes through LISTEN/NOTIFY, never itself; a burst of writes is one
// notification; a lost connection forgets what is kept and comes back.
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { instanceChanges, type InstanceChanges } from "~/db/instance-changes.server";
import { createTestApi, type TestApi } from "../support/api";

let api: TestApi;
const links: InstanceChanges[] = [];
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  for (const link of links) await link.stop();
  await api?.close();
});

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

async function instance(channel: string) {
  const heard = { n: 0 };
  const link = await instanceChanges({ databaseUrl: api.url, channel, heard: () => heard.n++, log: () => {}, retryMs: 50 });
  links.push(link);
  return { link, heard };
}

it("tells the other instances of a write, at once, and not itself; a burst is one notification", async () => {
  const channel = "test_changes_a";
  const [a, b, c] = [await instance(channel), await instance(channel), await instance(channel)];
  a.link.changed();
  a.link.changed();
  a.link.changed();
  expect(await until(() => b.heard.n === 1 && c.heard.n === 1)).toBe(true);
  await new Promise((r) => setTimeout(r, 200));
  expect([a.heard.n, b.heard.n, c.heard.n]).toEqual([0, 1, 1]);
  b.link.changed();
  expect(await until(() => a.heard.n === 1 && c.heard.n === 2)).toBe(true);
  expect(b.heard.n).toBe(1);
});

it("after a lost connection, forgets what is kept, listens again and hears the others", async () => {
  const channel = "test_changes_b";
  const [a, b] = [await instance(channel), await instance(channel)];
  // The server ends b's listening connection, as a database restart would.
  await sql`select pg_terminate_backend(pid) from pg_stat_activity where query = ${`listen "${channel}"`} and pid <> pg_backend_pid()`.execute(api.db);
  expect(await until(() => b.heard.n >= 1 && a.heard.n >= 1)).toBe(true);
  const before = b.heard.n;
  // Listening again (the first retry is after 50 ms): a's next write reaches b.
  await new Promise((r) => setTimeout(r, 500));
  a.link.changed();
  expect(await until(() => b.heard.n > before)).toBe(true);
});

it("is told of this process's writes, and a notification ends what this process keeps", async () => {
  const { dataChanged, dataVersion, onLocalDataChange, remoteDataChanged } = await import("~/db/data-version.server");
  let told = 0;
  const unlisten = onLocalDataChange(() => told++);
  const before = dataVersion();
  await api.db.updateTable("settings").set({ updated_at: new Date() }).where("key", "=", "no-such-key").execute();
  dataChanged();
  expect(told).toBeGreaterThanOrEqual(2);
  unlisten();
  remoteDataChanged();
  expect(dataVersion()).toBeGreaterThan(before + 2);
  const after = told;
  dataChanged();
  expect(told).toBe(after);
});
