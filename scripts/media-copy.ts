// `npm run media:copy -- --to s3` copies $DATA_DIR/media into the bucket the
// S3_* variables name; `--to folder` copies the bucket back into the folder.
// Safe to run again: what is already there is skipped (docs/operations.md#moving-media).
import path from "node:path";
import { mediaFolder } from "../app/media/config.server";
import { s3SettingsFromEnv } from "../app/media/s3-settings.server";
import { copyMedia, copyTarget } from "../app/media/copy.server";
import { s3Storage } from "../app/media/s3-storage.server";
import { folderStorage } from "../app/media/storage.server";

const log = (msg: string, extra: Record<string, unknown> = {}) => console.log(JSON.stringify({ level: "info", time: new Date().toISOString(), msg, ...extra }));

async function main() {
  const to = copyTarget(process.argv.slice(2));
  const s3 = s3SettingsFromEnv(process.env);
  if (!s3) throw new Error("S3_BUCKET (and the other S3_* variables) must name the bucket to copy to or from");
  const folderRoot = mediaFolder(path.resolve(process.env.DATA_DIR ?? "./data"));
  const folder = folderStorage(folderRoot);
  const bucket = s3Storage(s3);
  await bucket.check();
  const [from, into] = to === "s3" ? [folder, bucket] : [bucket, folder];
  const where = { folder: folderRoot, bucket: s3.bucket, prefix: s3.prefix, to };
  log("copying media", where);
  const outcome = await copyMedia(from, into, (key, size) => log("copied", { key, size }));
  log("media copied", { ...where, ...outcome });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
