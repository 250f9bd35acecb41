import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv";
import { columnName, crc32, sheetRow } from "./zip.server";

describe("csvCell: RFC 4180 and no formulas", () => {
  it("quotes commas, quotes and line ends, and defuses what a spreadsheet would run", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('Ice, "snow"')).toBe('"Ice, ""snow"""');
    expect(csvCell("two\r\nlines")).toBe('"two\r\nlines"');
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}1+1`).startsWith(`'${start}`) || csvCell(`${start}1+1`).startsWith(`"'${start}`)).toBe(true);
    expect(csvCell("=HYPERLINK(\"x\",\"y\")")).toBe('"\'=HYPERLINK(""x"",""y"")"');
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(null)).toBe("");
    expect(csvLine([1, "a", null])).toBe("1,a,\r\n");
  });
});

describe("the XLSX parts", () => {
  it("names columns as spreadsheets do", () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA"]);
  });

  it("writes text inline (never a formula), numbers as numbers, and drops what XML cannot hold", () => {
    expect(sheetRow(2, [7, "=1+1", null, "a<b&\u0001c"])).toBe(
      '<row r="2"><c r="A2"><v>7</v></c><c r="B2" t="inlineStr"><is><t xml:space="preserve">=1+1</t></is></c><c r="D2" t="inlineStr"><is><t xml:space="preserve">a&lt;b&amp;c</t></is></c></row>',
    );
  });

  it("computes CRC-32 as zlib does, in pieces too", () => {
    const data = Buffer.from("The quick brown fox jumps over the lazy dog");
    expect(crc32(data)).toBe(0x414fa339);
    expect(crc32(data.subarray(10), crc32(data.subarray(0, 10)))).toBe(0x414fa339);
    const native = (zlib as { crc32?: (d: Buffer) => number }).crc32;
    if (native) expect(crc32(data)).toBe(native(data));
  });
});
