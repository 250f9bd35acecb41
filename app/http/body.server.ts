import type { Readable } from "node:stream";

/** Why a body could not be read whole. */
export type BodyFailure = "too-large" | "broken";

/**
 * A request body as bytes, at most `max` of them: past that it stops reading
 * (the rest is never buffered) and says "too-large", also when the declared
 * Content-Length already is; a body that breaks off is "broken". The API and
 * the form reader map these to their own 413 and 400.
 */
export async function readCapped(request: Request, max: number): Promise<Buffer | BodyFailure> {
  if (Number(request.headers.get("content-length") ?? NaN) > max) return "too-large";
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => undefined);
        return "too-large";
      }
      chunks.push(next.value);
    }
  } catch {
    return "broken";
  }
  return Buffer.concat(chunks);
}

/** Reads and drops what is left of a refused body; past `cap` bytes, hangs up. */
export function discardRest(source: Readable, cap: number) {
  let dropped = 0;
  source.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > cap) source.destroy();
  });
  source.resume();
}

/** Keys that would reach an object's prototype: refused in JSON bodies and form field names alike. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);
