// `npm start`: the portal with its embedded defaults. Without DATABASE_URL it
// starts a real PostgreSQL in $DATA_DIR/postgres; without OIDC_ISSUER it starts
// the development identity provider with its demo accounts. Then it migrates,
// seeds, and starts WEB_CONCURRENCY web processes (server/worker.ts, cluster
// workers sharing PORT), which it supervises with the embedded PostgreSQL
// (ADR 013): a web process that dies is started again, a PostgreSQL that stops
// answering is restarted in the same folder on the same port. SIGTERM or
// SIGINT stops everything gracefully.
import cluster, { type Worker } from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../app/db/embedded.server";
import { createDb } from "../app/db/database.server";
import { prepareDatabase } from "../app/db/prepare.server";
import { startDevIdp, type DevIdp } from "../idp/provider";
import { mediaLimitsFromEnv, mediaStorageFromEnv } from "../app/media/config.server";
import { schedulePurge } from "../app/domain/media/media-purge.server";
import { onLocalDataChange, relayDataChanges, remoteDataChanged } from "../app/db/data-version.server";
import { instanceChanges } from "../app/db/instance-changes.server";
import { startJobs, type ScheduledReminder } from "../app/domain/mail/jobs.server";
import { sendScheduledReminders } from "../app/domain/notifications/reminders.server";
import { sendSmReminders } from "../app/domain/ri-decisions/sm-reminder.server";
import { sendReportReminders } from "../app/domain/reporting/report-reminders.server";
import { auditRetentionDays, purgeAuditEntries } from "../app/domain/audit/trail.server";
import { SERVE_MESSAGE, superviseProcesses, watchService, webConcurrency, type Supervised } from "./supervise";
import { startMetricsServer } from "./metrics";

/** What the hourly job does, in this order: evaluations due, infrastructure decisions due, reports due, then the audit entries past AUDIT_RETENTION_DAYS go (ADR 051). */
const REMINDERS: ScheduledReminder[] = [
  { logged: "evaluation reminders sent", send: sendScheduledReminders },
  { logged: "infrastructure decision reminders sent", send: sendSmReminders },
  { logged: "report reminders sent", send: sendReportReminders },
  { logged: "audit entries purged", send: async (db) => purgeAuditEntries(db, auditRetentionDays()).then((n) => (n ? [n] : [])) },
];

const log = (msg: string, extra: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ level: "info", time: new Date().toISOString(), msg, ...extra }));

// What has started, undone in reverse order when the portal stops: a signal
// during start-up stops what is already running (the embedded PostgreSQL
// included) and a start that fails cleans up before it exits non-zero.
const undo: Array<{ name: string; run: () => unknown }> = [];
let stopping = false;

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  log("portal stopping", { code });
  for (const step of undo.reverse()) {
    await Promise.resolve()
      .then(step.run)
      .catch((err) => log("stop step failed", { step: step.name, err: String(err) }));
  }
  log("portal stopped", { code });
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(0));

async function main() {
  const started = Date.now();
  const env: NodeJS.ProcessEnv = { ...process.env };
  const dataDir = path.resolve(env.DATA_DIR ?? "./data");
  const port = Number(env.PORT ?? 3000);
  const production = env.NODE_ENV === "production";
  // Refuse bad upload limits, storage settings and audit retention now rather than on the first request or job.
  mediaLimitsFromEnv(env);
  auditRetentionDays(env);
  const mediaStorage = mediaStorageFromEnv(dataDir, env);
  fs.mkdirSync(dataDir, { recursive: true });
  // The folder or the bucket answers before anything starts (docs/operations.md).
  await mediaStorage.check();
  env.DATA_DIR = dataDir;
  // This process's own modules read it too: the demo seeds store their files
  // (the logo, the documents) in $DATA_DIR/media, as the web processes will.
  process.env.DATA_DIR = dataDir;
  env.PORT = String(port);
  env.PORTAL_URL ??= `http://localhost:${port}`;

  let embedded: EmbeddedDatabase | undefined;
  const pgDir = path.join(dataDir, "postgres");
  if (!env.DATABASE_URL) {
    embedded = await startEmbeddedPostgres(pgDir, env.EMBEDDED_PG_PORT ? Number(env.EMBEDDED_PG_PORT) : undefined);
    undo.push({ name: "embedded PostgreSQL", run: () => embedded?.stop() });
    await embedded.createDatabase("portal");
    env.DATABASE_URL = embedded.url("portal");
    log("embedded PostgreSQL started", { dir: pgDir });
  }

  const db = createDb(env.DATABASE_URL, 2);
  undo.push({ name: "database pool", run: () => db.destroy() });
  const demo = (env.DEMO_DATA ?? (embedded ? "true" : "false")) === "true";
  const adminEmails = (env.ADMIN_EMAILS ?? "").split(",").map((e) => e.trim()).filter(Boolean);
  await prepareDatabase(db, { demo, adminEmails });
  log("database ready", { demo });
  // Uploads linked to nothing for a day go, once an hour (one process does it: this one).
  const stopPurge = schedulePurge(db, mediaStorage);
  undo.push({ name: "media purge", run: stopPurge });
  // Mail delivery and scheduled reminders (docs/architecture.md#mail), in this process: every instance runs them, pg-boss lets one at a time through.
  const jobs = await startJobs({ db, databaseUrl: env.DATABASE_URL, smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM || undefined, log, reminders: REMINDERS });
  undo.push({ name: "jobs", run: () => jobs.stop() });

  let idp: DevIdp | undefined;
  undo.push({ name: "identity provider", run: () => idp?.close() });
  if (!env.OIDC_ISSUER) {
    if (production && env.ALLOW_DEV_IDP !== "true") {
      throw new Error("OIDC_ISSUER is required in production (the development identity provider has public demo passwords)");
    }
    const idpPort = Number(env.IDP_PORT ?? 3001);
    env.OIDC_CLIENT_ID ??= "ta-portal";
    env.OIDC_CLIENT_SECRET ??= "ta-portal-dev-secret";
    env.OIDC_AUDIENCE ??= "urn:ta-portal:api";
    idp = await startDevIdp({
      port: idpPort,
      host: env.IDP_HOST ?? "127.0.0.1",
      issuer: env.IDP_ISSUER ?? `http://localhost:${idpPort}`,
      audience: env.OIDC_AUDIENCE,
      keysFile: path.join(dataDir, "idp", "jwks.json"),
      accessTokenTtl: env.IDP_ACCESS_TOKEN_TTL ? Number(env.IDP_ACCESS_TOKEN_TTL) : undefined,
      clients: [
        {
          client_id: env.OIDC_CLIENT_ID,
          client_secret: env.OIDC_CLIENT_SECRET,
          redirect_uris: [`${env.PORTAL_URL}/auth/callback`],
          post_logout_redirect_uris: [`${env.PORTAL_URL}/`],
        },
      ],
    });
    env.OIDC_ISSUER = idp.issuer;
    env.OIDC_RESOURCE ??= env.OIDC_AUDIENCE;
    log("development identity provider started", { issuer: idp.issuer });
  }

  if (!env.SESSION_SECRET) {
    if (production) throw new Error("SESSION_SECRET is required in production");
    const file = path.join(dataDir, "session-secret");
    if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
    env.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
  }
  env.NODE_ENV ??= "production";

  // One web process per core by default (docs/budgets.md#page-cost), all behind PORT.
  const workers = webConcurrency(env.WEB_CONCURRENCY);
  // The web process beside this file: worker.ts through tsx, worker.js in the compiled build (ADR 045).
  cluster.setupPrimary({ exec: path.join(import.meta.dirname, `worker${path.extname(import.meta.filename)}`) });
  // A web process's writes reach its siblings, whose kept answers are then read afresh (app/cache).
  relayDataChanges(cluster);
  // And the other instances on the same database hear of this one's writes, and this one of theirs.
  const instances = await instanceChanges({ databaseUrl: env.DATABASE_URL, heard: remoteDataChanged, log });
  const unlisten = onLocalDataChange(() => instances.changed());
  undo.push({ name: "instance changes", run: () => (unlisten(), instances.stop()) });
  let listening = false;
  const fork = (slot: number | "standby"): Supervised & { worker: Worker } => {
    const worker = cluster.fork({ ...env, WEB_STANDBY: slot === "standby" ? "yes" : "no" });
    worker.once("listening", () => {
      if (!listening) log("portal listening", { url: env.PORTAL_URL, workers, prepared_in_ms: Date.now() - started });
      listening = true;
    });
    // A web process that cannot start at all (no build, port taken) is not restarted forever.
    worker.once("exit", (code) => {
      if (!listening && !stopping) {
        log("web process failed to start", { slot, code });
        void stop(1);
      }
    });
    // Signals go to the process itself, so it stops gracefully with its IPC channel up.
    return { worker, once: (event, listener) => worker.once(event, listener), kill: (signal) => worker.process.kill(signal) };
  };
  const web = superviseProcesses({
    count: workers,
    log,
    start: fork,
    // One web process more, loaded and waiting: a web process that dies is replaced at once (WEB_STANDBY=off: none).
    standby: env.WEB_STANDBY === "off" ? undefined : { start: () => fork("standby"), activate: ({ worker }) => worker.send({ type: SERVE_MESSAGE }) },
  });
  undo.push({ name: "web processes", run: () => web.stop("SIGTERM", Number(env.SHUTDOWN_TIMEOUT_MS ?? 10_000) + 5_000) });

  // Prometheus's scrape, on its own port and never by default (docs/operations.md#metrics).
  if (env.METRICS_PORT) {
    const { AggregatorRegistry } = await import("prom-client");
    const gathered = new AggregatorRegistry();
    const metrics = await startMetricsServer({
      port: Number(env.METRICS_PORT), host: env.METRICS_HOST, token: env.METRICS_TOKEN || undefined, db, log,
      webMetrics: () => gathered.clusterMetrics(),
    });
    undo.push({ name: "metrics", run: () => metrics.close() });
  }

  // The embedded PostgreSQL, checked every few seconds and restarted in its folder on its port.
  const watch = embedded
    ? watchService({
        name: "embedded PostgreSQL",
        log,
        intervalMs: Number(env.PG_WATCH_INTERVAL_MS ?? 3_000),
        check: () => canConnect(env.DATABASE_URL!),
        restart: async () => {
          const port = Number(new URL(env.DATABASE_URL!).port);
          embedded = await startEmbeddedPostgres(pgDir, port);
        },
      })
    : undefined;
  undo.push({ name: "database watch", run: () => watch?.stop() });
}

/** True when PostgreSQL accepts a connection and answers a query within two seconds. */
async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000, query_timeout: 2_000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

main().catch((err) => {
  console.error(JSON.stringify({ level: "error", msg: "start failed", err: String(err?.stack ?? err) }));
  void stop(1);
});
