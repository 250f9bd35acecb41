import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { discardRest, PROTOTYPE_KEYS, readCapped } from "~/http/body.server";
import { listBounds, type ListBounds } from "./list-bounds";

/**
 * What a form post may hold (docs/security.md#form-posts): Conform builds the submitted value from
 * the field names, so an index of 99999999 would make it build an array of
 * that many holes, and a `__proto__` segment would write to a prototype.
 */
export const FORM_LIMITS = {
  /** Fields and file parts of one post. */
  fields: 1000,
  /** One field's value, in bytes (413 beyond). */
  fieldBytes: 1_000_000,
  /** A whole application/x-www-form-urlencoded body, or the text fields of a multipart one, in bytes (413 beyond). */
  urlencodedBytes: 4_000_000,
  /** Indices of a list without its own max in the schema: 0 to 99. */
  index: 100,
  nameLength: 256,
  /** Segments of a field name (`a.b[0].c` has 4). */
  depth: 12,
  /** Conform's `__intent__` and `__state__` values, in characters. */
  controlLength: 16_384,
  /** File parts of one post. */
  files: 100,
} as const;

const INTENT = "__intent__";
const STATE = "__state__";
const INTENTS = new Set(["validate", "update", "reset", "insert", "remove", "reorder"]);
const LIST_INTENTS = new Set(["insert", "remove", "reorder"]);
const STATUS_TEXT = { 400: "Bad Request", 413: "Payload Too Large", 415: "Unsupported Media Type" } as const;

/** The Response an action throws for a form it will not read: the route's error screen shows it. */
export function formRefused(status: keyof typeof STATUS_TEXT): Response {
  return new Response(STATUS_TEXT[status], { status, statusText: STATUS_TEXT[status] });
}

/** A file part of a multipart form, for the caller to store (see readFormWithUploads). */
export interface FilePart {
  name: string;
  filename: string;
  mimeType: string;
  data: AsyncIterable<Uint8Array>;
}

export interface ReadFormOptions {
  /** The schema the action validates with: its lists' max bound their indices. */
  schema?: $ZodType;
  /**
   * Stores a file part and returns the value the form gets in its place
   * (undefined: none). It must read `data` to its end. Without it, file parts
   * are dropped.
   */
  file?: (part: FilePart) => Promise<string | undefined>;
  /** Undoes what `file` stored, when the form is refused after all. */
  undo?: (values: string[]) => Promise<void>;
}

/** Highest index each list accepts: its schema max (one row past it, so the schema can say "too many"), else 99. */
function maxIndex(bounds: ListBounds, list: string): number {
  const max = bounds.get(list);
  return max === undefined ? FORM_LIMITS.index - 1 : max;
}

const TOKEN = /([^.[\]]+)|\[(\d*)\]/g;

/**
 * The list pattern of a field name (`periods[3].date_from` → `periods[].date_from`),
 * or null when the name is refused: too long or deep, a prototype segment, or
 * an index past its list's bound.
 */
function namePattern(name: string, bounds: ListBounds): string | null {
  if (!name || name.length > FORM_LIMITS.nameLength) return null;
  let pattern = "";
  let depth = 0;
  for (const [, key, index] of name.matchAll(TOKEN)) {
    if (++depth > FORM_LIMITS.depth) return null;
    if (key !== undefined) {
      if (PROTOTYPE_KEYS.has(key)) return null;
      pattern = pattern ? `${pattern}.${key}` : key;
    } else {
      if (index !== "" && (index.length > 9 || Number(index) > maxIndex(bounds, pattern))) return null;
      pattern += "[]";
    }
  }
  return pattern;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** JSON of bounded depth without prototype keys. */
function tameJson(value: unknown, depth = 0): boolean {
  if (typeof value !== "object" || value === null) return true;
  if (depth > FORM_LIMITS.depth) return false;
  if (Array.isArray(value)) return value.every((v) => tameJson(v, depth + 1));
  return Object.entries(value).every(([k, v]) => !PROTOTYPE_KEYS.has(k) && tameJson(v, depth + 1));
}

/** Conform's intent (a submit button's `__intent__`): known type, sane names and indices. */
function intentAllowed(raw: string, bounds: ListBounds): boolean {
  if (raw.length > FORM_LIMITS.controlLength) return false;
  let intent: unknown;
  try {
    intent = JSON.parse(raw);
  } catch {
    return false;
  }
  if (!isObject(intent) || typeof intent.type !== "string" || !INTENTS.has(intent.type) || !isObject(intent.payload) || !tameJson(intent)) return false;
  const { name = "", index, from, to } = intent.payload;
  if (typeof name !== "string") return false;
  const positions = [index, from, to].filter((p) => p !== undefined);
  if (!positions.every((p) => Number.isSafeInteger(p) && (p as number) >= 0)) return false;
  if (LIST_INTENTS.has(intent.type)) {
    const list = name ? namePattern(name, bounds) : null;
    return list !== null && positions.every((p) => (p as number) <= maxIndex(bounds, list));
  }
  const target = index === undefined ? name : `${name}[${index as number}]`;
  return target === "" || namePattern(target, bounds) !== null;
}

function stateAllowed(raw: string): boolean {
  if (raw.length > FORM_LIMITS.controlLength) return false;
  try {
    const state: unknown = JSON.parse(raw);
    return isObject(state) && tameJson(state);
  } catch {
    return false;
  }
}

// Conform's own reading of the form, with a schema that accepts anything: what
// it would throw on (an intent on a field that is not a list…) is a 400 here.
const anything = z.unknown();

function checkEntries(entries: [string, string][], bounds: ListBounds): void {
  if (entries.length > FORM_LIMITS.fields) throw formRefused(400);
  for (const [name, value] of entries) {
    if (name === INTENT ? !intentAllowed(value, bounds) : name === STATE ? !stateAllowed(value) : namePattern(name, bounds) === null) {
      throw formRefused(400);
    }
  }
}

function toFormData(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  try {
    parseWithZod(form, { schema: anything });
  } catch {
    throw formRefused(400);
  }
  return form;
}

/** NUL never reaches the API or the database (docs/security.md#nul-characters). */
const clean = (s: string) => (s.includes("\0") ? s.replace(/\0/g, "") : s);

async function readUrlEncoded(request: Request): Promise<[string, string][]> {
  const body = await readCapped(request, FORM_LIMITS.urlencodedBytes);
  if (body === "too-large") throw formRefused(413);
  if (body === "broken") throw formRefused(400);
  const text = body.toString("utf8");
  // Count before URLSearchParams builds a million entries.
  let fields = text ? 1 : 0;
  for (let i = text.indexOf("&"); i !== -1 && fields <= FORM_LIMITS.fields; i = text.indexOf("&", i + 1)) fields++;
  if (fields > FORM_LIMITS.fields) throw formRefused(400);
  const entries: [string, string][] = [];
  for (const [name, value] of new URLSearchParams(text)) {
    if (Buffer.byteLength(value) > FORM_LIMITS.fieldBytes) throw formRefused(413);
    entries.push([clean(name), clean(value)]);
  }
  return entries;
}

interface Read {
  entries: [string, string][];
  /** Values that file parts were replaced with (what `undo` takes back). */
  stored: string[];
}

async function readMultipart(request: Request, contentType: string, bounds: ListBounds, opts: ReadFormOptions): Promise<Read> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        fields: FORM_LIMITS.fields,
        fieldSize: FORM_LIMITS.fieldBytes,
        fieldNameSize: FORM_LIMITS.nameLength,
        files: FORM_LIMITS.files,
        parts: FORM_LIMITS.fields,
      },
    });
  } catch {
    throw formRefused(400); // no boundary
  }
  if (!request.body) throw formRefused(400);
  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);

  // In the order posted; a file part's value arrives once it is stored.
  const entries: [string, string | Promise<string | undefined>][] = [];
  const stored: Promise<string | undefined>[] = [];
  let failure: unknown = null;
  let current: Readable | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  await new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    const stop = (error: unknown) => {
      failure ??= error;
      source.unpipe(parser);
      current?.destroy();
      discardRest(source, 64 * 1024 * 1024);
      finish();
    };
    let textBytes = 0;
    parser.on("field", (name, value, info) => {
      if (failure) return;
      textBytes += Buffer.byteLength(value);
      if (info.valueTruncated || textBytes > FORM_LIMITS.urlencodedBytes) return stop(formRefused(413));
      // A part without a name (name="" comes as undefined) is no field.
      if (info.nameTruncated || typeof name !== "string" || namePattern(name, bounds) === null) return stop(formRefused(400));
      entries.push([clean(name), clean(value)]);
    });
    parser.on("file", (name, stream, info) => {
      // busboy fails a part's stream when the body ends inside it; the parser says so too.
      stream.on("error", () => undefined);
      if (!failure && (typeof name !== "string" || namePattern(name, bounds) === null)) stop(formRefused(400));
      if (failure || !opts.file || !info.filename) {
        stream.resume(); // e.g. an empty file input
        return;
      }
      const store = opts.file;
      const part = { name, filename: info.filename, mimeType: info.mimeType, data: stream };
      // One file at a time, in the order posted: the next part waits (busboy
      // reads no further while a part is unread).
      const value = queue.then(() => {
        current = stream;
        if (!failure) return store(part);
        stream.resume();
        return undefined;
      });
      queue = value.then(
        () => undefined,
        () => undefined,
      );
      stored.push(value);
      // Nothing unhandled if the form fails before the values are read.
      value.catch((err: unknown) => stop(err));
      entries.push([name, value]);
    });
    for (const limit of ["fieldsLimit", "filesLimit", "partsLimit"] as const) parser.on(limit, () => stop(formRefused(400)));
    parser.on("error", () => stop(formRefused(400)));
    parser.on("close", finish);
    source.on("error", () => stop(formRefused(400)));
    source.pipe(parser);
  });

  const values = await Promise.allSettled(stored);
  for (const v of values) if (v.status === "rejected") failure ??= v.reason;
  const kept = values.flatMap((v) => (v.status === "fulfilled" && v.value !== undefined ? [v.value] : []));
  if (failure) {
    await undo(opts, kept);
    throw failure instanceof Response ? failure : formRefused(400);
  }
  const out: [string, string][] = [];
  for (const [name, value] of entries) {
    const v = await value;
    if (v !== undefined) out.push([name, v]);
  }
  return { entries: out, stored: kept };
}

async function undo(opts: ReadFormOptions, stored: string[]) {
  if (stored.length && opts.undo) await opts.undo(stored);
}

/**
 * The one way actions read a form post (docs/security.md#form-posts). Refuses, as a
 * thrown Response for the route's error screen, before Conform sees anything:
 * a content type other than a form's (415), a field over 1 MB or an
 * urlencoded body over 4 MB (413), a truncated or malformed body, more than
 * 1,000 fields, an index past its list's bound (the schema's max, else 99), a
 * `__proto__`, `constructor` or `prototype` segment, a malformed Conform
 * `__intent__` or `__state__`, or anything else Conform would throw on (400).
 * NUL characters are removed from names and values.
 */
export async function readForm(request: Request, opts: ReadFormOptions = {}): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const bounds = opts.schema ? listBounds(opts.schema) : new Map<string, number>();
  let read: Read;
  if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType)) read = { entries: await readUrlEncoded(request), stored: [] };
  else if (/^multipart\/form-data\s*(;|$)/i.test(contentType)) read = await readMultipart(request, contentType, bounds, opts);
  else throw formRefused(415);
  try {
    checkEntries(read.entries, bounds);
    return toFormData(read.entries);
  } catch (err) {
    await undo(opts, read.stored);
    throw err;
  }
}
