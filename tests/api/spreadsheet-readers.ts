// Reading the downloads back in tests: CSV (RFC 4180) and XLSX (the ZIP's
// central directory, each part inflated and its CRC-32 checked, then the
// sheet's cells). Independent of the writers: a reader built from the formats'
// specifications, not from app/domain/admin-applications.
import zlib from "node:zlib";

/** The rows of a CSV text: quoted fields with doubled quotes, CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const b of data) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The files of a ZIP archive by name, from its central directory (each CRC checked). */
export function unzip(zip: Buffer): Record<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("no end of central directory");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files: Record<string, Buffer> = {};
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    if (zip.readUInt32LE(offset) !== 0x04034b50) throw new Error(`${name}: bad local header`);
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const raw = zip.subarray(start, start + compressed);
    const data = method === 8 ? zlib.inflateRawSync(raw) : raw;
    if (data.length !== size || crc32(data) !== crc) throw new Error(`${name}: size or CRC mismatch`);
    files[name] = data;
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

const unescape = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");

/** The first sheet of an XLSX workbook as rows of cells (numbers, inline or shared strings), and how many cells hold a formula. */
export function readXlsx(bytes: Buffer) {
  const files = unzip(bytes);
  const sheet = files["xl/worksheets/sheet1.xml"]?.toString("utf8");
  if (!sheet || !files["[Content_Types].xml"] || !files["xl/workbook.xml"]) throw new Error("not a workbook");
  const column = (ref: string) => [...ref.replace(/\d+$/, "")].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  const rows: (string | number)[][] = [];
  for (const [, body] of sheet.matchAll(/<row[^>]*>(.*?)<\/row>/gs)) {
    const row: (string | number)[] = [];
    for (const [, attrs, inner] of body.matchAll(/<c ([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)) {
      const ref = /r="([A-Z]+\d+)"/.exec(attrs)![1];
      const text = /<t[^>]*>(.*?)<\/t>/s.exec(inner ?? "");
      const value = /<v>(.*?)<\/v>/s.exec(inner ?? "");
      row[column(ref)] = /t="inlineStr"/.test(attrs) ? unescape(text?.[1] ?? "") : Number(value?.[1]);
    }
    rows.push(Array.from(row, (v) => v ?? ""));
  }
  return { files, rows, formulas: (sheet.match(/<f[ >]/g) ?? []).length };
}
