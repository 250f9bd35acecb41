// `npm run bench -- grant-letter`: the
// grant letter PDF (docs/budgets.md#grant-letter: under 300 ms) through the whole stack,
// /application/{id}/grant-letter as the demo editor, on 10 000 applications
// (bench/data.ts; BENCH_APPLICATIONS for another count): a granted application
// whose two infrastructures accepted, the demo portal's logo in the letter.
// Measured one request at a time (what a reader waits: p50 and p95 under
// 300 ms), then with 10 concurrent clients (p50, p95, CPU per request).
//
// Writes bench/results/grant-letter-latest.json. BENCH_PORT (3200),
// BENCH_SECONDS (4) per concurrent measurement, BENCH_WEB_CONCURRENCY (one per core: ADR 029).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { portalWithApplications } from "./data";
import { CONCURRENCY, load, measured, percentile, repo, signIn, WEB_CONCURRENCY } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://localhost:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const SEQUENTIAL = 60;
const BUDGET = { p95_ms: 300 };

/** One GET read to its end: milliseconds, status, bytes and content type. */
function fetchOnce(url: string, cookie: string): Promise<{ ms: number; status: number; bytes: number; type: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie, accept: "application/pdf" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, bytes, type: String(res.headers["content-type"]) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

export async function main() {
  const { portal, db, data, close } = await portalWithApplications(PORT, APPLICATIONS, { WEB_CONCURRENCY });
  try {
    // A granted application with at least two infrastructures, both accepting with their figures.
    const app = await db
      .selectFrom("applications as a")
      .innerJoin("application_infrastructures as ai", "ai.application_id", "a.id")
      .select("a.id")
      .where("a.status", "=", "granted")
      .groupBy("a.id")
      .having((eb) => eb.fn.countAll(), ">=", 2)
      .orderBy("a.id")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("application_infrastructures")
      .set({ sm_accepted: true, sm_units: 14, sm_participants: 3, sm_budget: "18250.00", sm_decided_at: new Date() })
      .where("application_id", "=", app.id)
      .execute();
    const cookie = await signIn(BASE, "editor");
    const url = `${BASE}/application/${app.id}/grant-letter`;

    const first = await fetchOnce(url, cookie);
    if (first.status !== 200 || first.type !== "application/pdf") throw new Error(`the letter answered ${first.status} ${first.type}`);
    const times: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) times.push((await fetchOnce(url, cookie)).ms);
    times.sort((a, b) => a - b);
    const sequential = { requests: SEQUENTIAL, median_ms: +percentile(times, 50).toFixed(1), p95_ms: +percentile(times, 95).toFixed(1), max_ms: +times.at(-1)!.toFixed(1) };
    console.error(`one at a time: first ${first.ms.toFixed(0)} ms, p50 ${sequential.median_ms} ms, p95 ${sequential.p95_ms} ms, ${(first.bytes / 1024).toFixed(1)} KB`);

    const concurrent = await measured(portal.pid!, () => load({ url, cookie: `cookie_consent=accepted; ${cookie}` }, SECONDS));
    console.error(`${CONCURRENCY} concurrent: p50 ${concurrent.median_ms} ms, p95 ${concurrent.p95_ms} ms, ${concurrent.req_per_s} req/s, ${concurrent.cpu_ms_per_request} ms CPU per letter`);

    const report = {
      date: new Date().toISOString(), node: process.version, cpus: os.availableParallelism(), load_average: os.loadavg().map((x) => +x.toFixed(2)),
      web_concurrency: Number(WEB_CONCURRENCY), budget: BUDGET, data, application_id: app.id, pdf_kb: +(first.bytes / 1024).toFixed(1),
      first_ms: +first.ms.toFixed(1), sequential, concurrent: { concurrency: CONCURRENCY, seconds: SECONDS, ...concurrent },
      within_budget: sequential.p95_ms < BUDGET.p95_ms && concurrent.errors === 0,
    };
    fs.mkdirSync(path.join(repo, "bench/results"), { recursive: true });
    fs.writeFileSync(path.join(repo, "bench/results/grant-letter-latest.json"), JSON.stringify(report, null, 2));
    console.log(JSON.stringify(report, null, 2));
    if (!report.within_budget) process.exitCode = 1;
  } finally {
    await close();
  }
}

