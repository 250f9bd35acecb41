// Prometheus's scrape (docs/operations.md#metrics): the route patterns the
// requests are counted under, and the primary's metrics server: its token, its
// one path, the web processes' figures and its own from the database.
import client from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRequest, ROUTE_LABELS_MAX, routeLabel } from "~/lib/metrics.server";
import { bearerMatches, startMetricsServer, type MetricsServer } from "../../server/metrics";
import { createTestApi, type TestApi } from "../support/api";

describe("route patterns", () => {
  it("replace ids and tokens, drop the query, and call a 404 unmatched", () => {
    expect(routeLabel("/application/123/step/4?x=1", 200)).toBe("/application/:id/step/:id");
    expect(routeLabel("/invitation/2f1c9a3e-1b2c-4d5e-8f90-123456789abc", 200)).toBe("/invitation/:token");
    expect(routeLabel("/confirm/AbCdEfGhIjKlMnOpQrStUvWxYz012345", 200)).toBe("/confirm/:token");
    expect(routeLabel("/admin/stats/key/", 200)).toBe("/admin/stats/key");
    expect(routeLabel("/", 200)).toBe("/");
    expect(routeLabel("/no/such/page", 404)).toBe("unmatched");
  });

  it("are at most ROUTE_LABELS_MAX per process: a scan of random paths cannot grow the registry", () => {
    for (let i = 0; i < ROUTE_LABELS_MAX + 10; i++) routeLabel(`/scan-${i}-x`, 200);
    expect(routeLabel("/scan-new-x", 200)).toBe("other");
  });
});

describe("the bearer token", () => {
  it("matches only the exact token", () => {
    expect(bearerMatches("Bearer s3cret", "s3cret")).toBe(true);
    expect(bearerMatches("bearer s3cret ", "s3cret")).toBe(true);
    for (const header of [undefined, "", "Bearer", "Bearer s3cre", "Bearer s3crett", "Basic s3cret", "s3cret"]) expect(bearerMatches(header, "s3cret"), header).toBe(false);
  });
});

describe("the metrics server", () => {
  let api: TestApi;
  let metrics: MetricsServer;
  const logged: string[] = [];
  beforeAll(async () => {
    api = await createTestApi();
    await api.db.deleteFrom("mail_outbox").execute();
    await api.db
      .insertInto("mail_outbox")
      .values([
        { to_addresses: ["a@x.org"], subject: "s", text_body: "t", state: "queued", next_attempt_at: new Date(), created_at: new Date() },
        { to_addresses: ["b@x.org"], subject: "s", text_body: "t", state: "failed", next_attempt_at: new Date(), created_at: new Date() },
      ] as never)
      .execute();
    countRequest("GET", "/application/:id", 200, 0.02);
    metrics = await startMetricsServer({ port: 0, token: "s3cret", db: api.db, log: (msg) => logged.push(msg), webMetrics: () => client.register.metrics() });
  });
  afterAll(async () => {
    await metrics?.close();
    await api?.close();
  });

  it("listens on the loopback address by default and asks for its token", async () => {
    expect(new URL(metrics.url).hostname).toBe("127.0.0.1");
    expect((await fetch(metrics.url)).status).toBe(401);
    expect((await fetch(metrics.url, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    expect((await fetch(metrics.url.replace("/metrics", "/other"), { headers: { authorization: "Bearer s3cret" } })).status).toBe(404);
  });

  it("gives the web processes' requests and the primary's outbox in the Prometheus text format", async () => {
    const res = await fetch(metrics.url, { headers: { authorization: "Bearer s3cret" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toMatch(/portal_http_requests_total\{method="GET",route="\/application\/:id",status="200"\} \d+/);
    expect(text).toContain('portal_mail_outbox{state="queued"} 1');
    expect(text).toContain('portal_mail_outbox{state="failed"} 1');
    expect(text).toContain('portal_mail_outbox{state="sent"} 0');
    expect(text).toMatch(/portal_db_pool_connections\{state="idle"\} \d+/);
    expect(text).toMatch(/portal_db_query_duration_seconds_count\{outcome="ok"\} [1-9]/);
  });
});
