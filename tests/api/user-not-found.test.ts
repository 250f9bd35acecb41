// A signed-in user the API no longer knows (their account was removed while
// their session ran): the next page signs them out and goes home with the
// 'User not found' alert (docs/ui.md#alerts), rather than a dead end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
});
afterAll(() => api.close());

describe("a session whose user is gone", () => {
  it("is ended, and the next page is home with the 'User not found' alert", async () => {
    const { getCurrentUser } = await import("../../app/auth/user.server");
    const cookie = await sessionCookie("applicant2");
    // Known while the account exists (the API now remembers which user the token names).
    expect((await getCurrentUser(new Request("http://portal.test/", { headers: { cookie } })))?.email).toContain("applicant2");
    await api.db.deleteFrom("users").where("sub", "=", "demo-applicant2").execute();

    const thrown = await getCurrentUser(new Request("http://portal.test/call", { headers: { cookie } })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    const res = thrown as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    const cookies = res.headers.getSetCookie().join("\n");
    // The session cookie is cleared, and the flash cookie carries the alert.
    expect(cookies).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    const { readAlerts } = await import("../../app/alerts.server");
    const flash = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const { alerts } = await readAlerts(new Request("http://portal.test/", { headers: { cookie: flash } }));
    expect(alerts.map((a) => [a.key, a.title, a.variant])).toEqual([["user-not-found", "alerts.user-not-found-title", "danger"]]);
  });
});
