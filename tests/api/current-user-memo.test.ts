// The signed-in user the pages show (getCurrentUser, app/auth/user.server.ts)
// is one per-request memo (app/http/request-scope.server.ts): read once however
// many loaders ask, and read again after a write in the same request, so the
// page an action renders shows what it changed (here, the header's unread count).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as notifications from "~/api/notifications/contract";
import { createTestApi, type TestApi } from "../support/api";
import { usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";

let api: TestApi;
let cookie: string;

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  cookie = await sessionCookie("applicant");
});
afterAll(() => api.close());

describe("the current user of a page request", () => {
  it("is read once per request, and afresh after a write in it", async () => {
    const { getCurrentUser } = await import("../../app/auth/user.server");
    const { api: client } = await import("../../app/api/client.server");
    const request = new Request("http://portal.test/", { headers: { cookie } });
    const userId = (await api.db.selectFrom("users").select("id").where("sub", "=", "demo-applicant").executeTakeFirstOrThrow()).id;
    await api.db.insertInto("notifications").values({ user_id: userId, kind: "application-submitted", application_id: null, params: "{}", created_at: new Date() }).execute();

    const first = getCurrentUser(request);
    expect(getCurrentUser(request)).toBe(first);
    expect((await first)?.unread_notifications).toBeGreaterThan(0);

    // A read keeps it.
    await client(request).read(notifications.list, { query: { page: 1, per_page: 20 } });
    expect(getCurrentUser(request)).toBe(first);

    // A write may have changed it: the next ask reads again.
    const done = await client(request).call(notifications.readAll);
    expect(done.ok).toBe(true);
    const after = getCurrentUser(request);
    expect(after).not.toBe(first);
    expect((await after)?.unread_notifications).toBe(0);
  });
});
