import crypto from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { AppError } from "~/domain/errors";
import { contentMatches, essence, isAcceptedType, MEDIA_ERRORS, sanitizeFileName, SNIFF_BYTES } from "~/domain/media/media";
import type { MediaLimits } from "./config.server";
import { MediaTooLargeError, type MediaStorage } from "./storage.server";
import { discardRest } from "~/http/body.server";

export interface StoredUpload {
  uuid: string;
  name: string;
  mime_type: string;
  size: number;
}

class ContentMismatchError extends Error {}

const refused = (key: string) => new AppError(422, "validation.failed", { file: [key] });
/** The request body broke off (client gone, connection reset): nothing to answer to, nothing kept. */
const broken = () => new AppError(400, "errors.bad-request");

/** Passes the file through once its first bytes agree with the declared type. */
async function* sniffed(file: AsyncIterable<Buffer>, mime: string) {
  let head = Buffer.alloc(0);
  let checked = false;
  for await (const chunk of file) {
    if (checked) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < SNIFF_BYTES) continue;
    if (!contentMatches(mime, head)) throw new ContentMismatchError();
    checked = true;
    yield head;
  }
  if (!checked) {
    if (!contentMatches(mime, head)) throw new ContentMismatchError();
    if (head.length) yield head;
  }
}

/**
 * Reads a multipart/form-data request and streams its part named `file` into
 * storage under a new UUID, never holding the whole file in memory. Type
 * (declared MIME type, extension, first bytes) and size are checked while it
 * streams: a refused upload stops being stored at once, keeps no bytes, and
 * fails with 422 `{ file: [media.type-not-allowed | media.too-large |
 * media.required] }`. Other parts are ignored. A malformed or truncated body
 * is a 422 `media.required` and a body that breaks off a 400; every stream
 * error (parser, part, request, storage) is handled, and none leaves a file.
 */
export function receiveUpload(request: Request, storage: MediaStorage, limits: MediaLimits): Promise<StoredUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) return Promise.reject(refused(MEDIA_ERRORS.required));
  let parser: busboy.Busboy;
  try {
    // Browsers send file names as raw UTF-8.
    parser = busboy({ headers: { "content-type": contentType }, defParamCharset: "utf8", limits: { files: 1, fields: 50, parts: 60, fieldSize: 64 * 1024 } });
  } catch {
    // e.g. no boundary: there is no part to read.
    return Promise.reject(refused(MEDIA_ERRORS.required));
  }
  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);

  return new Promise<StoredUpload>((resolve, reject) => {
    let file: Omit<StoredUpload, "size"> | null = null;
    let fileStream: Readable | null = null;
    let put: Promise<{ size: number }> | null = null;
    let failure: unknown = null;
    let settled = false;

    const settle = async () => {
      if (settled) return;
      settled = true;
      const outcome = put ? await put.then((r) => ({ size: r.size, error: null }), (error: unknown) => ({ size: 0, error })) : null;
      if (outcome && !outcome.error && failure) await storage.delete(file!.uuid);
      const error = failure ?? outcome?.error ?? (outcome ? null : refused(MEDIA_ERRORS.required));
      if (error) reject(error);
      else resolve({ ...file!, size: outcome!.size });
    };

    // A refused upload is answered at once and nothing more of it is stored.
    // The rest of the body is read and dropped (up to a bound) rather than cut
    // off: over HTTP, destroying the request would reset the connection before
    // the client could read the 422.
    const stop = (error: unknown) => {
      failure ??= error;
      source.unpipe(parser);
      fileStream?.destroy();
      discardRest(source, limits.maxBytes * 2 + 1024 * 1024);
      void settle();
    };

    parser.on("file", (name, stream, info) => {
      // busboy destroys a part's stream with "Unexpected end of form" when the
      // body ends inside it: an 'error' nobody listens to would end the process.
      // The parser reports the same failure, so a skipped part's error is dropped.
      stream.on("error", () => undefined);
      if (name !== "file" || file || failure || !info.filename) {
        // Other parts, a second file, or an empty file input: not this upload.
        stream.resume();
        return;
      }
      // Browsers escape " and line breaks in part headers (HTML's form encoding).
      const displayName = sanitizeFileName(info.filename.replace(/%22/g, '"').replace(/%0[ad]/gi, " "));
      const mime = essence(info.mimeType);
      if (!isAcceptedType(mime, displayName, limits.allowedTypes)) {
        stream.resume();
        stop(refused(MEDIA_ERRORS.typeNotAllowed));
        return;
      }
      file = { uuid: crypto.randomUUID(), name: displayName, mime_type: mime };
      fileStream = stream;
      // Before storage starts reading (it first opens its file): the part may
      // already have failed by then, e.g. a body without its closing boundary.
      // An AbortError is not the body's failure but our own reading stopping
      // (storage refused the file as too large or of the wrong type while the
      // next chunk was awaited): the put's own error says why.
      stream.on("error", (err: Error) => {
        if (err.name !== "AbortError") stop(refused(MEDIA_ERRORS.required));
      });
      put = storage.put(file.uuid, Readable.from(sniffed(stream, mime)), limits.maxBytes).catch((err: unknown) => {
        throw err instanceof MediaTooLargeError
          ? refused(MEDIA_ERRORS.tooLarge)
          : err instanceof ContentMismatchError
            ? refused(MEDIA_ERRORS.typeNotAllowed)
            : err;
      });
      put.catch(stop);
    });
    parser.on("close", () => void settle());
    // A malformed or truncated body: the file did not arrive (whatever was stored is removed).
    parser.on("error", () => stop(refused(MEDIA_ERRORS.required)));
    source.on("error", () => stop(broken()));
    source.pipe(parser);
  });
}
