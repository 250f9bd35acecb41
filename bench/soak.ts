// `npm run bench -- soak` (docs/budgets.md#soak): SOAK_USERS concurrent users
// (50) for SOAK_SECONDS (600) on a mixed read/write load against the portal as
// it starts with its embedded defaults (its embedded PostgreSQL, the demo data,
// its default web processes). Each user, in a loop with a think time of 0 to
// 2 × SOAK_THINK_MS (150 ms): half the time a signed-in page (the applicant's
// home and a wizard step, the editor's staff list and an application's staff
// screen, the public calls), half the time a write, the Project step's "Save
// draft" posted without JavaScript on the user's own draft, with the version
// the previous answer gave and a description that names the write.
// It fails (exit code 1) on:
// - any error: a page not answering 200, a save not answering 200 with a new
//   version (a stale version counts: a user's saves follow each other);
// - memory: the web processes' resident memory (summed) growing by more than
//   SOAK_RSS_BOUND_MB (100) between the end of the warm-up (the first quarter,
//   at most 60 s) and the end;
// - a lost write: at the end every draft must hold the description and the
//   version of the last save that was answered 200 (saves of one draft are
//   sequential, so the last one acknowledged is what the database must hold).
//
// Writes bench/results/soak-latest.json. BENCH_PORT (3510; +1 the identity provider).
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { createDb } from "../app/db/database.server";
import { nodeRss } from "./admin-list";
import { BROWSER_ACCEPT_ENCODING, buildCopy, freePort, percentile, repo, signIn, startPortal, stopped, waitFor } from "./support";
import { draftCopies, projectForm } from "./wizard";

const PORT = Number(process.env.BENCH_PORT ?? 3510);
const BASE = `http://localhost:${PORT}`;
const USERS = Number(process.env.SOAK_USERS ?? 50);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 150);
const RSS_BOUND_MB = Number(process.env.SOAK_RSS_BOUND_MB ?? 100);
const WARM_UP_S = Math.min(60, SECONDS / 4);
const REQUEST_TIMEOUT_MS = 30_000;

interface Answer { status: number; html: string }

function request(agent: http.Agent, method: string, pathname: string, cookie: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent, host: "127.0.0.1", port: PORT, method, path: pathname, timeout: REQUEST_TIMEOUT_MS,
        headers: {
          cookie, "accept-encoding": BROWSER_ACCEPT_ENCODING,
          ...(body === undefined ? {} : { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          try {
            const html = (encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw).toString("utf8");
            resolve({ status: res.statusCode ?? 0, html });
          } catch (err) {
            reject(err);
          }
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(body);
  });
}

/** Resident memory (MB) of each web process: the node processes below the primary, not the primary itself. */
const webProcesses = (pid: number) => new Map([...nodeRss(pid)].filter(([p]) => p !== pid).map(([p, kb]) => [p, +(kb / 1024).toFixed(1)]));
const webRssMb = (pid: number) => +[...webProcesses(pid).values()].reduce((n, x) => n + x, 0).toFixed(1);

export async function main() {
  const { root, remove } = buildCopy();
  const pgPort = await freePort();
  const portal = startPortal(root, PORT, { EMBEDDED_PG_PORT: String(pgPort) });
  const db = createDb(`postgres://postgres:postgres@127.0.0.1:${pgPort}/portal`, 4);
  try {
    await waitFor(`${BASE}/api/health`, 240_000);
    const { copies, project } = await draftCopies(db, USERS, `soak${crypto.randomBytes(3).toString("hex")}-`);
    const applicant = `cookie_consent=accepted; ${await signIn(BASE, "applicant")}`;
    const editor = `cookie_consent=accepted; ${await signIn(BASE, "editor")}`;
    const staffScreen = (await db.selectFrom("applications").select("id").where("status", "=", "under-evaluation").orderBy("id").executeTakeFirst())?.id ?? copies[0].id;
    const pages: [string, (i: number) => string, string][] = [
      ["applicant home", () => "/", applicant],
      ["wizard step", (i) => `/application/${copies[i].id}/update/project`, applicant],
      ["staff list", () => "/admin/application", editor],
      ["staff screen", () => `/admin/application/${staffScreen}`, editor],
      ["public calls", () => "/call", applicant],
    ];

    const latencies = { read: [] as number[], write: [] as number[] };
    const errors: { kind: string; status: number; at_s: number; error?: string }[] = [];
    // A request that failed on the client's side (status 0) keeps its reason: a reset connection is not a server's answer.
    const failed = (err: Error) => ({ status: 0, html: "", error: err.message });
    const acked = copies.map((c) => ({ id: c.id, version: new Date(c.updated_at).toISOString(), description: "", writes: 0 }));
    const rss: { at_s: number; web_mb: number }[] = [{ at_s: 0, web_mb: webRssMb(portal.pid!) }];
    const processesAtStart = webProcesses(portal.pid!);
    const started = performance.now();
    const at = () => +((performance.now() - started) / 1000).toFixed(1);
    const sampler = setInterval(() => rss.push({ at_s: at(), web_mb: webRssMb(portal.pid!) }), 5_000);
    const until = started + SECONDS * 1000;
    const agent = new http.Agent({ keepAlive: true, maxSockets: USERS });
    await Promise.all(acked.map(async (mine, i) => {
      let n = 0;
      while (performance.now() < until) {
        await new Promise((r) => setTimeout(r, Math.random() * 2 * THINK_MS));
        const t = performance.now();
        if (Math.random() < 0.5) {
          const [name, url, cookie] = pages[Math.floor(Math.random() * pages.length)];
          const res: Answer & { error?: string } = await request(agent, "GET", url(i), cookie).catch(failed);
          latencies.read.push(performance.now() - t);
          if (res.status !== 200) errors.push({ kind: name, status: res.status, at_s: at(), error: res.error });
        } else {
          const description = `Soak write ${i}.${++n}`;
          const res: Answer & { error?: string } = await request(agent, "POST", `/application/${mine.id}/update/project`, applicant, projectForm({ ...project, description }, mine.version))
            .catch(failed);
          latencies.write.push(performance.now() - t);
          const next = /name="updated_at" value="([^"]+)"/.exec(res.html)?.[1];
          if (res.status === 200 && next && next !== mine.version) {
            Object.assign(mine, { version: next, description, writes: mine.writes + 1 });
          } else {
            errors.push({ kind: "save", status: res.status, at_s: at(), error: res.error });
            if (next) mine.version = next;
          }
        }
      }
    }));
    clearInterval(sampler);
    agent.destroy();
    rss.push({ at_s: at(), web_mb: webRssMb(portal.pid!) });
    const processesAtEnd = webProcesses(portal.pid!);
    const processes = [...new Set([...processesAtStart.keys(), ...processesAtEnd.keys()])].map((pid) => ({ pid, start_mb: processesAtStart.get(pid) ?? null, end_mb: processesAtEnd.get(pid) ?? null }));

    // No lost writes: what the database holds is each draft's last acknowledged save.
    const held = await db.selectFrom("applications").select(["id", "updated_at", "draft"]).where("id", "in", acked.map((a) => a.id)).execute();
    const byId = new Map(held.map((h) => [h.id, h]));
    const lost = acked.filter((a) => {
      const h = byId.get(a.id);
      const description = (h?.draft as { project?: { description?: string } } | undefined)?.project?.description;
      return a.writes > 0 && (!h || description !== a.description || new Date(h.updated_at).toISOString() !== a.version);
    });

    const afterWarmUp = rss.find((r) => r.at_s >= WARM_UP_S) ?? rss[rss.length - 1];
    const end = rss[rss.length - 1];
    const growth = +(end.web_mb - afterWarmUp.web_mb).toFixed(1);
    const stats = (xs: number[]) => {
      const s = [...xs].sort((x, y) => x - y);
      return { requests: s.length, median_ms: +(percentile(s, 50) ?? 0).toFixed(1), p95_ms: +(percentile(s, 95) ?? 0).toFixed(1), p99_ms: +(percentile(s, 99) ?? 0).toFixed(1) };
    };
    const report = {
      date: new Date().toISOString(), node: process.version, cpus: os.availableParallelism(), load_average: os.loadavg().map((x) => +x.toFixed(2)),
      users: USERS, seconds: SECONDS, think_ms: THINK_MS,
      reads: stats(latencies.read), writes: stats(latencies.write),
      req_per_s: +((latencies.read.length + latencies.write.length) / SECONDS).toFixed(1),
      errors: errors.length, first_errors: errors.slice(0, 20),
      writes_acknowledged: acked.reduce((n, a) => n + a.writes, 0), lost_writes: lost.length, lost: lost.slice(0, 20),
      memory: {
        web_rss_start_mb: rss[0].web_mb, web_rss_after_warm_up_mb: afterWarmUp.web_mb, warm_up_s: WARM_UP_S, web_rss_end_mb: end.web_mb,
        web_rss_peak_mb: Math.max(...rss.map((r) => r.web_mb)), growth_after_warm_up_mb: growth, bound_mb: RSS_BOUND_MB, within_bound: growth < RSS_BOUND_MB,
        processes,
      },
      rss,
    };
    fs.mkdirSync(path.join(repo, "bench/results"), { recursive: true });
    fs.writeFileSync(path.join(repo, "bench/results/soak-latest.json"), JSON.stringify(report, null, 2));
    const { rss: _rss, first_errors: _e, lost: _l, ...summary } = report;
    console.log(JSON.stringify(summary, null, 2));
    if (errors.length || lost.length || !report.memory.within_bound) process.exitCode = 1;
  } finally {
    await db.destroy();
    await stopped(portal);
    remove();
  }
}
