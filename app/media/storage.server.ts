import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

/**
 * Where uploaded files live (DESIGN.md §2: "media in a storage adapter"), so a
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Counts bytes and fails the moment the limit is passed, so nothing more is written. */
function limitTo(limitBytes: number, counter: { size: number }) {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      counter.size += chunk.length;
      if (counter.size > limitBytes) done(new MediaTooLargeError());
      else done(null, chunk);
    },
  });
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

  return {
    async put(key, stream, limitBytes) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.part`;
      const source = stream instanceof Readable ? stream : Readable.fromWeb(stream as WebReadableStream<Uint8Array>);
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
  };
}
