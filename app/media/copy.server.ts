import type { MediaStorage } from "./storage.server";

export interface CopyOutcome {
  copied: number;
  /** Already there with the same size: a second run copies nothing. */
  skipped: number;
  bytes: number;
}

/**
 * Copies every stored file of `from` into `to` under the same key, for a
 * deployment that moves between the folder and a bucket
 * (docs/operations.md#moving-media). A file already in `to` with the same
 * size is skipped, so a run that stopped half way is simply run again; files
 * only in `to` are left alone (a copy, not a sync). One file at a time, each
 * streamed: memory stays flat however large the store.
 */
export async function copyMedia(from: MediaStorage, to: MediaStorage, onFile: (key: string, size: number) => void = () => undefined): Promise<CopyOutcome> {
  const present = new Map<string, number>();
  for await (const o of to.list()) present.set(o.key, o.size);
  const outcome: CopyOutcome = { copied: 0, skipped: 0, bytes: 0 };
  for await (const o of from.list()) {
    if (present.get(o.key) === o.size) {
      outcome.skipped++;
      continue;
    }
    // The listed size is the limit: a file that grew meanwhile fails rather than copying half.
    const { size } = await to.put(o.key, await from.get(o.key), o.size);
    outcome.copied++;
    outcome.bytes += size;
    onFile(o.key, size);
  }
  return outcome;
}

export const COPY_USAGE = "usage: npm run media:copy -- --to s3|folder   (the folder is $DATA_DIR/media, the bucket the S3_* variables')";

/** The direction `--to s3` or `--to folder` (also `--to=…`) asks for; anything else throws the usage. */
export function copyTarget(argv: string[]): "s3" | "folder" {
  const [first, second, ...rest] = argv;
  const to = first?.startsWith("--to=") ? first.slice(5) : first === "--to" ? second : undefined;
  const extra = first?.startsWith("--to=") ? [second, ...rest].filter((a) => a !== undefined) : rest;
  if ((to !== "s3" && to !== "folder") || extra.length) throw new Error(COPY_USAGE);
  return to;
}
