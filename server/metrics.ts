// GET /metrics for Prometheus, served by the portal's primary process on its
// own port (docs/operations.md#metrics): what every web process counts
// (app/lib/metrics.server.ts, gathered from them over the cluster's channel and
// added up), and what only the primary sees: the job queue and the mail
// outbox. Off unless METRICS_PORT is set; bound to METRICS_HOST (127.0.0.1 by
// default); with METRICS_TOKEN, a scrape must send it as a bearer token.
import crypto from "node:crypto";
import http from "node:http";
import client from "prom-client";
import { sql } from "kysely";
import type { Db } from "../app/db/database.server";

export interface MetricsOptions {
  port: number;
  host?: string;
  token?: string;
  db: Db;
  log: (msg: string, extra?: Record<string, unknown>) => void;
  /** The web processes' metrics, as Prometheus text (AggregatorRegistry.clusterMetrics in the portal). */
  webMetrics?: () => Promise<string>;
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/** The primary's own figures, read from the database at each scrape. */
export function primaryRegistry(db: Db): client.Registry {
  const registry = new client.Registry();
  registry.registerMetric(
    new client.Gauge({
      name: "portal_jobs",
      help: "Jobs of the job queue (pg-boss) by queue and state: created and retry are waiting, active are running, failed gave up",
      labelNames: ["queue", "state"] as const,
      async collect() {
        this.reset();
        // pg-boss makes its tables when the job queue first starts.
        const { rows: made } = await sql<{ job: string | null }>`select to_regclass('pgboss.job')::text as job`.execute(db);
        if (!made[0]?.job) return;
        const { rows } = await sql<{ name: string; state: string; n: number }>`
          select name, state::text, count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active', 'failed') group by name, state`.execute(db);
        for (const r of rows) this.set({ queue: r.name, state: r.state }, r.n);
      },
    }),
  );
  registry.registerMetric(
    new client.Gauge({
      name: "portal_mail_outbox",
      help: "E-mails in the outbox by state: queued are waiting to be sent, failed gave up (/admin/mail)",
      labelNames: ["state"] as const,
      async collect() {
        this.reset();
        for (const state of ["queued", "sent", "failed"]) this.set({ state }, 0);
        const rows = await db.selectFrom("mail_outbox").select(["state", sql<number>`count(*)::int`.as("n")]).groupBy("state").execute();
        for (const r of rows) this.set({ state: r.state }, r.n);
      },
    }),
  );
  return registry;
}

/** Whether `header` carries `token` as a bearer token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1];
  if (!sent) return false;
  const a = crypto.createHash("sha256").update(sent).digest();
  const b = crypto.createHash("sha256").update(token).digest();
  return crypto.timingSafeEqual(a, b);
}

export async function startMetricsServer(options: MetricsOptions): Promise<MetricsServer> {
  const own = primaryRegistry(options.db);
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?", 1)[0];
    if (req.method !== "GET" || path !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found");
      return;
    }
    if (options.token && !bearerMatches(req.headers.authorization, options.token)) {
      res.writeHead(401, { "content-type": "text/plain; charset=utf-8", "www-authenticate": "Bearer" }).end("Unauthorized");
      return;
    }
    void (async () => {
      try {
        const [web, primary] = await Promise.all([options.webMetrics?.() ?? Promise.resolve(""), own.metrics()]);
        res.writeHead(200, { "content-type": own.contentType, "cache-control": "no-store" }).end(`${web.trimEnd()}\n${primary}`);
      } catch (err) {
        options.log("metrics failed", { err: String(err) });
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end("Metrics unavailable");
      }
    })();
  });
  const host = options.host || "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  options.log("metrics listening", { url: `http://${host}:${port}/metrics`, token: Boolean(options.token) });
  return {
    url: `http://${host}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
