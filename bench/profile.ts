// Where a page's time goes: the portal (one web process) under the bench's load
// of one path, its web process run with `node --cpu-prof`, and the profile's
// top functions by self time, by package and by stage (rendering, database, API…) printed.
//
// Usage: npx tsx bench/profile.ts [path] [demo user]   e.g. `/call`, `/ applicant`
//   BENCH_PORT (3200), BENCH_SECONDS (10), BENCH_WARM_UP_SECONDS (10); the .cpuprofile (open it in Chrome's
//   DevTools) is kept in bench/results/.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildCopy, load, repo, signIn, startPortal, stopped, waitFor } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://localhost:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Long enough for V8 to optimise the page's code: its first seconds cost up to twice the steady state (docs/budgets.md#page-cost). */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 10);
const [pathname = "/call", user] = process.argv.slice(2);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

type Frame = ProfileNode["callFrame"];

/**
 * What a page's work is for, by the frames of a sample's stack: the first stage
 * (in this order) any frame of the stack belongs to. Rendering comes first: what
 * a component calls (translations, formatting) is the page's rendering.
 */
const STAGES: [string, (f: Frame) => boolean][] = [
  ["rendering (React)", (f) => /renderToString|renderToPipeableStream/.test(f.functionName)],
  ["page data in the HTML (handoff)", (f) => f.functionName === "createServerHandoffString"],
  ["database (Kysely, pg)", (f) => /node_modules\/(kysely|pg|pg-protocol|pg-pool)\//.test(f.url)],
  ["API answers as JSON", (f) => /^(answerJson|answerText|c\.json)$/.test(f.functionName)],
  ["API validation (zod)", (f) => /node_modules\/zod\//.test(f.url)],
  ["API routing and middleware (Hono)", (f) => /node_modules\/(hono|@hono)\//.test(f.url)],
  ["loaders' JSON", (f) => /loader-json/.test(f.url)],
  ["translations outside rendering", (f) => /node_modules\/i18next/.test(f.url)],
  ["compression", (f) => f.url === "node:zlib"],
  ["socket writes", (f) => f.functionName === "writev" || f.functionName === "writeUtf8String" || f.functionName === "writeBuffer"],
  ["garbage collector", (f) => f.functionName === "(garbage collector)"],
];

/** Where a function comes from: an npm package, the portal's build, Node itself, or V8. */
function origin(url: string): string {
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.includes("/build/")) return "portal build";
  if (url.startsWith("node:")) return "node";
  return url ? path.basename(url) : "(v8)";
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * The self time of the samples taken during the load (`window`, in µs of the
 * monotonic clock that V8's profiler and process.hrtime share), so that start-up
 * (module loading, compiling) does not count.
 */
function report(file: string, window: [number, number]) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n);
  const hits = new Map<ProfileNode, number>();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    if (t < window[0] || t > window[1]) return;
    const node = byId.get(id)!;
    if (node.callFrame.functionName !== "(idle)") hits.set(node, (hits.get(node) ?? 0) + 1);
  });
  const total = [...hits.values()].reduce((s, n) => s + n, 0);
  const sum = (key: (n: ProfileNode) => string) => {
    const by = new Map<string, number>();
    for (const [n, h] of hits) by.set(key(n), (by.get(key(n)) ?? 0) + h);
    return [...by].sort((a, b) => b[1] - a[1]).map(([name, count]) => ({ name, percent: +((100 * count) / total).toFixed(1) }));
  };
  console.log(`self time of the ${total} busy samples taken under load`);
  console.table(sum((n) => `${n.callFrame.functionName || "(anonymous)"} ${origin(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`).slice(0, 40));
  console.table(sum((n) => origin(n.callFrame.url)).slice(0, 25));
  console.log("by stage: the first stage any frame of the sample's stack belongs to (bench/profile.ts STAGES)");
  console.table(
    sum((n) => {
      const stack: Frame[] = [];
      for (let cur: ProfileNode | undefined = n; cur; cur = parentOf.get(cur.id)) stack.push(cur.callFrame);
      return STAGES.find(([, belongs]) => stack.some(belongs))?.[0] ?? "the rest (HTTP, Express, Remix, promises)";
    }),
  );
}

async function main() {
  const { root, remove } = buildCopy();
  try {
    await profile(root);
  } finally {
    remove();
  }
}

async function profile(root: string) {
  const profiles = path.join(root, "profiles");
  // The web process inherits the start process's options: both write a profile at exit.
  let window: [number, number] = [0, Infinity];
  const portal = startPortal(root, PORT, { WEB_CONCURRENCY: "1" }, ["--cpu-prof", `--cpu-prof-dir=${profiles}`]);
  try {
    await waitFor(`${BASE}/api/health`, 120_000);
    const cookie = user ? await signIn(BASE, user) : undefined;
    await load({ url: `${BASE}${pathname}`, cookie }, WARM_UP_SECONDS);
    const from = process.hrtime.bigint() / 1000n;
    const sample = await load({ url: `${BASE}${pathname}`, cookie }, SECONDS);
    window = [Number(from), Number(process.hrtime.bigint() / 1000n)];
    console.log(`${pathname}${user ? ` as ${user}` : ""}: ${sample.req_per_s} req/s, ${sample.errors} errors (profiled)`);
  } finally {
    await stopped(portal);
  }
  // The web process's profile is the largest (the start process mostly waits).
  const files = fs.readdirSync(profiles).map((f) => path.join(profiles, f));
  const worker = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  const kept = path.join(repo, "bench/results", `${pathname.replace(/\W+/g, "_")}${user ? `-${user}` : ""}.cpuprofile`);
  fs.mkdirSync(path.dirname(kept), { recursive: true });
  fs.copyFileSync(worker, kept);
  report(kept, window);
  console.log(`profile: ${path.relative(process.cwd(), kept)} (${os.availableParallelism()} cores)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
