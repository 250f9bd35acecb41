import os from "node:os";
import { OpenAPIHono } from "@hono/zod-openapi";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiEnv } from "~/api/context";
import { healthRoutes } from "~/api/health/routes";
import { createDb } from "~/db/database.server";
import { createTestApi, type TestApi } from "../support/api";
import { expectConsoleError } from "../support/fail-on-console-error";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe("health", () => {
  it("answers GET and HEAD with 200 when the database answers", async () => {
    const get = await api.call("GET", "/health");
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual({ status: "ok" });
    expect((await api.call("HEAD", "/health")).status).toBe(200);
  });
});

describe("readiness", () => {
  it("is ready when the database has every migration this build knows, and says why not otherwise", async () => {
    const ready = await api.call("GET", "/ready");
    expect([ready.status, await ready.json()]).toEqual([200, { status: "ready" }]);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    // The last migration forgotten, as if this build were newer than the database.
    const { rows } = await sql<{ name: string; timestamp: string }>`delete from kysely_migration where name = (select max(name) from kysely_migration) returning name, timestamp`.execute(api.db);
    try {
      const pending = await api.call("GET", "/ready");
      expect([pending.status, await pending.json()]).toEqual([503, { status: "not-ready", reason: "migrations" }]);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${rows[0].name}, ${rows[0].timestamp})`.execute(api.db);
    }
    expect((await api.call("GET", "/ready")).status).toBe(200);
  });

  it("is not ready when the database does not answer", async () => {
    const unreachable = createDb("postgres://nobody:none@127.0.0.1:9/none", 1);
    const app = new OpenAPIHono<ApiEnv>()
      .use(async (c, next) => {
        c.set("deps", { db: unreachable } as ApiEnv["Variables"]["deps"]);
        await next();
      })
      .route("/", healthRoutes);
    try {
      const res = await app.request("/ready");
      expect([res.status, await res.json()]).toEqual([503, { status: "not-ready", reason: "database" }]);
    } finally {
      await unreachable.destroy();
    }
  });
});

describe("countries", () => {
  it("lists every country as label/value, 1000 per page by default", async () => {
    const res = await api.call("GET", "/countries", { as: "applicant" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.meta).toEqual({ page: 1, per_page: 1000, total: 249 });
    expect(body.data).toContainEqual({ label: "Belgium", value: "BE" });
    expect(body.data).toContainEqual({ label: "France", value: "FR" });
  });

  it("filters by name or exact code and pages", async () => {
    const byName = await (await api.call("GET", "/countries?q=belg", { as: "applicant" })).json();
    expect(byName.data).toEqual([{ label: "Belgium", value: "BE" }]);
    const byCode = await (await api.call("GET", "/countries?q=pt", { as: "applicant" })).json();
    expect(byCode.data).toContainEqual({ label: "Portugal", value: "PT" });
    const paged = await (await api.call("GET", "/countries?per_page=10&page=2", { as: "applicant" })).json();
    expect(paged.data).toHaveLength(10);
    expect(paged.meta).toMatchObject({ page: 2, per_page: 10, total: 249 });
  });

  it("names and sorts the countries in the language asked (lang, else Accept-Language), codes unchanged", async () => {
    const fr = await (await api.call("GET", "/countries?lang=fr", { as: "applicant" })).json();
    expect(fr.meta.total).toBe(249);
    expect(fr.data).toContainEqual({ label: "Allemagne", value: "DE" });
    const labels: string[] = fr.data.map((o: { label: string }) => o.label);
    // Accented names sort with their letter, not after Z.
    expect(labels.indexOf("Égypte")).toBeGreaterThan(labels.indexOf("Dominique"));
    expect(labels.indexOf("Égypte")).toBeLessThan(labels.indexOf("Espagne"));
    expect(labels.at(-1)).toBe("Zimbabwe");

    const byHeader = await (await api.call("GET", "/countries?q=de", { as: "applicant", headers: { "Accept-Language": "de-DE, fr;q=0.8, en;q=0.5" } })).json();
    expect(byHeader.data).toContainEqual({ label: "Allemagne", value: "DE" });
    const explicit = await (await api.call("GET", "/countries?q=DE&lang=en", { as: "applicant", headers: { "Accept-Language": "fr" } })).json();
    expect(explicit.data).toContainEqual({ label: "Germany", value: "DE" });

    // Found by a part of the French name, accents and case ignored, or of the English one.
    expect((await (await api.call("GET", "/countries?lang=fr&q=egyp", { as: "applicant" })).json()).data).toEqual([{ label: "Égypte", value: "EG" }]);
    expect((await (await api.call("GET", "/countries?lang=fr&q=germany", { as: "applicant" })).json()).data).toEqual([{ label: "Allemagne", value: "DE" }]);
    expect((await api.call("GET", "/countries?lang=de", { as: "applicant" })).status).toBe(422);
  });

  it("refuses a page size above 1000 with 422", async () => {
    const res = await api.call("GET", "/countries?per_page=1001", { as: "applicant" });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.per_page).toBeDefined();
  });
});

describe("unknown endpoints and OpenAPI", () => {
  it("answers 404 with the error shape", async () => {
    const res = await api.call("GET", "/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: expect.any(String), code: "errors.not-found" });
  });

  it("serves the OpenAPI document with every endpoint of this release", async () => {
    const doc = await (await api.call("GET", "/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/health", "/api/auth/current-user", "/api/auth/roles", "/api/users/me", "/api/calls/opened",
        "/api/calls", "/api/calls/{id}", "/api/countries", "/api/settings", "/api/dashboard",
      ]),
    );
  });

  it("documents each write's body from the domain's own schema (fields, limits, required)", async () => {
    const doc = await (await api.call("GET", "/openapi.json")).json();
    const body = (path: string, method: string) => doc.paths[path][method].requestBody.content["application/json"].schema;
    const call = body("/api/calls", "post");
    expect(call.properties.title).toMatchObject({ type: "string", maxLength: 255 });
    expect(call.properties.open_at).toMatchObject({ type: "string", format: "date" });
    expect(call.required).toEqual(expect.arrayContaining(["title", "open_at", "close_at", "acceptance_agreement"]));
    expect(body("/api/calls/{id}", "put").required).toContain("updated_at");
    expect(body("/api/documents", "post").properties).toHaveProperty("tags");
    expect(body("/api/pages/{id}", "put").properties).toHaveProperty("updated_at");
    expect(body("/api/infrastructures", "post").properties).toHaveProperty("periods");
  });
});

describe("database outage", () => {
  it("answers 503 on health and on other endpoints when PostgreSQL is unreachable", async () => {
    const { createDb } = await import("../../app/db/database.server");
    const { createApiApp } = await import("../../app/api/app.server");
    const { folderStorage } = await import("../../app/media/storage.server");
    const { mediaLimitsFromEnv } = await import("../../app/media/config.server");
    const dead = createDb("postgres://nobody:none@127.0.0.1:1/none", 1);
    const app = createApiApp({
      db: dead,
      verifyToken: async () => { throw new Error("unused"); },
      adminEmails: [],
      storage: folderStorage(os.tmpdir()),
      media: mediaLimitsFromEnv({}),
    });
    expect((await app.fetch(new Request("http://t/api/health"))).status).toBe(503);
    expectConsoleError(1);
    const res = await app.fetch(new Request("http://t/api/calls/opened"));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: expect.any(String), code: "errors.serv-unavai-desc" });
    await dead.destroy();
  });
});
