// The portal's side of sign-in, driven through its real route modules against
// the real development identity provider: code flow with PKCE, the database
// session, refresh within 5 seconds of expiry, a failed refresh, and sign-out.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { TEST_CLIENT_ID } from "../support/constants";
import { thrown, usePortalEnv } from "../support/portal";
import { signIn } from "../support/sign-in";
import { CookieJar } from "../support/cookie-jar";

let api: TestApi;
let sessionCookie = "";

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
});
afterAll(() => api.close());

describe("sign-in, refresh and sign-out", () => {
  it("signs in with the code flow and returns to the page first asked for, with only a session id in the cookie", async () => {
    const res = await signIn("applicant", "/application");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/application");
    sessionCookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="))!.split(";")[0];
    expect(sessionCookie.length).toBeLessThan(120);
    const rows = await api.db.selectFrom("sessions").select(["data"]).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].data).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), id_token: expect.any(String) });
  });

  it("never follows a return path to another site", async () => {
    const res = await signIn("applicant2", "//evil.example/steal");
    expect(res.headers.get("location")).toBe("/");
  });

  it("uses the access token while valid and refreshes it within 5 seconds of expiry", async () => {
    const { getAccessToken } = await import("../../app/auth/tokens.server");
    const request = () => new Request("http://portal.test/", { headers: { cookie: sessionCookie } });
    const first = await getAccessToken(request());
    expect(first).toBeTruthy();
    expect(await getAccessToken(request())).toBe(first);

    const row = await api.db.selectFrom("sessions").select(["id", "data"]).executeTakeFirstOrThrow();
    await api.db.updateTable("sessions").set({ data: JSON.stringify({ ...row.data, expires_at: Date.now() + 4_000 }) }).where("id", "=", row.id).execute();
    // Parallel loaders share one refresh: the rotated refresh token is used once.
    const [a, b] = await Promise.all([getAccessToken(request()), getAccessToken(request())]);
    expect(a).toBe(b);
    expect(a).not.toBe(first);
    const after = await api.db.selectFrom("sessions").select("data").where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(after.data.access_token).toBe(a);
    expect(after.data.refresh_token).not.toBe(row.data.refresh_token);
    // The refreshed token is accepted by the API.
    expect((await api.call("GET", "/users/me", { token: a! })).status).toBe(200);
  });

  it("reads the session once per incoming request, though each loader gets its own copy of the request", async () => {
    const { getAccessToken } = await import("../../app/auth/tokens.server");
    const { beginRequestScope, endRequestScope, REQUEST_SCOPE_HEADER } = await import("../../app/http/request-scope.server");
    const copy = (scope: string) => new Request("http://portal.test/", { headers: { cookie: sessionCookie, [REQUEST_SCOPE_HEADER]: scope } });
    beginRequestScope("page-1");
    const token = await getAccessToken(copy("page-1"));
    const row = await api.db.selectFrom("sessions").select(["id", "data"]).orderBy("created_at").executeTakeFirstOrThrow();
    await api.db.updateTable("sessions").set({ data: JSON.stringify({ ...row.data, access_token: "changed-behind" }) }).where("id", "=", row.id).execute();
    try {
      // The root loader's read serves the route's loader: the database is not asked again.
      expect(await getAccessToken(copy("page-1"))).toBe(token);
      beginRequestScope("page-2");
      expect(await getAccessToken(copy("page-2"))).toBe("changed-behind");
    } finally {
      endRequestScope("page-1");
      endRequestScope("page-2");
      await api.db.updateTable("sessions").set({ data: JSON.stringify(row.data) }).where("id", "=", row.id).execute();
    }
  });

  it("keeps a session read until the next write through the portal's pools (ADR 030)", async () => {
    const pg = (await import("pg")).default;
    const { getAccessToken } = await import("../../app/auth/tokens.server");
    const request = () => new Request("http://portal.test/", { headers: { cookie: sessionCookie } });
    const token = await getAccessToken(request());
    const row = await api.db.selectFrom("sessions").select(["id", "data"]).orderBy("created_at").executeTakeFirstOrThrow();
    const outsider = new pg.Client({ connectionString: api.url });
    await outsider.connect();
    try {
      // Another instance's change: not seen until a write here (or the kept read's lifetime).
      await outsider.query("update sessions set data = $1 where id = $2", [JSON.stringify({ ...row.data, access_token: "from-elsewhere" }), row.id]);
      expect(await getAccessToken(request())).toBe(token);
      await api.db.updateTable("settings").set({ value: "x" }).where("key", "=", "no-such-setting").execute();
      expect(await getAccessToken(request())).toBe("from-elsewhere");
    } finally {
      await outsider.end();
      await api.db.updateTable("sessions").set({ data: JSON.stringify(row.data) }).where("id", "=", row.id).execute();
    }
  });

  it("ends the session with the session alert when the refresh fails", async () => {
    const { getAccessToken } = await import("../../app/auth/tokens.server");
    const row = await api.db.selectFrom("sessions").select(["id", "data"]).orderBy("created_at").executeTakeFirstOrThrow();
    await api.db
      .updateTable("sessions")
      .set({ data: JSON.stringify({ ...row.data, expires_at: Date.now() - 1_000, refresh_token: "revoked-or-bogus" }) })
      .where("id", "=", row.id)
      .execute();
    const res = await thrown(() => getAccessToken(new Request("http://portal.test/x", { headers: { cookie: sessionCookie } })));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("__session=;") || /__session=.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/.test(c))).toBe(true);
    expect(cookies.find((c) => c.startsWith("__alerts="))).toBeDefined();
    expect(await api.db.selectFrom("sessions").select("id").where("id", "=", row.id).executeTakeFirst()).toBeUndefined();
  });

  it("signs out at the provider's end-session endpoint, which sends the browser straight back, and deletes the session row", async () => {
    const idp = new CookieJar();
    const res = await signIn("editor", "/", idp);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="))!.split(";")[0];
    const logout = await import("../../app/routes/auth.logout");
    const out = await logout.action({ request: new Request("http://portal.test/auth/logout", { method: "POST", headers: { cookie } }), params: {}, context: {} });
    const location = new URL(out.headers.get("location")!);
    expect(location.href.startsWith(`${inject("issuer")}/`)).toBe(true);
    expect(location.searchParams.get("client_id")).toBe(TEST_CLIENT_ID);
    expect(location.searchParams.get("post_logout_redirect_uri")).toBe("http://portal.test/");
    expect(location.searchParams.get("id_token_hint")).toBeTruthy();
    // The portal's session is gone before the browser reaches the provider.
    const { getAccessToken } = await import("../../app/auth/tokens.server");
    expect(await getAccessToken(new Request("http://portal.test/", { headers: { cookie } }))).toBeNull();
    // The provider ends its own session at once (no "Do you want to sign out?" page) and sends the browser back home.
    const atIdp = await fetch(location, { headers: { cookie: idp.header() }, redirect: "manual" });
    expect(atIdp.status).toBe(303);
    expect(atIdp.headers.get("location")).toBe("http://portal.test/");
  });
});
