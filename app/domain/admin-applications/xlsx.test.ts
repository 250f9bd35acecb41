// The workbook writer read back with a real spreadsheet library (exceljs):
// types, the bold frozen header, column widths, several sheets, streamed rows,
// and text that a spreadsheet would otherwise run as a formula.
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { TIME_ZONE } from "../days";
import { columnName, columnWidths, sheetNames, wallClockMs, xlsxWorkbook, type Sheet } from "./zip.server";

async function read(sheets: Sheet[]) {
  const chunks: Buffer[] = [];
  for await (const c of xlsxWorkbook(sheets)) chunks.push(c);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return book;
}

async function* batches<T>(...parts: T[][]) {
  for (const p of parts) yield p;
}

describe("xlsxWorkbook", () => {
  it("writes numbers, booleans, days and moments as such, and text as text whatever it starts with", async () => {
    const book = await read([
      {
        name: "Types",
        header: ["Text", "Number", "Yes", "Day", "Moment", "Empty"],
        rows: [
          ["Île-de-France", 3.5, true, { day: "2026-02-28" }, new Date("2026-07-01T10:30:00Z"), null],
          ["=1+1", -2, false, { day: "not a day" }, new Date("invalid"), ""],
          ["+33", 0, null, null, null, null],
          ["-1", 1e6, null, null, null, null],
          ["@SUM(A1)", null, null, null, null, null],
        ],
      },
    ]);
    const ws = book.getWorksheet("Types")!;
    expect(ws.getRow(2).getCell(1).value).toBe("Île-de-France");
    expect(ws.getRow(2).getCell(2).value).toBe(3.5);
    expect(ws.getRow(2).getCell(3).value).toBe(true);
    expect(ws.getRow(3).getCell(3).value).toBe(false);
    const day = ws.getRow(2).getCell(4);
    expect(day.type).toBe(ExcelJS.ValueType.Date);
    expect((day.value as Date).toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(day.numFmt).toBe("yyyy-mm-dd");
    // 10:30 UTC is 12:30 in Brussels in summer: the portal's wall clock.
    const moment = ws.getRow(2).getCell(5);
    expect(moment.type).toBe(ExcelJS.ValueType.Date);
    expect((moment.value as Date).toISOString()).toBe("2026-07-01T12:30:00.000Z");
    expect(moment.numFmt).toBe("yyyy-mm-dd hh:mm");
    expect(ws.getRow(2).getCell(6).value).toBeNull();
    // What is no date stays empty rather than a wrong date.
    expect(ws.getRow(3).getCell(4).value).toBeNull();
    expect(ws.getRow(3).getCell(5).value).toBeNull();
    for (const [r, text] of [[3, "=1+1"], [4, "+33"], [5, "-1"], [6, "@SUM(A1)"]] as const) {
      const cell = ws.getRow(r).getCell(1);
      expect(cell.type, text).toBe(ExcelJS.ValueType.String);
      expect(cell.value, text).toBe(text);
      expect(cell.formula, text).toBeUndefined();
    }
    expect(ws.getRow(5).getCell(2).value).toBe(1e6);
  });

  it("makes the header bold and frozen, and the columns as wide as their longest value, bounded", async () => {
    const long = "x".repeat(200);
    const book = await read([{ name: "Widths", header: ["Id", "A rather long column heading", "Notes"], rows: [[1, "short", long]] }]);
    const ws = book.getWorksheet("Widths")!;
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.getRow(1).getCell(2).value).toBe("A rather long column heading");
    expect(ws.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(ws.getColumn(1).width).toBe(8);
    expect(ws.getColumn(2).width).toBe("A rather long column heading".length + 2);
    expect(ws.getColumn(3).width).toBe(60);
  });

  it("writes several sheets in order, streamed ones too, with names Excel takes", async () => {
    const book = await read([
      { name: "Users by gender", header: ["Gender", "Users"], rows: [["female", 2], ["male", 1]] },
      { name: "Streamed", header: ["N"], rows: batches([[1], [2]], [], [[3]]), widths: [12] },
      { name: "Users by gender", header: ["Again"], rows: [] },
      { name: "A/B: [what?]* and a name far past thirty-one characters", header: ["x"], rows: [["y"]] },
    ]);
    expect(book.worksheets.map((w) => w.name)).toEqual(["Users by gender", "Streamed", "Users by gender (2)", "A B   what    and a name far pa"]);
    expect(book.getWorksheet("Users by gender")!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1))).toEqual([["Gender", "Users"], ["female", 2], ["male", 1]]);
    const streamed = book.getWorksheet("Streamed")!;
    expect([1, 2, 3, 4].map((r) => streamed.getRow(r).getCell(1).value)).toEqual(["N", 1, 2, 3]);
    expect(streamed.getColumn(1).width).toBe(14);
    expect(book.getWorksheet("Users by gender (2)")!.rowCount).toBe(1);
  });

  it("bounds names and widths", () => {
    expect(sheetNames(["", "a", "A"])).toEqual(["Sheet1", "a", "A (2)"]);
    expect(columnWidths(["a", "bb"], null, [3, 100])).toEqual([8, 60]);
    expect(columnWidths(["Day"], [[{ day: "2026-01-01" }], [new Date()]])).toEqual([18]);
  });
});

describe("wallClockMs", () => {
  // The reference: the time zone database asked for every instant.
  const reference = (d: Date) => {
    const f = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, Number(x.value)]));
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, d.getUTCMilliseconds());
  };

  it("reads Brussels' wall clock on both sides of each change of hour", () => {
    const instants = [
      "2026-03-29T00:59:59.999Z", "2026-03-29T01:00:00.000Z", "2026-03-29T01:30:00.000Z",
      "2026-10-25T00:59:59.999Z", "2026-10-25T01:00:00.000Z", "2026-10-25T01:59:59.500Z",
      "2024-02-29T23:30:00.000Z", "1999-12-31T23:59:59.000Z",
    ];
    for (const iso of instants) expect(wallClockMs(new Date(iso)), iso).toBe(reference(new Date(iso)));
    expect(new Date(wallClockMs(new Date("2026-03-29T01:00:00Z"))).toISOString()).toBe("2026-03-29T03:00:00.000Z");
    expect(new Date(wallClockMs(new Date("2026-10-25T01:00:00Z"))).toISOString()).toBe("2026-10-25T02:00:00.000Z");
  });

  it("agrees with the time zone database over two years of instants, the same hour asked twice included", () => {
    let ms = Date.UTC(2025, 0, 1);
    for (let i = 0; i < 3000; i++, ms += 6 * 3_600_000 + 61_001) {
      const d = new Date(ms);
      expect(wallClockMs(d)).toBe(reference(d));
      expect(wallClockMs(d)).toBe(reference(d));
    }
  });
});

describe("columnName", () => {
  it("names columns past the ones worked out once", () => {
    expect([0, 25, 26, 99, 100, 701, 702].map(columnName)).toEqual(["A", "Z", "AA", "CV", "CW", "ZZ", "AAA"]);
  });
});
