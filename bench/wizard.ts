// `npm run bench -- wizard`: the application wizard (docs/budgets.md#speed,
// #weight) with 10 000 applications in the database (bench/data.ts; set
// BENCH_APPLICATIONS for another count). For every step of the demo
// applicant's draft (complete, so every step opens): the page's weight (HTML
// and CSS, what a reader with JavaScript off downloads; compressed JS of the
// route with JavaScript on) and its latency, p50 and p95 with 10 concurrent
// clients signed in as the owner; then the Project step's save (the form
// posted without JavaScript, "Save draft", which answers the step again),
// each client saving its own copy of the draft with the version the previous
// answer gave. Budgets: p50 < 50 ms, p95 < 100 ms, HTML+CSS < 60 KB (the User
// group step: plus 36 KB per member, ADR 055), JS < 150 KB.
//
// Writes bench/results/wizard-latest.json. BENCH_PORT (3200), BENCH_SECONDS
// (4) per measurement, BENCH_WEB_CONCURRENCY (one per core: ADR 029).
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "kysely";
import type { Db } from "../app/db/database.server";
import { STEPS } from "../app/domain/applications/steps";
import { portalWithApplications } from "./data";
import { BROWSER_ACCEPT_ENCODING, CONCURRENCY, load, measured, pageWeight, percentile, repo, signIn, type Sample, WEB_CONCURRENCY } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://localhost:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const BUDGET = { p50_ms: 50, p95_ms: 100, html_plus_css_kb: 60, js_gzip_kb: 150, group_member_kb: 36 };

/** The project form as a browser without JavaScript posts it ("Save draft"). */
export function projectForm(project: Record<string, unknown>, updatedAt: string): string {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(project)) {
    if (Array.isArray(v)) v.forEach((x, i) => form.append(`${k}[${i}]`, String(x)));
    else if (v !== undefined && v !== null) form.append(k, String(v));
  }
  form.append("updated_at", updatedAt);
  form.append("move", "save");
  return form.toString();
}

/**
 * CONCURRENCY clients, each saving its own draft again and again for
 * `seconds`, with the version the previous answer carried (a stale or failed
 * save counts as an error). Several bases (instances, bench/scale.ts): client i
 * posts to the (i mod n)th.
 */
export async function loadSaves(drafts: { id: number; updated_at: string }[], project: Record<string, unknown>, cookie: string, seconds: number, bases = [BASE]): Promise<Sample> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const post = (base: URL, id: number, body: string) =>
    new Promise<{ status: number; html: string }>((resolve, reject) => {
      const req = http.request(
        {
          agent, host: base.hostname, port: base.port, method: "POST", path: `/application/${id}/update/project`,
          headers: { cookie, "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), "accept-encoding": BROWSER_ACCEPT_ENCODING },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const raw = Buffer.concat(chunks);
            const encoding = res.headers["content-encoding"];
            const html = (encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw).toString("utf8");
            resolve({ status: res.statusCode ?? 0, html });
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(drafts.map(async (d, i) => {
    const base = new URL(bases[i % bases.length]);
    let version = d.updated_at;
    while (performance.now() < until) {
      const t = performance.now();
      const res = await post(base, d.id, projectForm(project, version)).catch(() => ({ status: 0, html: "" }));
      latencies.push(performance.now() - t);
      const next = /name="updated_at" value="([^"]+)"/.exec(res.html)?.[1];
      if (res.status !== 200 || !next || next === version) errors++;
      if (next) version = next;
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length, errors, req_per_s: +(latencies.length / elapsed).toFixed(0),
    median_ms: +percentile(latencies, 50).toFixed(1), p95_ms: +percentile(latencies, 95).toFixed(1),
  };
}

/** The demo applicant's draft (complete: every step opens), and `n` copies of it for the saves (one per client), with its project section. */
export async function draftCopies(db: Db, n: number, tag = "") {
  const owner = await db.selectFrom("users").select("id").where("sub", "=", "demo-applicant").executeTakeFirstOrThrow();
  const demo = await db.selectFrom("applications").selectAll().where("user_id", "=", owner.id).where("status", "=", "draft").orderBy("id").executeTakeFirstOrThrow();
  const prefix = `${demo.acronym}-${tag}`;
  await sql`insert into applications (call_id, user_id, status, step, acronym, title, discipline, draft)
    select call_id, user_id, status, step, ${prefix} || n, title, discipline, draft from applications, generate_series(1, ${n}) n where id = ${demo.id}`.execute(db);
  const copies = await db.selectFrom("applications").select(["id", "updated_at"]).where("user_id", "=", owner.id).where("acronym", "like", `${prefix}%`).orderBy("id").execute();
  return { demo, copies, project: (demo.draft as { project: Record<string, unknown> }).project };
}

export async function main() {
  const { portal, db, data, close } = await portalWithApplications(PORT, APPLICATIONS, { WEB_CONCURRENCY });
  try {

    const { demo, copies, project } = await draftCopies(db, CONCURRENCY);

    const cookie = await signIn(BASE, "applicant");
    const members = (demo.draft as { group?: { members?: unknown[] } }).group?.members?.length ?? 0;
    const steps = [];
    for (const { slug } of STEPS) {
      const url = `/application/${demo.id}/update/${slug}`;
      const weight = await pageWeight(BASE, url, cookie);
      if (weight.status !== 200) {
        console.error(`${slug}: answered ${weight.status}, not measured`);
        steps.push({ step: slug, status: weight.status });
        continue;
      }
      const target = { url: `${BASE}${url}`, cookie: `cookie_consent=accepted; ${cookie}` };
      await load(target, 1);
      const got = await measured(portal.pid!, () => load(target, SECONDS));
      const htmlBudget = BUDGET.html_plus_css_kb + (slug === "user-group" ? members * BUDGET.group_member_kb : 0);
      console.error(`GET ${slug}: p50 ${got.median_ms} ms, p95 ${got.p95_ms} ms, ${got.req_per_s} req/s, HTML+CSS ${weight.html_plus_css_kb} KB (${weight.html_plus_css_gzip_kb} KB gzip; budget ${htmlBudget}), JS ${weight.js_gzip_kb} KB gzip`);
      steps.push({
        step: slug, ...got, ...weight, html_plus_css_budget_kb: htmlBudget, ...(slug === "user-group" ? { members } : {}),
        within_budget: got.median_ms < BUDGET.p50_ms && got.p95_ms < BUDGET.p95_ms && weight.html_plus_css_kb < htmlBudget && weight.js_gzip_kb < BUDGET.js_gzip_kb,
      });
    }
    const clients = copies.map((c) => ({ id: c.id, updated_at: new Date(c.updated_at).toISOString() }));
    await loadSaves(clients, project, cookie, 1);
    const fresh = await db.selectFrom("applications").select(["id", "updated_at"]).where("id", "in", clients.map((c) => c.id)).execute();
    const save = await measured(portal.pid!, () => loadSaves(fresh.map((c) => ({ id: c.id, updated_at: new Date(c.updated_at).toISOString() })), project, cookie, SECONDS));
    console.error(`POST project (Save draft, JS off): p50 ${save.median_ms} ms, p95 ${save.p95_ms} ms, ${save.req_per_s} req/s${save.errors ? `, ${save.errors} errors` : ""}`);

    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.availableParallelism(),
      load_average: os.loadavg().map((x) => +x.toFixed(2)),
      web_concurrency: Number(WEB_CONCURRENCY),
      concurrency: CONCURRENCY,
      seconds_per_measurement: SECONDS,
      budget: BUDGET,
      data,
      steps,
      save_project: { ...save, within_budget: save.median_ms < BUDGET.p50_ms && save.p95_ms < BUDGET.p95_ms },
    };
    fs.mkdirSync(path.join(repo, "bench/results"), { recursive: true });
    fs.writeFileSync(path.join(repo, "bench/results/wizard-latest.json"), JSON.stringify(report, null, 2));
    console.table(steps.map((s: Record<string, unknown>) => Object.fromEntries(
      ["step", "median_ms", "p95_ms", "req_per_s", "cpu_ms_per_request", "db_cpu_ms_per_request", "html_plus_css_kb", "js_gzip_kb", "errors"].map((k) => [k, s[k]]),
    )));
    console.log(JSON.stringify({ save_project: report.save_project, load_average: report.load_average }, null, 2));
    if (save.errors || steps.some((s) => "errors" in s && s.errors)) process.exitCode = 1;
  } finally {
    await close();
  }
}
