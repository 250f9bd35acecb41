// What the error screens say (docs/ui.md#error-screens): a failure the API
// explains carries its message on (a key or a text, one bounded line), the
// sign-in callback without its state cookie says the browser refused the
// cookie, and the support-email setting reaches every page's data.
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { serverMessage } from "~/api/client.server";
import { createTestApi, type TestApi } from "../support/api";
import { usePortalEnv } from "../support/portal";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  setFileScope("tests/api/error-messages.test.ts", "ta-portal");
});
afterAll(() => api.close());

const routeError = (status: number, statusText: string, data: unknown) => ({ status, statusText, internal: false, data });

describe("the message a failed API answer carries to the screen", () => {
  it("is the body's code, else its message, else its text; one line, at most 500 characters", async () => {
    expect(await serverMessage(new Response(JSON.stringify({ message: "Forbidden here", code: "reviews.errors.not-assigned" }), { status: 403 }))).toBe("reviews.errors.not-assigned");
    expect(await serverMessage(new Response(JSON.stringify({ message: "Payload too large" }), { status: 413 }))).toBe("Payload too large");
    expect(await serverMessage(new Response("plain\u0000text\nbody", { status: 400 }))).toBe("plain text body");
    expect((await serverMessage(new Response("x".repeat(5000), { status: 400 }))).length).toBe(500);
    expect(await serverMessage(new Response("", { status: 418, statusText: "I'm a teapot" }))).toBe("I'm a teapot");
  });

  it("is shown under a 403 screen unless it only repeats the screen's title", async () => {
    const { errorKind } = await import("~/components/ErrorScreen");
    expect(errorKind(routeError(403, "Forbidden", "reviews.errors.not-assigned"))).toEqual({ kind: "forbidden", detail: "reviews.errors.not-assigned" });
    expect(errorKind(routeError(403, "Forbidden", "errors.forbidden"))).toEqual({ kind: "forbidden", detail: undefined });
    expect(errorKind(routeError(400, "Bad Request", "cookies-blocked"))).toEqual({ kind: "cookies-blocked" });
  });
});

describe("the sign-in callback", () => {
  it("answers the cookies-blocked screen when the browser sent back no state cookie", async () => {
    const route = await import("../../app/routes/auth.callback");
    const request = new Request("http://portal.test/auth/callback?code=abc&state=def", { headers: { cookie: "lng=en" } });
    const thrown = await route.loader({ request, params: {}, context: {} }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
    expect(await (thrown as Response).text()).toBe("cookies-blocked");
    // With the state cookie as remix-auth-oauth2 names it (oauth2:<id>), the callback goes on to the provider's answer.
    const withState = new Request("http://portal.test/auth/callback?code=abc&state=def", { headers: { cookie: "lng=en; oauth2:1234=state%3Dxyz" } });
    // The provider's answer is refused further on (its state does not match), which the callback logs.
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const next = await route.loader({ request: withState, params: {}, context: {} }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(next instanceof Response ? await next.text() : String(next)).toBe("user-session");
    } finally {
      logged.mockRestore();
    }
  });
});

describe("the support-email setting", () => {
  it("reaches every page's data once set, and is empty by default", async () => {
    const root = await import("../../app/root");
    const data = async () => ((await root.loader({ request: new Request("http://portal.test/call"), params: {}, context: {} })) as Response).json() as Promise<{ supportEmail: string }>;
    expect((await data()).supportEmail).toBe("");
    const version = ((await (await api.call("GET", "/settings")).json()) as { updated_at: string }).updated_at;
    const saved = await api.call("PUT", "/settings", { as: "editor", body: { "support-email": "help@portal.example.org", updated_at: version } });
    expect(saved.status).toBe(200);
    expect((await data()).supportEmail).toBe("help@portal.example.org");
    const refused = await api.call("PUT", "/settings", { as: "editor", body: { "support-email": "not an address", updated_at: ((await (await api.call("GET", "/settings")).json()) as { updated_at: string }).updated_at } });
    expect(refused.status).toBe(422);
  });
});
