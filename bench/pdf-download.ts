// A PDF download weighed through the whole stack (docs/budgets.md#grant-letter,
// #application-pdf): one request at a time (what a reader waits: p50 and p95),
// then with CONCURRENCY clients (p50, p95, CPU per request). Shared by
// bench/grant-letter.ts and bench/application-pdf.ts.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { CONCURRENCY, load, measured, percentile, repo } from "./support";

const SEQUENTIAL = 60;

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

/**
 * Weighs the PDF at `url` for the signed-in `cookie`, writes
 * bench/results/<name>-latest.json and prints it; the exit code says whether
 * `within` held (given the sequential and concurrent figures).
 */
export async function weighPdf(options: {
  name: string;
  url: string;
  cookie: string;
  portalPid: number;
  seconds: number;
  budget: Record<string, number>;
  within: (sequential: { median_ms: number; p95_ms: number }) => boolean;
  extra: Record<string, unknown>;
}) {
  const { name, url, cookie, portalPid, seconds, budget } = options;
  const first = await fetchOnce(url, cookie);
  if (first.status !== 200 || first.type !== "application/pdf") throw new Error(`${name} answered ${first.status} ${first.type}`);
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) times.push((await fetchOnce(url, cookie)).ms);
  times.sort((a, b) => a - b);
  const sequential = { requests: SEQUENTIAL, median_ms: +percentile(times, 50).toFixed(1), p95_ms: +percentile(times, 95).toFixed(1), max_ms: +times.at(-1)!.toFixed(1) };
  console.error(`one at a time: first ${first.ms.toFixed(0)} ms, p50 ${sequential.median_ms} ms, p95 ${sequential.p95_ms} ms, ${(first.bytes / 1024).toFixed(1)} KB`);

  const concurrent = await measured(portalPid, () => load({ url, cookie: `cookie_consent=accepted; ${cookie}` }, seconds));
  console.error(`${CONCURRENCY} concurrent: p50 ${concurrent.median_ms} ms, p95 ${concurrent.p95_ms} ms, ${concurrent.req_per_s} req/s, ${concurrent.cpu_ms_per_request} ms CPU per document`);

  const report = {
    date: new Date().toISOString(), node: process.version, cpus: os.availableParallelism(), load_average: os.loadavg().map((x) => +x.toFixed(2)),
    budget, ...options.extra, pdf_kb: +(first.bytes / 1024).toFixed(1),
    first_ms: +first.ms.toFixed(1), sequential, concurrent: { concurrency: CONCURRENCY, seconds, ...concurrent },
    within_budget: options.within(sequential) && concurrent.errors === 0,
  };
  fs.mkdirSync(path.join(repo, "bench/results"), { recursive: true });
  fs.writeFileSync(path.join(repo, `bench/results/${name}-latest.json`), JSON.stringify(report, null, 2));
  console.log(JSON.stringify(report, null, 2));
  if (!report.within_budget) process.exitCode = 1;
}
