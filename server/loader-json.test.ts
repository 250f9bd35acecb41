// A loader's json() answer read back from its text (server/loader-json.ts): the
// same Response as the router's own json makes, its json() the data as a JSON
// round trip gives it, its body whole; and the installed Remix packages still
// make loaders' Responses through the router's exports.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { keepLoaderJson, keepLoaderJsonInRouter, type RouterJsonModule } from "./loader-json";

const require = createRequire(import.meta.url);
const realRouter = require("@remix-run/router") as RouterJsonModule;
const original = realRouter.json;

const data = { when: new Date("2026-11-28T07:00:00Z"), gone: undefined, list: [1, "two", null], nested: { "é": "\u2028" } };

describe("keepLoaderJson", () => {
  it("makes the Response the router's json makes, whose json() parses the kept text", async () => {
    const router = { json: original };
    keepLoaderJson(router);
    keepLoaderJson(router);
    for (const init of [undefined, 201, { status: 400, headers: { "X-Kept": "1", "Content-Type": "application/json" } }]) {
      const [ours, theirs] = [router.json(data, init), original(data, init)];
      expect(ours.status).toBe(theirs.status);
      expect([...ours.headers]).toEqual([...theirs.headers]);
      expect(Object.prototype.hasOwnProperty.call(ours, "json")).toBe(true);
      expect(await ours.json()).toEqual(await theirs.json());
      // The body is still there for a reader that does not ask json(), a client navigation's data request.
      expect(await ours.text()).toBe(JSON.stringify(data));
    }
  });

  it("is what the loaders' json (from @remix-run/node) calls once installed", async () => {
    keepLoaderJsonInRouter(require);
    try {
      const { json } = require("@remix-run/node") as { json: (d: unknown) => Response };
      const res = json(data);
      expect(Object.prototype.hasOwnProperty.call(res, "json")).toBe(true);
      expect(await res.json()).toEqual(JSON.parse(JSON.stringify(data)));
    } finally {
      realRouter.json = original;
    }
  });
});
