// A streaming ZIP writer (deflate, data descriptors: no size is known before a
// file's end) and the few parts of an XLSX workbook around streamed sheets.
// Small on purpose: the portal writes one kind of workbook (tables of text,
// numbers, booleans and dates; inline strings, so no text is ever a formula),
// so no spreadsheet library is needed. No ZIP64: a part past 4 GB is refused.
import zlib from "node:zlib";
import { TIME_ZONE } from "../days";
import type { Cell } from "./csv";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 of `data` continuing `crc` (zlib.crc32 where Node has it, 20.15 and later). */
export function crc32(data: Buffer, crc = 0): number {
  const native = (zlib as { crc32?: (d: Buffer, v: number) => number }).crc32;
  if (native) return native(data, crc);
  let c = ~crc >>> 0;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

const LIMIT = 0xffffffff;

function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

interface Entry {
  name: Buffer;
  crc: number;
  size: number;
  compressed: number;
  offset: number;
}

/** `source` deflated, chunk by chunk (each flushed: memory stays at one chunk), counting into `entry`. */
async function* deflated(source: AsyncIterable<Buffer> | Iterable<Buffer>, entry: Entry): AsyncGenerator<Buffer> {
  const z = zlib.createDeflateRaw();
  const out: Buffer[] = [];
  z.on("data", (b: Buffer) => out.push(b));
  const drain = function* () {
    for (const b of out.splice(0)) {
      entry.compressed += b.length;
      yield b;
    }
  };
  try {
    for await (const chunk of source) {
      entry.crc = crc32(chunk, entry.crc);
      entry.size += chunk.length;
      await new Promise<void>((resolve) => {
        z.write(chunk);
        z.flush(zlib.constants.Z_SYNC_FLUSH, () => resolve());
      });
      yield* drain();
    }
    await new Promise<void>((resolve, reject) => {
      z.once("end", resolve);
      z.once("error", reject);
      z.end();
    });
    yield* drain();
  } finally {
    z.close();
  }
}

/** A ZIP archive of `files`, each read (and deflated) as the archive is read. */
export async function* zipStream(files: { name: string; data: AsyncIterable<Buffer> | Iterable<Buffer> }[], at = new Date()): AsyncGenerator<Buffer> {
  const { time, date } = dosTime(at);
  const entries: Entry[] = [];
  let offset = 0;
  for (const file of files) {
    const entry: Entry = { name: Buffer.from(file.name, "utf8"), crc: 0, size: 0, compressed: 0, offset };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0808, 6); // sizes in a data descriptor; UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt16LE(entry.name.length, 26);
    yield header;
    yield entry.name;
    yield* deflated(file.data, entry);
    if (entry.size > LIMIT || entry.compressed > LIMIT) throw new Error(`${file.name} is past 4 GB: no ZIP64`);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    yield descriptor;
    offset += 30 + entry.name.length + entry.compressed + 16;
    entries.push(entry);
  }
  let directory = 0;
  for (const e of entries) {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0808, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(e.crc, 16);
    header.writeUInt32LE(e.compressed, 20);
    header.writeUInt32LE(e.size, 24);
    header.writeUInt16LE(e.name.length, 28);
    header.writeUInt32LE(e.offset, 42);
    directory += 46 + e.name.length;
    yield header;
    yield e.name;
  }
  if (offset > LIMIT) throw new Error("archive past 4 GB: no ZIP64");
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory, 12);
  end.writeUInt32LE(offset, 16);
  yield end;
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const part = (xml: string) => [Buffer.from(XML + xml, "utf8")];

// Characters XML 1.0 cannot hold at all (most C0 controls, lone surrogates, U+FFFE/FFFF) are dropped.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// Most text holds none of these: the test spares the four replacements (a download of 100 000 rows writes a million cells).
const NEEDS_ESCAPE = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\ud800-\udfff]/;
const xmlText = (s: string) =>
  NEEDS_ESCAPE.test(s) ? s.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;") : s;
const xmlAttr = (s: string) => xmlText(s).replace(/"/g, "&quot;");

/** A spreadsheet column's letters (0 → A, 26 → AA). */
export function columnName(index: number): string {
  if (index < COLUMN_NAMES.length) return COLUMN_NAMES[index];
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
// Every cell names its column: the first hundred are worked out once.
const COLUMN_NAMES: string[] = [];
for (let k = 0; k < 100; k++) COLUMN_NAMES.push(columnName(k));

/** The cell styles of styles.xml, by index. */
const STYLE = { normal: 0, header: 1, day: 2, dateTime: 3 } as const;

// A spreadsheet has no time zones: a moment is written as the portal's wall
// clock (ADR 006), as staff read times everywhere else.
const wallClock = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
});
const HOUR_MS = 3_600_000;
/**
 * The portal's offset from UTC in each UTC hour met so far: a time zone's
 * offset changes on a whole UTC hour (Europe's at 01:00), so one reading of
 * the time zone serves a whole hour, and a download of 100 000 rows asks
 * the time zone database a few thousand times instead of 200 000.
 */
const offsets = new Map<number, number>();
const OFFSETS_MAX = 100_000;
/** Milliseconds since 1970 of `d`'s wall clock in the portal's time zone, read as if UTC. */
export function wallClockMs(d: Date): number {
  const ms = d.getTime();
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const at = new Date(hour * HOUR_MS);
    const p = Object.fromEntries(wallClock.formatToParts(at).map((x) => [x.type, Number(x.value)]));
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - at.getTime();
    if (offsets.size >= OFFSETS_MAX) offsets.clear();
    offsets.set(hour, offset);
  }
  return ms + offset;
}
/** Days since 1899-12-30, a spreadsheet's date serial. */
const serial = (ms: number) => ms / 86_400_000 + 25_569;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A cell's date serial and style, or null when it is no date. */
function dateOf(value: Cell): { serial: number; style: number } | null {
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? { serial: serial(wallClockMs(value)), style: STYLE.dateTime } : null;
  if (value && typeof value === "object") {
    const m = DAY.exec(value.day);
    return m ? { serial: serial(Date.UTC(+m[1], +m[2] - 1, +m[3])), style: STYLE.day } : null;
  }
  return null;
}

/**
 * One row of a sheet: numbers as numbers, booleans as booleans, dates as date
 * serials with a date format, the rest as inline text (never a formula,
 * whatever it starts with). `style` 1 makes the row bold (the header).
 */
export function sheetRow(index: number, cells: readonly Cell[], style = 0): string {
  const out = cells.map((value, k) => {
    const ref = `${columnName(k)}${index}`;
    const s = (n: number) => (n ? ` s="${n}"` : "");
    if (value === null || value === "") return "";
    if (typeof value === "number" && Number.isFinite(value)) return `<c r="${ref}"${s(style)}><v>${value}</v></c>`;
    if (typeof value === "boolean") return `<c r="${ref}"${s(style)} t="b"><v>${value ? 1 : 0}</v></c>`;
    if (typeof value === "object") {
      const date = dateOf(value);
      return date ? `<c r="${ref}"${s(date.style)}><v>${date.serial}</v></c>` : "";
    }
    // Excel holds at most 32 767 characters in a cell.
    const text = xmlText(String(value)).slice(0, 32_767);
    return `<c r="${ref}"${s(style)} t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
  });
  return `<row r="${index}">${out.join("")}</row>`;
}

type Rows = readonly (readonly Cell[])[];

/** One sheet of a workbook. */
export interface Sheet {
  name: string;
  header: readonly string[];
  /** Every row at once, or batches of rows read as the file is written (memory stays at one batch). */
  rows: Rows | AsyncIterable<Rows>;
  /** Column widths in characters; by default the longest of the header and (rows given at once) the values. */
  widths?: readonly number[];
}

const WIDTH_MIN = 8;
const WIDTH_MAX = 60;

/** How many characters a value takes on screen, roughly. */
function cellLength(value: Cell): number {
  if (value === null) return 0;
  if (value instanceof Date) return 16;
  if (typeof value === "object") return 10;
  return String(value).length;
}

/** The columns' widths: the given ones, else the longest value of each column, bounded. */
export function columnWidths(header: readonly string[], rows: Rows | null, given?: readonly number[]): number[] {
  const count = Math.max(header.length, ...(rows ?? []).map((r) => r.length));
  return Array.from({ length: count }, (_, k) => {
    const longest = given?.[k] ?? Math.max(cellLength(header[k] ?? null), ...(rows ?? []).map((r) => cellLength(r[k] ?? null)));
    return Math.min(WIDTH_MAX, Math.max(WIDTH_MIN, Math.ceil(longest) + 2));
  });
}

/** Sheet names as Excel takes them: none of []:*?/\, at most 31 characters, none twice (case aside), never empty. */
export function sheetNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((raw, i) => {
    const base = raw.replace(/[[\]:*?/\\]/g, " ").replace(NOT_XML, "").trim().slice(0, 31) || `Sheet${i + 1}`;
    let name = base;
    for (let n = 2; seen.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - ` (${n})`.length)} (${n})`;
    seen.add(name.toLowerCase());
    return name;
  });
}

const isBatches = (rows: Rows | AsyncIterable<Rows>): rows is AsyncIterable<Rows> => Symbol.asyncIterator in rows;

async function* sheetPart(sheet: Sheet): AsyncGenerator<Buffer> {
  const whole = isBatches(sheet.rows) ? null : sheet.rows;
  const cols = columnWidths(sheet.header, whole, sheet.widths)
    .map((w, k) => `<col min="${k + 1}" max="${k + 1}" width="${w}" customWidth="1"/>`)
    .join("");
  yield Buffer.from(
    `${XML}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData>${sheetRow(1, sheet.header, STYLE.header)}`,
    "utf8",
  );
  let index = 1; // the header is row 1
  const batches: AsyncIterable<Rows> | Iterable<Rows> = whole ? [whole] : (sheet.rows as AsyncIterable<Rows>);
  for await (const rows of batches) if (rows.length) yield Buffer.from(rows.map((r) => sheetRow(++index, r)).join(""), "utf8");
  yield Buffer.from("</sheetData></worksheet>", "utf8");
}

const STYLES = `<styleSheet xmlns="${MAIN}"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/**
 * An XLSX workbook of `sheets`, in their order: each with a bold header row
 * frozen above the rest, column widths, and its rows written as they are read
 * (a sheet given batches streams them).
 */
export function xlsxWorkbook(sheets: readonly Sheet[]): AsyncGenerator<Buffer> {
  if (!sheets.length) throw new Error("a workbook needs a sheet");
  const names = sheetNames(sheets.map((s) => s.name));
  const n = sheets.map((_, i) => i + 1);
  const sheetType = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml";
  return zipStream([
    {
      name: "[Content_Types].xml",
      data: part(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${n.map((i) => `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="${sheetType}"/>`).join("")}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
      ),
    },
    { name: "_rels/.rels", data: part(`<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`) },
    {
      name: "xl/workbook.xml",
      data: part(`<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${n.map((i) => `<sheet name="${xmlAttr(names[i - 1])}" sheetId="${i}" r:id="rId${i}"/>`).join("")}</sheets></workbook>`),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: part(
        `<Relationships xmlns="${PKG_REL}">${n.map((i) => `<Relationship Id="rId${i}" Type="${REL}/worksheet" Target="worksheets/sheet${i}.xml"/>`).join("")}<Relationship Id="rId${sheets.length + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
      ),
    },
    { name: "xl/styles.xml", data: part(STYLES) },
    ...sheets.map((sheet, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: sheetPart(sheet) })),
  ]);
}
