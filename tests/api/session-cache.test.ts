// The session's read is kept in memory until the next write (app/auth/session.server.ts,
// app/cache/kept.server.ts; docs/decisions/030-list-counts-kept-until-a-write.md):
// each cookie must only ever get its own session, whether sessions are read one
// after the other from a warm cache or all at once from a cold one, where
// concurrent misses share a read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";

let api: TestApi;
let session: typeof import("../../app/auth/session.server");

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  session = await import("../../app/auth/session.server");
});
afterAll(() => api.close());

/** The demo user whose access token the session holds (the token's subject), or null without one. */
function holder(tokens: { get(key: "access_token"): string | undefined }): string | null {
  const token = tokens.get("access_token");
  if (!token) return null;
  const { sub } = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as { sub: string };
  return sub.replace(/^demo-/, "");
}

const read = async (cookie: string) => holder(await session.sessionStorage().getSession(cookie));
/** As a page request reads it: once per request, through the request's scope. */
const readInRequest = async (cookie: string) => holder(await session.getSession(new Request("http://portal.test/", { headers: { cookie } })));

const USERS = ["applicant", "editor", "admin"] as const;

/** A fresh session per user; making them is a write, so the kept reads start cold. */
async function sessions(): Promise<Record<(typeof USERS)[number], string>> {
  const cookies = await Promise.all(USERS.map((u) => sessionCookie(u)));
  return Object.fromEntries(USERS.map((u, i) => [u, cookies[i]])) as Record<(typeof USERS)[number], string>;
}

describe("the session cache", () => {
  it("gives each cookie its own session when they are read in turn, from a cold cache and then a warm one", async () => {
    const cookie = await sessions();
    for (let round = 0; round < 3; round++) {
      for (const user of [...USERS, ...[...USERS].reverse()]) expect(await read(cookie[user]), `round ${round}, ${user}`).toBe(user);
    }
    for (const user of USERS) expect(await readInRequest(cookie[user])).toBe(user);
  });

  it("gives each cookie its own session when they are read at once, from a cold cache", async () => {
    const cookie = await sessions();
    const order = Array.from({ length: 30 }, (_, i) => USERS[(i * 7) % USERS.length]);
    const got = await Promise.all(order.map((user, i) => (i % 2 ? readInRequest(cookie[user]) : read(cookie[user]))));
    expect(got).toEqual(order);
    // And again, now that every one is kept.
    expect(await Promise.all(order.map((user) => read(cookie[user])))).toEqual(order);
  });

  it("forgets a signed-out session and only that one", async () => {
    const cookie = await sessions();
    expect(await Promise.all(USERS.map((u) => read(cookie[u])))).toEqual([...USERS]);
    const storage = session.sessionStorage();
    await storage.destroySession(await storage.getSession(cookie.editor));
    expect(await Promise.all(USERS.map((u) => read(cookie[u])))).toEqual(["applicant", null, "admin"]);
  });

  it("gives no session to a cookie it does not know, even after reading known ones", async () => {
    const cookie = await sessions();
    expect(await read(cookie.applicant)).toBe("applicant");
    const forged = `${cookie.applicant.split("=")[0]}=${encodeURIComponent("not-a-signed-session-id")}`;
    expect(await read(forged)).toBeNull();
    expect(await read("")).toBeNull();
    expect(await read(cookie.applicant)).toBe("applicant");
  });
});
