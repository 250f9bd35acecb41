// `npm run bench -- dossier-zip`: the dossier zip of one application
// (docs/budgets.md#dossier-zip, ADR 041: it streams at disk speed, RSS growth
// under 50 MB) on the demo database (bench/data.ts#benchDatabase, in a
// temporary DATA_DIR unless one is given): a submitted demo application given
// BENCH_DOSSIER_MB (50) of attached files (a research plan of 60 % of it,
// the rest as ten extra-information files; random bytes, as incompressible
// as the PDFs they stand for), then
// - the files read straight from the media folder, end to end (the disk's speed
//   here, the page cache warm as it is for the zip that follows);
// - the zip, as GET /api/downloadpdf/{id} makes it for the editor, read to its
//   end, RSS sampled every 5 ms: its speed, and its peak above the RSS before.
// The application PDF is a one-line stand-in: the files are what is measured. Writes bench/results/dossier-zip-latest.json.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { featureFiles } from "../app/api/media/routes";
import { dossierZip, type PdfMaker } from "../app/domain/dossier/dossier-zip.server";
import { userAndGrants } from "../app/domain/users/users.server";
import { folderStorage } from "../app/media/storage.server";
import { benchDatabase } from "./data";
import { median, repo } from "./support";

const MB = 1024 * 1024;
const TOTAL_MB = Number(process.env.BENCH_DOSSIER_MB ?? 50);
const BUDGET = { rss_growth_mb: 50 };

const stubPdf: PdfMaker = async (_db, _actor, id) => ({ filename: `application-${id}.pdf`, body: Readable.from([Buffer.from(`%PDF-1.7 application ${id}`)]) });

/** Counts what it is given and keeps nothing. */
const sink = () => {
  const counted = { bytes: 0 };
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      counted.bytes += chunk.length;
      done();
    },
  });
  return { stream, counted };
};

/** A file of `bytes` random bytes written to the storage under a new key. */
async function storedFile(storage: ReturnType<typeof folderStorage>, bytes: number): Promise<string> {
  const uuid = crypto.randomUUID();
  async function* chunks() {
    for (let left = bytes; left > 0; left -= MB) yield crypto.randomBytes(Math.min(MB, left));
  }
  await storage.put(uuid, Readable.from(chunks()), bytes + 1);
  return uuid;
}

export async function main() {
  const dataDir = process.env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "bench-dossier-"));
  const temporary = !process.env.DATA_DIR;
  // PostgreSQL runs as another user (as in tests/support/global-setup.ts): it must reach its folder.
  if (temporary) fs.chmodSync(dataDir, 0o755);
  process.env.DATA_DIR = dataDir;
  const { db, close } = await benchDatabase();
  try {
    const storage = folderStorage(path.join(dataDir, "media-bench"));
    const app = await db.selectFrom("applications").select(["id", "user_id"]).where("status", "<>", "draft").where("deleted_at", "is", null).orderBy("id").executeTakeFirstOrThrow();
    const editor = await db.selectFrom("users").select("id").where("sub", "=", "demo-editor").executeTakeFirstOrThrow();
    const actor = { id: editor.id, ...(await userAndGrants(db, editor.id)).grants };

    // The files: 60 % one research plan, the rest ten extra-information files.
    const sizes = [Math.round(TOTAL_MB * MB * 0.6), ...Array.from({ length: 10 }, () => Math.round((TOTAL_MB * MB * 0.4) / 10))];
    const uuids: string[] = [];
    await db.deleteFrom("media_links").where("attached_to_type", "=", "application").where("attached_to_id", "=", String(app.id)).execute();
    for (const [i, size] of sizes.entries()) {
      const uuid = await storedFile(storage, size);
      uuids.push(uuid);
      const m = await db.insertInto("media").values({ uuid, name: i ? `extra-${i}.pdf` : "plan.pdf", mime_type: "application/pdf", size, user_id: app.user_id }).returning("id").executeTakeFirstOrThrow();
      await db.insertInto("media_links").values({ media_id: m.id, attached_to_type: "application", attached_to_id: String(app.id), collection: i ? "extra_information" : "research_plan", position: i ? i - 1 : 0 }).execute();
    }
    const total = sizes.reduce((a, b) => a + b, 0);

    const makePdf = stubPdf;
    const deps = { db, storage, readers: await featureFiles(db), makePdf };
    // Rounds of the two, one after the other, so a busy machine slows both alike: the disk (every
    // file read to its end, the page cache as warm as the zip finds it), then the zip.
    const disk: number[] = [];
    const diskCpu: number[] = [];
    const runs: { ms: number; cpu_ms: number; bytes: number; rss_growth_mb: number }[] = [];
    const cpuMs = (since: NodeJS.CpuUsage) => {
      const d = process.cpuUsage(since);
      return (d.user + d.system) / 1000;
    };
    for (let round = 0; round < 4; round++) {
      let t = performance.now();
      let cpu = process.cpuUsage();
      for (const uuid of uuids) await pipeline(await storage.get(uuid), sink().stream);
      if (round) {
        disk.push(performance.now() - t);
        diskCpu.push(cpuMs(cpu));
      }
      (globalThis as { gc?: () => void }).gc?.();
      const before = process.memoryUsage.rss();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
      t = performance.now();
      cpu = process.cpuUsage();
      const zip = await dossierZip(deps, actor, app.id, "en");
      const out = sink();
      await pipeline(Readable.fromWeb(zip.body as import("node:stream/web").ReadableStream), out.stream);
      const ms = performance.now() - t;
      const zipCpu = cpuMs(cpu);
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage.rss());
      // The first round warms the cache and the code: not counted.
      if (round) runs.push({ ms: Math.round(ms), cpu_ms: Math.round(zipCpu), bytes: out.counted.bytes, rss_growth_mb: Number(((peak - before) / MB).toFixed(1)) });
    }
    const diskMs = median(disk);
    const best = { ms: Math.round(median(runs.map((r) => r.ms))), bytes: runs[0].bytes };
    const report = {
      dossier_mb: Number((total / MB).toFixed(1)),
      files: sizes.length,
      pdf: makePdf === stubPdf ? "stub" : "application-pdf",
      disk_read_mb_s: Number((total / MB / (diskMs / 1000)).toFixed(0)),
      disk_read_ms: Math.round(diskMs),
      disk_read_cpu_ms: Math.round(median(diskCpu)),
      zip_mb_s: Number((best.bytes / MB / (best.ms / 1000)).toFixed(0)),
      zip_ms: best.ms,
      zip_cpu_ms: Math.round(median(runs.map((r) => r.cpu_ms))),
      zip_bytes: best.bytes,
      rss_growth_mb_max: Math.max(...runs.map((r) => r.rss_growth_mb)),
      runs,
      budget: BUDGET,
      within_budget: Math.max(...runs.map((r) => r.rss_growth_mb)) < BUDGET.rss_growth_mb,
    };
    console.log(JSON.stringify(report, null, 2));
    fs.mkdirSync(path.join(repo, "bench/results"), { recursive: true });
    fs.writeFileSync(path.join(repo, "bench/results/dossier-zip-latest.json"), JSON.stringify(report, null, 2));
    if (!report.within_budget) process.exitCode = 1;
  } finally {
    await close();
    if (temporary) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
