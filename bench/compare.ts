// Two builds of the portal side by side, the same pages measured on each in
// turn: CPU time per request of the web process, and throughput, with the
// minimal page as the third column (the page-cost ratio's reference). The
// machine's load drifts; alternating within each round puts both builds under
// the same drift, which a run of `npm run bench` per build does not.
//
// Usage: BENCH_BASE=<commit> npx tsx bench/compare.ts '<path> [user]' ...
//   e.g. BENCH_BASE=HEAD~3 npx tsx bench/compare.ts '/ applicant' '/admin/settings admin'
//   The other build is the working tree. BENCH_PORT (3200: the base, +1 its identity
//   provider; +3 the working tree; +6 the minimal page), BENCH_SECONDS (3), BENCH_ROUNDS (4),
//   BENCH_WARM_UP_SECONDS (10: each page's load on each build before the first round).
import type { ChildProcess } from "node:child_process";
import { buildCopy, cpuByCommand, cpuSpent, freePort, load, median, signIn, startMinimal, startPortal, stopped, waitFor } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const BASE_REV = process.env.BENCH_BASE ?? "HEAD";
const WARM_UP_SECONDS = Math.min(1, SECONDS / 2);
/** Each page's load on each build before the first round: V8 optimises a page's code over its first seconds (bench/run.ts). */
const FIRST_WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 10);

async function main() {
  const pages = process.argv.slice(2).map((a) => a.split(" ") as [string, string?]);
  if (!pages.length) throw new Error("name at least one page: '<path> [user]'");
  const saved = process.env.BENCH_REV;
  process.env.BENCH_REV = BASE_REV;
  const base = buildCopy();
  if (saved === undefined) delete process.env.BENCH_REV;
  else process.env.BENCH_REV = saved;
  const work = buildCopy();
  const children: ChildProcess[] = [];
  try {
    const plan = [
      { name: `base (${BASE_REV})`, port: PORT, root: base.root },
      { name: "working tree", port: PORT + 3, root: work.root },
    ];
    const builds: ((typeof plan)[number] & { server: ChildProcess })[] = [];
    for (const b of plan) builds.push({ ...b, server: startPortal(b.root, b.port, { WEB_CONCURRENCY: "1", EMBEDDED_PG_PORT: String(await freePort()) }) });
    children.push(...builds.map((b) => b.server));
    const minimal = startMinimal(work.root, PORT + 6);
    children.push(minimal);
    for (const b of builds) await waitFor(`http://localhost:${b.port}/api/health`, 240_000);
    await waitFor(`http://localhost:${PORT + 6}/`, 30_000);
    const cookies = await Promise.all(builds.map(async (b) => Object.fromEntries(await Promise.all([...new Set(pages.map(([, u]) => u).filter(Boolean))].map(async (u) => [u!, await signIn(`http://localhost:${b.port}`, u!)])))));
    const rows: Record<string, { cpu: number[]; rps: number[] }> = {};
    const measure = async (label: string, server: ChildProcess, target: Parameters<typeof load>[0]) => {
      await load(target, WARM_UP_SECONDS);
      const before = cpuByCommand(server.pid!);
      const s = await load(target, SECONDS);
      const cpu = (cpuSpent(before, cpuByCommand(server.pid!)).node ?? 0) / Math.max(1, s.requests);
      (rows[label] ??= { cpu: [], rps: [] }).cpu.push(cpu);
      rows[label].rps.push(s.req_per_s);
      if (s.errors) console.error(`${label}: ${s.errors} errors`);
    };
    const target = (b: (typeof builds)[number], path: string, user?: string): Parameters<typeof load>[0] => ({
      url: `http://localhost:${b.port}${path}`,
      cookie: ["cookie_consent=accepted", user ? cookies[builds.indexOf(b)][user] : ""].filter(Boolean).join("; "),
      headers: user ? {} : { "cache-control": "no-cache" as string },
    });
    await load({ url: `http://localhost:${PORT + 6}/` }, FIRST_WARM_UP_SECONDS);
    for (const [path, user] of pages) for (const b of builds) await load(target(b, path, user), FIRST_WARM_UP_SECONDS);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [path, user] of pages) {
        await measure(`${path}${user ? ` (${user})` : ""}: minimal page`, minimal, { url: `http://localhost:${PORT + 6}/` });
        // Alternate which build goes first.
        const order = round % 2 ? builds : [...builds].reverse();
        for (const b of order) await measure(`${path}${user ? ` (${user})` : ""}: ${b.name}`, b.server, target(b, path, user));
      }
      console.error(`round ${round}/${ROUNDS} done`);
    }
    console.table(Object.entries(rows).map(([name, r]) => ({ name, cpu_ms_per_request: +median(r.cpu).toFixed(2), req_per_s: median(r.rps), cpu_rounds: r.cpu.map((x) => +x.toFixed(2)).join(" ") })));
    // Each round's working tree ÷ base, measured a few seconds apart: the load drifts less between them than across the run.
    console.table(pages.map(([path, user]) => {
      const label = `${path}${user ? ` (${user})` : ""}`;
      const [b, w, m] = [rows[`${label}: ${builds[0].name}`], rows[`${label}: working tree`], rows[`${label}: minimal page`]];
      return {
        page: label,
        cpu_work_over_base: +median(w.cpu.map((x, i) => x / b.cpu[i])).toFixed(2),
        cpu_ratio_base: +median(b.cpu.map((x, i) => m.cpu[i] / x)).toFixed(2),
        cpu_ratio_work: +median(w.cpu.map((x, i) => m.cpu[i] / x)).toFixed(2),
        throughput_ratio_base: +median(b.rps.map((x, i) => x / m.rps[i])).toFixed(2),
        throughput_ratio_work: +median(w.rps.map((x, i) => x / m.rps[i])).toFixed(2),
      };
    }));
  } finally {
    await Promise.all(children.map(stopped));
    base.remove();
    work.remove();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
