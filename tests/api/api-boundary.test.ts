// docs/security.md#api-boundary and #ids: what the API's front door (boundary.server.ts)
// answers before any route reads a body or validates anything.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** A body that counts how much of it was read: a refused request must not read it. */
function countingBody(chunks: number, chunkSize = 1_000_000) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled++ >= chunks) controller.close();
      else controller.enqueue(new Uint8Array(chunkSize).fill(0x20));
    },
  });
  return { stream, pulled: () => pulled };
}

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("authentication comes first", () => {
  it("answers 401 to signed-out callers of protected operations, whatever the body, type or id", async () => {
    expect((await api.call("POST", "/users/assign-role", { body: {} })).status).toBe(401);
    expect((await api.call("POST", "/users/info", { body: [] })).status).toBe(401);
    expect((await api.call("POST", "/calls", { body: null })).status).toBe(401);
    expect((await api.call("DELETE", "/calls/abc")).status).toBe(401);
    expect((await api.call("GET", "/users")).status).toBe(401);
    expect((await api.call("GET", "/users?per_page=abc")).status).toBe(401);
    expect((await api.call("PUT", "/settings", { body: { constructor: 1 } })).status).toBe(401);
    expect((await api.call("PUT", "/settings", { form: new FormData() })).status).toBe(401);
  });

  it("answers 401 to a garbage token before looking at the content type", async () => {
    const res = await api.call("PUT", "/settings", { token: "garbage", form: new FormData() });
    expect(res.status).toBe(401);
    expect((await api.call("GET", "/health", { headers: { authorization: "Basic abc" } })).status).toBe(401);
  });

  it("does not read the body of a signed-out write", async () => {
    const body = countingBody(150);
    const res = await fetchApi("PUT", "/settings", body.stream, { "content-type": "application/json" });
    expect(res.status).toBe(401);
    expect(body.pulled()).toBeLessThanOrEqual(2);
  });

  it("lets anonymous callers through public operations and optional-token ones", async () => {
    expect((await api.call("GET", "/health")).status).toBe(200);
    expect((await api.call("GET", "/settings")).status).toBe(200);
    expect((await api.call("GET", "/media/999999")).status).toBe(404);
  });
});

describe("content type and size", () => {
  it("takes only the body types an operation declares (415), and a body where one is declared", async () => {
    expect((await api.call("PUT", "/settings", { as: "admin" })).status).toBe(415);
    expect((await api.call("PUT", "/settings", { as: "admin", form: new FormData() })).status).toBe(415);
    expect((await api.call("POST", "/media/uploads", { as: "admin", body: {} })).status).toBe(415);
    expect((await api.call("PUT", "/calls/1/restore", { as: "admin", form: new FormData() })).status).toBe(415);
  });

  it("refuses a JSON body over 1 MB with 413, by its declared length without reading it", async () => {
    const big = JSON.stringify({ "project-name": "x".repeat(1_100_000) });
    const res = await api.call("PUT", "/settings", { as: "admin", rawBody: big });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "The data sent is too large", code: "errors.payload-too-large" });

    const body = countingBody(150);
    const streamed = await fetchApi("PUT", "/settings", body.stream, { "content-type": "application/json" }, "admin");
    expect(streamed.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(3);
  });
});

describe("JSON bodies", () => {
  const refusal = async (rawBody: string) => {
    const res = await api.call("POST", "/infrastructures", { as: "admin", rawBody });
    return { status: res.status, body: (await res.json()) as { message: string; errors?: Record<string, string[]> } };
  };

  it("answers 400 to malformed JSON", async () => {
    expect((await refusal("{not json")).status).toBe(400);
    expect((await refusal("")).status).toBe(400);
  });

  it("refuses nesting past the bound instead of overflowing the stack (422)", async () => {
    const res = await refusal(`{"name":${nested(5000)}}`);
    expect(res.status).toBe(422);
    expect(Object.values(res.body.errors ?? {}).flat()).toContain("validation.too-deep");
    expect((await refusal(nested(100_000))).status).toBe(422);
  });

  it("refuses prototype keys and NUL characters with a field error (422)", async () => {
    for (const raw of ['{"__proto__":{"x":1}}', '{"name":"a","constructor":{"prototype":1}}', '{"periods":[{"prototype":1}]}']) {
      const res = await refusal(raw);
      expect(res.status, raw).toBe(422);
    }
    const nul = await refusal(JSON.stringify({ name: "a\u0000b" }));
    expect(nul.status).toBe(422);
    expect(nul.body.errors).toEqual({ name: ["validation.invalid"] });
  });
});

describe("URLs, ids and paging", () => {
  it("answers 400 to a NUL in a path or query, public or not", async () => {
    for (const path of ["/documents/public?q=%00", "/pages/public?slug=%00", "/pages/public/1%00", "/countries?q=a%00"]) {
      expect((await api.call("GET", path, { as: "admin" })).status, path).toBe(400);
    }
    expect((await api.call("GET", "/documents/public?q=%2500")).status).toBe(200);
  });

  it("answers 422 to a path id beyond PostgreSQL's integer, never 500", async () => {
    expect((await api.call("GET", "/calls/2147483648", { as: "admin" })).status).toBe(422);
    expect((await api.call("GET", "/media/download/99999999999", { as: "admin" })).status).toBe(422);
    expect((await api.call("DELETE", "/pages/1.5", { as: "admin" })).status).toBe(422);
    expect((await api.call("GET", "/calls/2147483647", { as: "admin" })).status).toBe(404);
  });

  it("bounds the page number", async () => {
    expect((await api.call("GET", "/users?page=1e300", { as: "admin" })).status).toBe(422);
    expect((await api.call("GET", "/media?page=99999999999", { as: "admin" })).status).toBe(422);
    expect((await api.call("GET", "/users?page=1000000", { as: "admin" })).status).toBe(200);
  });
});

/** A raw request with a streamed body (the test client's call takes whole bodies). */
async function fetchApi(method: string, path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>, as?: string) {
  const { accessToken, demo } = await import("../support/tokens");
  const all = new Headers(headers);
  if (as) all.set("authorization", `Bearer ${await accessToken(demo(as))}`);
  return api.fetch(new Request(`http://test.local/api${path}`, { method, headers: all, body, duplex: "half" } as RequestInit));
}

describe("ids in bodies and filters (docs/security.md#ids)", () => {
  const BIG = 2147483648;
  it("answers 422, never 500, to an id beyond PostgreSQL's integer anywhere in a body or filter", async () => {
    const cases: [string, string, unknown][] = [
      ["POST", "/users/info", { ids: [BIG] }],
      ["POST", "/users/assign-role", { user_id: BIG, roles: [] }],
      ["POST", "/pages", { title: "x", status: "draft", attachments: [BIG] }],
      ["POST", "/documents", { title: "x", status: "draft", attachments: [BIG] }],
      ["POST", "/infrastructures", { name: "x", manager_id: BIG, administrators: [] }],
      ["POST", "/infrastructures", { name: "x", administrators: [BIG] }],
      ["POST", "/infrastructures", { name: "x", administrators: [], acceptance_agreement: BIG }],
    ];
    for (const [method, path, body] of cases) {
      const res = await api.call(method, path, { as: "admin", body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(422);
    }
    for (const query of [`includeIds[]=${BIG}`, `excludeIds[]=${BIG}`, `user_id=${BIG}`, "page=99999999"]) {
      expect((await api.call("GET", `/calls?${query}`, { as: "admin" })).status, query).toBe(422);
    }
  });
});
