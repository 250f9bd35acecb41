// Two web processes (here two independent copies of the portal's modules, each
// with its own pool, caches and in-process de-duplication) asked at once for a
// session whose access token is about to expire: the development identity
// provider rotates refresh tokens and refuses a used one, so a second refresh
// with the same token would end the session. The refresh happens once per
// session, whichever process asks, and every request gets the fresh token.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { usePortalEnv } from "../support/portal";
import { signIn } from "../support/sign-in";

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
});
afterAll(() => api.close());

type Tokens = typeof import("../../app/auth/tokens.server");
type Database = typeof import("../../app/db/database.server");
type DataVersion = typeof import("../../app/db/data-version.server");

/** A fresh copy of the portal's modules, as another web process holds them. */
async function process(): Promise<{ tokens: Tokens; database: Database; data: DataVersion }> {
  vi.resetModules();
  return {
    tokens: await import("../../app/auth/tokens.server"),
    database: await import("../../app/db/database.server"),
    data: await import("../../app/db/data-version.server"),
  };
}

describe("a token refresh asked by two web processes at once", () => {
  it("refreshes once and gives every request the same fresh token, the session intact", { timeout: 60_000 }, async () => {
    const res = await signIn("applicant", "/");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="))!.split(";")[0];
    const [one, two] = [await process(), await process()];
    expect(two.tokens.getAccessToken).not.toBe(one.tokens.getAccessToken);
    const request = () => new Request("http://portal.test/", { headers: { cookie } });
    try {
      const first = await one.tokens.getAccessToken(request());
      // Both processes have read (and keep) the session before it comes near its expiry.
      expect(await two.tokens.getAccessToken(request())).toBe(first);
      const row = await api.db.selectFrom("sessions").select(["id", "data"]).orderBy("created_at", "desc").executeTakeFirstOrThrow();
      await api.db.updateTable("sessions").set({ data: JSON.stringify({ ...row.data, expires_at: Date.now() + 4_000 }) }).where("id", "=", row.id).execute();
      // Both hear of that write, as the cluster primary's message tells sibling web processes.
      for (const p of [one, two]) p.data.dataChanged();

      const asked = Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).tokens.getAccessToken(request()));
      const answers = await Promise.allSettled(asked);
      const refused = answers.filter((a) => a.status === "rejected");
      expect(refused.map((a) => String((a as PromiseRejectedResult).reason?.status ?? (a as PromiseRejectedResult).reason))).toEqual([]);
      const tokens = new Set(answers.map((a) => (a as PromiseFulfilledResult<string | null>).value));
      expect(tokens.size).toBe(1);
      const [token] = [...tokens];
      expect(token).not.toBe(first);

      const after = await api.db.selectFrom("sessions").select("data").where("id", "=", row.id).executeTakeFirstOrThrow();
      expect(after.data.access_token).toBe(token);
      expect(after.data.refresh_token).not.toBe(row.data.refresh_token);
      expect((await api.call("GET", "/users/me", { token: token! })).status).toBe(200);
      // Either process goes on with the refreshed session.
      for (const p of [one, two]) expect(await p.tokens.getAccessToken(request())).toBe(token);
    } finally {
      await one.database.getDb().destroy();
      await two.database.getDb().destroy();
    }
  });
});
