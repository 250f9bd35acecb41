// A streaming ZIP writer (deflate, data descriptors: no size is known before a
// file's end) and the few parts of an XLSX workbook around one streamed sheet.
// Small on purpose: the portal writes one kind of workbook (a table of text and
// numbers, inline strings), so no spreadsheet library is needed. No ZIP64:
// a part past 4 GB is refused.
import zlib from "node:zlib";
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
const xmlText = (s: string) => s.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A spreadsheet column's letters (0 → A, 26 → AA). */
export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** One row of the sheet: numbers as numbers, the rest as inline text (never a formula), style 1 for the header. */
export function sheetRow(index: number, cells: readonly Cell[], style = 0): string {
  const s = style ? ` s="${style}"` : "";
  const out = cells.map((value, k) => {
    const ref = `${columnName(k)}${index}`;
    if (value === null || value === "") return "";
    if (typeof value === "number" && Number.isFinite(value)) return `<c r="${ref}"${s}><v>${value}</v></c>`;
    // Excel holds at most 32 767 characters in a cell.
    const text = xmlText(String(value)).slice(0, 32_767);
    return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
  });
  return `<row r="${index}">${out.join("")}</row>`;
}

/** An XLSX workbook of one sheet: `header`, then the rows `body` yields (as sheetRow XML, in batches). */
export function xlsxStream(sheetName: string, header: readonly Cell[], body: AsyncIterable<string>): AsyncGenerator<Buffer> {
  async function* sheet() {
    yield Buffer.from(
      `${XML}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>${sheetRow(1, header, 1)}`,
      "utf8",
    );
    for await (const rows of body) yield Buffer.from(rows, "utf8");
    yield Buffer.from("</sheetData></worksheet>", "utf8");
  }
  return zipStream([
    {
      name: "[Content_Types].xml",
      data: part(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
      ),
    },
    { name: "_rels/.rels", data: part(`<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`) },
    {
      name: "xl/workbook.xml",
      data: part(`<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${xmlText(sheetName).replace(/"/g, "&quot;")}" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: part(
        `<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
      ),
    },
    {
      name: "xl/styles.xml",
      data: part(
        `<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
      ),
    },
    { name: "xl/worksheets/sheet1.xml", data: sheet() },
  ]);
}
