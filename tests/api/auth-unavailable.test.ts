// docs/security.md#database-down: signing in while the database is down shows the
// service-unavailable screen (503), not a bare 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { thrown, usePortalEnv } from "../support/portal";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  // A database nobody answers at (nothing listens on port 9 of loopback).
  usePortalEnv(api, { DATABASE_URL: "postgres://portal@127.0.0.1:9/portal" });
});
afterAll(() => api.close());

const args = (url: string) => ({ request: new Request(url), params: {}, context: {} });

describe("signing in while the database is down", () => {
  it("sends /auth/login to the unavailable screen, which answers 503 until the database is back", async () => {
    const { loader: login } = await import("../../app/routes/auth.login");
    const res = await thrown(() => login(args("http://portal.test/auth/login?returnTo=%2Fadmin%2Fcall")));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/auth/unavailable?returnTo=%2Fadmin%2Fcall");

    const { loader: unavailable } = await import("../../app/routes/auth.unavailable");
    const screen = await thrown(() => unavailable(args("http://portal.test/auth/unavailable?returnTo=%2Fadmin%2Fcall")));
    expect(screen.status).toBe(503);
    expect(screen.headers.get("Retry-After")).toBe("10");
  });
});
