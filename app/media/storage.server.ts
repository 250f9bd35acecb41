import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

/**
 * Where uploaded files live (docs/architecture.md#media-storage), so a
 * deployment can swap the folder for object storage without touching the API.
 * Keys are the media rows' UUIDs, never anything a user typed.
 */
export interface MediaStorage {
  /**
   * Stores the stream under `key`, failing with MediaTooLargeError as soon as
   * more than `limitBytes` arrive. A failed put leaves nothing behind.
   */
  put(key: string, stream: Readable | ReadableStream<Uint8Array>, limitBytes: number): Promise<{ size: number }>;
  /** The stored bytes; fails with MediaMissingError when there are none. */
  get(key: string): Promise<Readable>;
  /** Removes the bytes; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every complete stored file (partial uploads excepted), in no set order:
   * the orphan sweep and the copy command walk it.
   */
  list(): AsyncIterable<StoredObject>;
  /** Fails, saying why, when the storage cannot be used (checked once at start-up). */
  check(): Promise<void>;
}

export interface StoredObject {
  key: string;
  size: number;
  /** When it was last written. */
  modified: Date;
}

export class MediaTooLargeError extends Error {
  constructor() {
    super("media.too-large");
    this.name = "MediaTooLargeError";
  }
}

export class MediaMissingError extends Error {
  constructor(key: string) {
    super(`no stored media ${key}`);
    this.name = "MediaMissingError";
  }
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Counts bytes and fails the moment the limit is passed, so nothing more is written. */
export function limitTo(limitBytes: number, counter: { size: number }) {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      counter.size += chunk.length;
      if (counter.size > limitBytes) done(new MediaTooLargeError());
      else done(null, chunk);
    },
  });
}

export const toReadable = (stream: Readable | ReadableStream<Uint8Array>): Readable =>
  stream instanceof Readable ? stream : Readable.fromWeb(stream as WebReadableStream<Uint8Array>);

const PARTIAL = /^[0-9a-f-]{36}\.(\d+)\.part$/;
const STALE_MS = 24 * 3600_000;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Removes partial files (`<uuid>.<pid>.part`) left by a process that died while
 * writing them (kill -9, power loss): those of processes no longer running,
 * and any older than a day. Called once per storage when it is created.
 */
export async function removeStalePartials(root: string): Promise<string[]> {
  const removed: string[] = [];
  let folders: string[];
  try {
    folders = await fsp.readdir(root);
  } catch {
    return removed; // no uploads yet
  }
  for (const folder of folders) {
    let names: string[];
    try {
      names = await fsp.readdir(path.join(root, folder));
    } catch {
      continue; // not a folder
    }
    for (const name of names) {
      const pid = Number(PARTIAL.exec(name)?.[1] ?? NaN);
      if (!Number.isInteger(pid)) continue;
      const file = path.join(root, folder, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (!stat) continue;
      // A running process (this one included) may still be writing it.
      if (Date.now() - stat.mtimeMs < STALE_MS && alive(pid)) continue;
      await fsp.rm(file, { force: true });
      removed.push(path.join(folder, name));
    }
  }
  return removed;
}

/**
 * Files in `root` (e.g. $DATA_DIR/media), spread over 256 sub-folders by the
 * key's first two characters so no folder grows huge. A file is written under
 * a temporary name and renamed when complete: readers never see half a file.
 */
export function folderStorage(root: string): MediaStorage {
  const fileOf = (key: string) => {
    // Keys are generated UUIDs; anything else is a programming error, and must
    // never reach the file system.
    if (!UUID.test(key)) throw new Error(`invalid media key ${JSON.stringify(key)}`);
    return path.join(root, key.slice(0, 2), key);
  };

  removeStalePartials(root).then(
    (removed) => removed.length && console.warn(JSON.stringify({ level: "warn", msg: "removed partial uploads", files: removed })),
    () => undefined,
  );

  return {
    async put(key, stream, limitBytes) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.part`;
      const source = toReadable(stream);
      const counter = { size: 0 };
      // Opened before the pipeline starts: a stream opening its file itself could
      // create it after an early failure (a refused first chunk) had removed it.
      const handle = await fsp.open(partial, "wx", 0o600);
      try {
        await pipeline(source, limitTo(limitBytes, counter), handle.createWriteStream());
        await fsp.rename(partial, file);
      } catch (err) {
        await handle.close().catch(() => undefined);
        await fsp.rm(partial, { force: true });
        throw err;
      }
      return { size: counter.size };
    },

    async get(key) {
      const file = fileOf(key);
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file, "r");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new MediaMissingError(key);
        throw err;
      }
      return handle.createReadStream();
    },

    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },

    async *list() {
      const folders = await fsp.readdir(root).catch(() => [] as string[]);
      for (const folder of folders.filter((f) => /^[0-9a-f]{2}$/.test(f)).sort()) {
        const names = await fsp.readdir(path.join(root, folder)).catch(() => [] as string[]);
        for (const name of names.filter((n) => UUID.test(n) && n.startsWith(folder)).sort()) {
          const stat = await fsp.stat(path.join(root, folder, name)).catch(() => null);
          if (stat?.isFile()) yield { key: name, size: stat.size, modified: stat.mtime };
        }
      }
    },

    async check() {
      await fsp.mkdir(root, { recursive: true });
      await fsp.access(root, fsp.constants.W_OK);
    },
  };
}
