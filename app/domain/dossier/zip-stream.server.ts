// A zip written as it is read (docs/decisions/041-dossier-zip.md): yazl, one
// file open at a time, each stored as it is (the files are PDFs and office
// documents, already compressed: deflating them again costs CPU and saves
// nothing), the output pulled by the reader so memory stays at a few chunks
// whatever the size. A failure once bytes have left (a file that cannot be
// read, a PDF that fails half-way) cannot become an error answer any more: it
// is logged, every open file is closed, and the download is cut, visibly
// incomplete; it never reaches the process.
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { ZipFile } from "yazl";
import { MediaMissingError, type MediaStorage } from "~/media/storage.server";

/** One file of the zip: its path inside it, its date, and its bytes, opened only when its turn comes (null: they are gone, nothing is written). */
export interface ZipSource {
  path: string;
  mtime: Date;
  open(): Promise<Readable | null>;
}

const log = (level: "error" | "warn", msg: string, extra: Record<string, unknown>) => console[level](JSON.stringify({ level, msg, ...extra }));

/** `sources` as a zip byte stream; `what` names it in the log. The sources are read one after the other, as the reader asks for bytes. */
export function streamZip(sources: AsyncIterable<ZipSource>, what: string): ReadableStream<Uint8Array> {
  const zip = new ZipFile();
  // A PassThrough in fact (the types say only NodeJS.ReadableStream).
  const out = zip.outputStream as Readable;
  let current: Readable | null = null;
  let stopped = false;
  const stop = (err?: unknown) => {
    if (stopped) return;
    stopped = true;
    current?.destroy();
    if (err !== undefined) {
      log("error", `${what} failed mid-stream`, { err: String((err as Error)?.stack ?? err) });
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  };
  zip.on("error", stop);

  const fill = async () => {
    for await (const source of sources) {
      if (stopped) return;
      const stream = await source.open();
      if (!stream) continue;
      if (stopped) {
        stream.destroy();
        return;
      }
      current = stream;
      stream.on("error", stop);
      zip.addReadStream(stream, source.path, { compress: false, mtime: source.mtime });
      // The next file opens once this one is read: one open file at a time.
      await finished(stream).catch(() => undefined);
      current = null;
    }
    if (!stopped) zip.end();
  };
  fill().catch(stop);

  const chunks = out[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      } catch (err) {
        stop(err);
        controller.error(err);
      }
    },
    cancel() {
      // The reader went away: close what is open, read nothing more (a read still waiting ends with the stream).
      stopped = true;
      current?.destroy();
      out.destroy();
    },
  });
}

/** A small text file of the zip (made in memory). */
export const textSource = (path: string, text: string, mtime = new Date()): ZipSource => ({
  path,
  mtime,
  open: async () => Readable.from([Buffer.from(text, "utf8")]),
});

/** A stored file (a media row's bytes) at its path in a zip. */
export interface StoredFile {
  id: number;
  uuid: string;
  path: string;
  mtime: Date;
}

/**
 * The stored `files` as zip sources, each opened when its turn comes; a file
 * whose bytes are gone is logged and skipped, and, when there was one, a
 * `missing-files.txt` at `missingPath()` lists them last.
 */
export async function* storedSources(storage: MediaStorage, files: Iterable<StoredFile>, missingPath: () => string): AsyncGenerator<ZipSource> {
  const missing: string[] = [];
  for (const file of files) {
    yield {
      path: file.path,
      mtime: file.mtime,
      open: async () => {
        try {
          return await storage.get(file.uuid);
        } catch (err) {
          if (!(err instanceof MediaMissingError)) throw err;
          log("warn", "media file missing from a zip", { id: file.id, uuid: file.uuid });
          missing.push(file.path);
          return null;
        }
      },
    };
  }
  if (missing.length) yield textSource(missingPath(), `These files are recorded but their content is gone:\n${missing.join("\n")}\n`);
}
