// `npm start`: the portal with its embedded defaults. Without DATABASE_URL it
// starts a real PostgreSQL in $DATA_DIR/postgres; without OIDC_ISSUER it starts
// the development identity provider with its demo accounts. Then it migrates,
// seeds, and hands over to remix-serve, which it supervises.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../app/db/embedded.server";
import { createDb } from "../app/db/database.server";
import { prepareDatabase } from "../app/db/prepare.server";
import { startDevIdp, type DevIdp } from "../idp/provider";
import { mediaLimitsFromEnv } from "../app/media/config.server";

const log = (msg: string, extra: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ level: "info", time: new Date().toISOString(), msg, ...extra }));

async function main() {
  const started = Date.now();
  const env: NodeJS.ProcessEnv = { ...process.env };
  const dataDir = path.resolve(env.DATA_DIR ?? "./data");
  const port = Number(env.PORT ?? 3000);
  const production = env.NODE_ENV === "production";
  // Refuse bad upload limits now rather than on the first request.
  mediaLimitsFromEnv(env);
  fs.mkdirSync(dataDir, { recursive: true });
  env.DATA_DIR = dataDir;
  env.PORT = String(port);
  env.PORTAL_URL ??= `http://localhost:${port}`;

  let pg: EmbeddedDatabase | undefined;
  if (!env.DATABASE_URL) {
    pg = await startEmbeddedPostgres(path.join(dataDir, "postgres"), env.EMBEDDED_PG_PORT ? Number(env.EMBEDDED_PG_PORT) : undefined);
    await pg.createDatabase("portal");
    env.DATABASE_URL = pg.url("portal");
    log("embedded PostgreSQL started", { dir: path.join(dataDir, "postgres") });
  }

  const db = createDb(env.DATABASE_URL, 2);
  const demo = (env.DEMO_DATA ?? (pg ? "true" : "false")) === "true";
  const adminEmails = (env.ADMIN_EMAILS ?? "").split(",").map((e) => e.trim()).filter(Boolean);
  await prepareDatabase(db, { demo, adminEmails });
  await db.destroy();
  log("database ready", { demo });

  let idp: DevIdp | undefined;
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

  const require = createRequire(import.meta.url);
  const cli = path.join(path.dirname(require.resolve("@remix-run/serve/package.json")), "dist", "cli.js");
  const child = spawn(process.execPath, [cli, path.resolve("build/index.js")], { env, stdio: "inherit" });
  log("portal starting", { url: env.PORTAL_URL, prepared_in_ms: Date.now() - started });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await idp?.close().catch(() => {});
    await pg?.stop().catch(() => {});
    process.exit(code);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      child.kill(signal);
    });
  }
  child.on("exit", (code) => void stop(code ?? 0));
}

main().catch((err) => {
  console.error(JSON.stringify({ level: "error", msg: "start failed", err: String(err?.stack ?? err) }));
  process.exit(1);
});
