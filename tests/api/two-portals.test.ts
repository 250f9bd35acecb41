// Several instances on one database (docs/operations.md#several-instances):
// two complete portals (server/start.ts, each with its primary process and its
// web processes: one for A, two for B) against one external PostgreSQL (Debian's, started here, so
// DATABASE_URL is exercised rather than the embedded server), one S3 store
// (s3rver) and one SMTP sink. Portal A runs the development identity provider;
// portal B is pointed at it, as a second replica behind a load balancer would be
// at the real one. Both have the same PORTAL_URL and SESSION_SECRET.
//
// Slow (two portals start, about a minute or more on a loaded machine): it runs
// with TWO_PORTALS=1, after `npx remix build` (the portals serve build/).
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { importJWK, SignJWT } from "jose";
import pg from "pg";
import PgBoss from "pg-boss";
import type { SMTPServer } from "smtp-server";
import { smtpSink } from "../support/smtp-sink";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { demoAccounts } from "../../idp/accounts";
import { loadOrCreateSigningKey } from "../../idp/keys";
import { REMINDER_QUEUE } from "../../app/domain/mail/jobs.server";
import { startDebianPostgres } from "../support/debian-postgres";
import { freePort } from "../support/free-port";
import { CookieJar } from "../support/cookie-jar";

const ENABLED = process.env.TWO_PORTALS === "1";
const repo = path.resolve(import.meta.dirname, "../..");
const AUDIENCE = "urn:ta-portal:api";
const CLIENT_ID = "ta-portal";

interface Portal {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

interface Mail {
  to: string[];
  subject: string;
  messageId: string;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ta-two-portals-"));
let postgres: ChildProcess | undefined;
let databaseUrl = "";
let s3: Awaited<ReturnType<typeof import("../support/s3").startS3>> | undefined;
let smtp: SMTPServer | undefined;
const mails: Mail[] = [];
let a: Portal;
let b: Portal;
let issuer = "";
let portalUrl = "";
let db: pg.Client;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

function startPortal(name: string, env: Record<string, string>): Promise<Portal> {
  const port = env.PORT;
  const child = spawn(process.execPath, ["--import", "tsx", path.join(repo, "server/start.ts")], {
    cwd: repo,
    // The portal's own variables only, none of vitest's (NODE_ENV=test among them).
    env: { PATH: process.env.PATH, HOME: dir, HOST: "127.0.0.1", PORTAL_ROOT: repo, WEB_CONCURRENCY: "1", WEB_STANDBY: "off", ...env } as Record<string, string | undefined> as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: SIGKILL to the group ends the primary and its web processes at once, as a machine lost would.
    detached: true,
  });
  let text = "";
  child.stdout!.on("data", (c: Buffer) => (text += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (text += c.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const portal: Portal = { name, url: `http://127.0.0.1:${port}`, child, output: () => text, exited };
  return until(
    `portal ${name} to listen`,
    () => {
      if (child.exitCode !== null) throw new Error(`portal ${name} exited: ${text}`);
      return text.includes('"portal listening"') ? portal : undefined;
    },
    240_000,
  );
}

/** An access token from portal A's identity provider key, as the provider would sign it. */
async function tokenFor(username: string): Promise<string> {
  const account = demoAccounts.find((x) => x.username === username)!;
  const jwk = await loadOrCreateSigningKey(path.join(dir, "a", "idp", "jwks.json"));
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: account.email, given_name: account.given_name, family_name: account.family_name, name: account.name, groups: [...account.groups], client_id: CLIENT_ID, scope: "openid profile email" })
    .setProtectedHeader({ alg: "RS256", kid: jwk.kid, typ: "at+jwt" })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setSubject(account.sub)
    .setIssuedAt(now - 10)
    .setExpirationTime(now + 600)
    .sign(await importJWK(jwk, "RS256"));
}

const api = (portal: Portal, method: string, p: string, token: string, body?: unknown) =>
  fetch(`${portal.url}/api${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The body PUT /api/calls/{id} takes, from what GET answered. */
function callBody(call: Record<string, unknown> & { available_infrastructures?: { id: number }[]; acceptance_agreement?: { id: number } | null; scientific_report_template?: { id: number } | null; data_man_template?: { id: number } | null }) {
  return {
    ...call,
    available_infrastructures: (call.available_infrastructures ?? []).map((i) => i.id),
    acceptance_agreement: call.acceptance_agreement?.id,
    scientific_report_template: call.scientific_report_template?.id ?? null,
    data_man_template: call.data_man_template?.id ?? null,
  };
}

async function renameCall(portal: Portal, id: number, title: string): Promise<void> {
  const editor = await tokenFor("editor");
  const current = (await (await api(portal, "GET", `/calls/${id}`, editor)).json()) as Parameters<typeof callBody>[0];
  const res = await api(portal, "PUT", `/calls/${id}`, editor, { ...callBody(current), title });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The id of a call the public page /call shows. */
async function publicCallId(): Promise<number> {
  const res = await fetch(`${b.url}/api/calls/opened`);
  const { data } = (await res.json()) as { data: { id: number; title: string }[] };
  expect(data.length).toBeGreaterThan(0);
  return data[0].id;
}

describe.runIf(ENABLED)("two portals on one PostgreSQL and one S3 store", () => {
  beforeAll(async () => {
    if (!fs.existsSync(path.join(repo, "build", "index.js"))) throw new Error("no build/index.js: run `npx remix build` first");
    const started = Date.now();
    const debian = await startDebianPostgres(dir);
    postgres = debian.server;
    databaseUrl = debian.url;
    const { startS3 } = await import("../support/s3");
    s3 = await startS3();
    const smtpPort = await freePort();
    smtp = smtpSink((mail) => mails.push({ to: mail.to, subject: mail.subject, messageId: /^Message-ID: (.*)$/im.exec(mail.raw)?.[1]?.trim() ?? "" }));
    await new Promise<void>((resolve) => smtp!.listen(smtpPort, "127.0.0.1", resolve));

    const [portA, idpA, portB] = [await freePort(), await freePort(), await freePort()];
    issuer = `http://localhost:${idpA}`;
    // The address users see (the load balancer's): the same for both, as the identity provider's redirect goes there.
    portalUrl = `http://localhost:${portA}`;
    const shared = {
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
      PORTAL_URL: portalUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Portal <portal@two-portals.invalid>",
      ...s3.env("two-portals/"),
    };
    a = await startPortal("A", { ...shared, PORT: String(portA), IDP_PORT: String(idpA), DATA_DIR: path.join(dir, "a"), DEMO_DATA: "true" });
    b = await startPortal("B", {
      ...shared,
      PORT: String(portB),
      DATA_DIR: path.join(dir, "b"),
      DEMO_DATA: "false",
      // Two web processes: what B keeps is kept in each, and the notification must reach both.
      WEB_CONCURRENCY: "2",
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: "ta-portal-dev-secret",
      OIDC_AUDIENCE: AUDIENCE,
      OIDC_RESOURCE: AUDIENCE,
    });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    console.info(`two portals ready in ${Date.now() - started} ms`);
  }, 420_000);

  afterAll(async () => {
    await db?.end().catch(() => {});
    for (const portal of [a, b]) {
      if (!portal || portal.child.exitCode !== null || portal.child.signalCode !== null) continue;
      portal.child.kill("SIGTERM");
      await Promise.race([portal.exited, sleep(20_000)]);
      try {
        process.kill(-portal.child.pid!, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
    smtp?.close();
    await s3?.close();
    if (postgres && postgres.exitCode === null) {
      // SIGINT: PostgreSQL's fast shutdown.
      postgres.kill("SIGINT");
      await Promise.race([new Promise((r) => postgres!.once("exit", r)), sleep(10_000)]);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  test("a session started on A works on B", { timeout: 60_000 }, async () => {
    const portalCookies = new CookieJar();
    const toIdp = await fetch(`${a.url}/auth/login?returnTo=%2Fprofile`, { redirect: "manual" });
    expect(toIdp.status).toBe(302);
    portalCookies.store(toIdp);
    const jar = new CookieJar();
    const go = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, { ...init, headers: { ...(init.headers ?? {}), cookie: jar.header() }, redirect: "manual" });
      jar.store(res);
      return res;
    };
    let url = toIdp.headers.get("location")!;
    let res = await go(url);
    while (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get("location")!, url).href;
      res = await go(url);
    }
    expect(await res.text()).toContain("Username");
    res = await go(`${url}/login`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ username: "applicant", password: "demo" }) });
    while (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get("location")!, url).href;
      if (url.startsWith(`${portalUrl}/`)) break;
      res = await go(url);
    }
    expect(url).toContain(`${portalUrl}/auth/callback?code=`);
    // The load balancer sends the callback to B: B finishes the sign-in A began.
    const callback = await fetch(url.replace(portalUrl, b.url), { headers: { cookie: portalCookies.header() }, redirect: "manual" });
    expect(callback.status, await callback.clone().text()).toBe(302);
    portalCookies.store(callback);
    for (const portal of [a, b]) {
      const page = await fetch(`${portal.url}/profile`, { headers: { cookie: portalCookies.header() }, redirect: "manual" });
      expect(page.status, `${portal.name}: ${page.headers.get("location")}`).toBe(200);
      expect(await page.text()).toContain("Alice");
    }
  });

  test("a file uploaded through A downloads from B", { timeout: 60_000 }, async () => {
    const applicant = await tokenFor("applicant");
    // Three megabytes: more than one part of the S3 multipart upload.
    const bytes = crypto.randomBytes(3 * 1024 * 1024);
    bytes.write("%PDF-1.4\n", 0);
    const form = new FormData();
    form.append("file", new Blob([bytes], { type: "application/pdf" }), "shared.pdf");
    const up = await fetch(`${a.url}/api/media/uploads`, { method: "POST", headers: { authorization: `Bearer ${applicant}` }, body: form });
    expect(up.status, await up.clone().text()).toBe(201);
    const { id } = (await up.json()) as { id: number };
    const down = await fetch(`${b.url}/api/media/download/${id}`, { headers: { authorization: `Bearer ${applicant}` } });
    expect(down.status).toBe(200);
    expect(Buffer.from(await down.arrayBuffer()).equals(bytes)).toBe(true);
    // Nothing in either portal's own folder: the bucket holds it.
    for (const name of ["a", "b"]) expect(fs.existsSync(path.join(dir, name, "media")) ? fs.readdirSync(path.join(dir, name, "media")) : []).toEqual([]);
  });

  test("a call edited on A is shown at once by B's public page and lists", { timeout: 60_000 }, async () => {
    const id = await publicCallId();
    // B keeps its public page and its list, in each of its web processes (the reads go round them).
    for (let i = 0; i < 4; i++) {
      expect((await fetch(`${b.url}/call`)).status).toBe(200);
      expect((await fetch(`${b.url}/api/calls/opened`)).status).toBe(200);
    }
    const title = `Renamed on A ${crypto.randomBytes(3).toString("hex")}`;
    await renameCall(a, id, title);
    const written = Date.now();
    await until("B's /call to show the new title", async () => (await (await fetch(`${b.url}/call`)).text()).includes(title), 5_000);
    const pageMs = Date.now() - written;
    await until("B's list to show the new title", async () => (await (await fetch(`${b.url}/api/calls/opened`)).text()).includes(title), 5_000);
    const listMs = Date.now() - written;
    console.info(`B showed A's write: page after ${pageMs} ms, list after ${listMs} ms`);
    // The kept answers' lifetime is 10 s: within a second and a half, only the notification can have ended them.
    expect(pageMs).toBeLessThan(1_500);
    expect(listMs).toBeLessThan(1_500);
  });

  test("the reminder job and its mails run once across both portals", { timeout: 90_000 }, async () => {
    // A call with evaluations still open, due seven days from today (Brussels): its reminder is due now.
    const { rows } = await db.query<{ call_id: number; evaluators: string }>(
      `select a.call_id, count(distinct r.user_id) as evaluators
         from application_reviewers r join applications a on a.id = r.application_id
        where a.deleted_at is null and a.status = 'under-evaluation' and r.role = 'evaluator'
          and r.state in ('assigned', 'accepted') and r.submitted_at is null
        group by a.call_id order by a.call_id limit 1`,
    );
    expect(rows.length, "the demo data has an evaluation still open").toBe(1);
    const callId = rows[0].call_id;
    const evaluators = Number(rows[0].evaluators);
    await db.query("update calls set evaluation_date = (now() at time zone 'Europe/Brussels')::date + 7 where id = $1", [callId]);
    await db.query("delete from evaluation_reminders_sent where call_id = $1", [callId]);
    const subject = /^Reminder: evaluations due/;
    const before = mails.filter((m) => subject.test(m.subject)).length;

    // The hourly schedule, made to fire three times at once; both portals work the queue.
    const boss = new PgBoss({ connectionString: databaseUrl, schema: "pgboss", max: 1, supervise: false, schedule: false });
    boss.on("error", () => {});
    await boss.start();
    const jobs = await Promise.all([1, 2, 3].map(() => boss.send(REMINDER_QUEUE, {})));
    await boss.stop({ graceful: false, wait: true });
    await until(
      "the three reminder jobs to complete",
      async () => (await db.query("select count(*)::int as n from pgboss.job where id = any($1) and state = 'completed'", [jobs])).rows[0].n === 3,
      60_000,
    );
    expect((await db.query("select count(*)::int as n from evaluation_reminders_sent where call_id = $1", [callId])).rows[0].n).toBe(1);
    await until("the reminders' mails", () => mails.filter((m) => subject.test(m.subject)).length - before >= evaluators, 30_000);
    // Both portals deliver every few seconds: time for a second delivery, had there been one.
    await sleep(12_000);
    expect(mails.filter((m) => subject.test(m.subject)).length - before).toBe(evaluators);
    // Every mail the outbox marks sent arrived once, whichever portal sent it.
    const ids = mails.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await db.query("select count(*)::int as n from mail_outbox where state = 'sent'")).rows[0].n).toBe(mails.length);
  });

  test("killing A after a confirmed write loses nothing: B reads it", { timeout: 60_000 }, async () => {
    const id = await publicCallId();
    const title = `Written on A before its end ${crypto.randomBytes(3).toString("hex")}`;
    await renameCall(a, id, title);
    // No time to finish anything: the whole of A (primary, web process, identity provider) at once.
    process.kill(-a.child.pid!, "SIGKILL");
    await a.exited;
    const page = await until("B's /call to show the title", async () => {
      const text = await (await fetch(`${b.url}/call`)).text();
      return text.includes(title) ? text : undefined;
    }, 15_000);
    expect(page).toContain(title);
    const { rows } = await db.query<{ title: string }>("select title from calls where id = $1", [id]);
    expect(rows[0].title).toBe(title);
    // B still serves its public pages and its health alone.
    expect((await fetch(`${b.url}/api/health`)).status).toBe(200);
  });
});
