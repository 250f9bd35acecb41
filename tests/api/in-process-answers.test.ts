// The UI's in-process API calls get each JSON answer as its text, without a
// Response body (app/api/in-process.server.ts, ADR 053): what the client reads
// must be what the same call answers over HTTP, successes and failures alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as users from "~/api/users/contract";
import * as settings from "~/api/settings/contract";
import * as media from "~/api/media/contract";
import { createTestApi, type TestApi } from "../support/api";
import { thrown, usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";

let api: TestApi;
let admin: string;

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  admin = await sessionCookie("admin");
});
afterAll(() => api.close());

const page = () => new Request("http://portal.test/", { headers: { cookie: admin } });

describe("an in-process call's JSON answer", () => {
  it("reaches the caller as the text the API made, with no body stream", async () => {
    const { apiApp } = await import("../../app/api/wiring.server");
    const { ANSWER_HEADER, answerFrom, answerJson, withBody } = await import("../../app/api/in-process.server");
    const answers = new Map<string, string>();
    const res = answerFrom(await apiApp().fetch(new Request("http://portal.internal/api/settings"), { answers }), answers);
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.headers.get(ANSWER_HEADER)).toBe("1");
    const over = await api.call("GET", "/settings");
    const body = await over.json();
    expect(await answerJson(res)).toEqual(body);
    // Passed on as a Response (a download route), it has its body again.
    expect(await withBody(res).json()).toEqual(body);
    // Over HTTP (the public /api), answers keep their body.
    expect(over.headers.get(ANSWER_HEADER)).toBeNull();
  });

  it("reads what the API answers over HTTP", async () => {
    const { api: client } = await import("../../app/api/client.server");
    expect(await client(page()).read(users.me)).toEqual(await (await api.call("GET", "/users/me", { as: "admin" })).json());
    expect(await client(page()).read(settings.get)).toEqual(await (await api.call("GET", "/settings", { as: "admin" })).json());
  });

  it("carries a refusal's message as over HTTP: a read's thrown, a write's returned", async () => {
    const { api: client } = await import("../../app/api/client.server");
    const missing = await thrown(() => client(page()).read(media.one, { param: { id: 987_654 } }));
    expect(missing.status).toBe(404);
    const overHttp = await api.call("GET", "/media/987654", { as: "admin" });
    expect(await missing.text()).toBe(((await overHttp.json()) as { code?: string; message: string }).code ?? "");

    const refused = await client(page()).call(settings.put, { json: { "project-name": "", updated_at: "" } });
    const overPut = await api.call("PUT", "/settings", { as: "admin", body: { "project-name": "", updated_at: "" } });
    const expected = (await overPut.json()) as { code?: string; message: string; errors?: Record<string, string[]> };
    expect(refused).toEqual({ ok: false, status: overPut.status, message: expected.code ?? expected.message, errors: expected.errors ?? {} });
    expect(refused.ok).toBe(false);
  });
});
