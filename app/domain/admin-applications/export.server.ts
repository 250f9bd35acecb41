// The downloads of the staff list (docs/api.md#exports): every matching row, not one
// page, as CSV or XLSX, streamed from a cursor (cursor.server.ts) so memory
// stays flat whatever the count. The first batch is read before the answer
// starts, so a query that fails at once is an ordinary 500; a failure later
// ends the download (the connection is cut: the file is visibly incomplete),
// is logged, and frees the database connection.
import type { TFunction } from "i18next";
import type { Compilable } from "kysely";
import { FALLBACK_LANGUAGE } from "~/i18n/config";
import { i18nextFor } from "~/i18n/i18next.server";
import type { Db } from "~/db/database.server";
import { portalDay } from "../dates";
import { type ExportFormat } from "./columns";
import { BOM, csvLine, type Cell } from "./csv";
import { cursorBatches } from "./cursor.server";
import { exportQuery, type AdminRow } from "./list.server";
import type { AdminListQuery } from "./query.server";
import { xlsxWorkbook } from "./zip.server";
import { orcidLink } from "../users/orcid";

// A column of codes has its label beside it, in the exporter's language (docs/api.md#exports): people read
// the label, formulas and other tools the code.
const HEADER: string[] = [
  "Number", "Acronym", "Title", "Applicant", "Applicant e-mail", "Applicant ORCID iD", "Call", "Infrastructures", "Status", "Status code", "Discipline",
  "Evaluations submitted", "Evaluations assigned", "Evaluation complete", "Evaluation complete code", "Submitted at", "Last change",
];

// A moment: ISO 8601 in the CSV, a date and time cell in the workbook.
const moment = (d: Date | string | null) => (d ? new Date(d) : null);

const rowCells = (t: TFunction) =>
  function cells(r: AdminRow): Cell[] {
    const complete = r.evaluation_complete ? "yes" : "no";
    return [
      r.id, r.acronym, r.title, r.applicant_name, r.applicant_email, orcidLink(r.applicant_orcid) ?? null, r.call_title, r.infrastructures.join(", "),
      t(`applications.status.${r.status}`), r.status, r.discipline,
      r.evaluations_done, r.evaluations_assigned, t(`common.${complete}`), complete, moment(r.submitted_at), moment(r.updated_at),
    ];
  };

/** A streamed table: its sheet's name, header, a row's cells, and the download's name (`<name>-<today>.<format>`). */
export interface StreamedTable<R> {
  sheet: string;
  header: readonly string[];
  /** The columns' widths in characters (the rows stream, so they cannot be measured first). */
  widths?: readonly number[];
  cells: (row: R) => Cell[];
  name: string;
}

async function* csvChunks<R>(t: StreamedTable<R>, batches: AsyncIterable<R[]>): AsyncGenerator<Buffer> {
  let head = BOM + csvLine(t.header);
  for await (const rows of batches) {
    yield Buffer.from(head + rows.map((r) => csvLine(t.cells(r))).join(""), "utf8");
    head = "";
  }
  if (head) yield Buffer.from(head, "utf8");
}

async function* sheetRows<R>(t: StreamedTable<R>, batches: AsyncIterable<R[]>): AsyncGenerator<Cell[][]> {
  for await (const rows of batches) yield rows.map(t.cells);
}

// The rows stream, so the widths cannot be measured first: what the columns usually hold.
const WIDTHS = [8, 12, 40, 24, 28, 38, 30, 24, 16, 14, 20, 10, 10, 10, 8, 16, 16];

/** The first item read now (its failure is the caller's), the rest as they are asked for; return() reaches the source. */
async function primed<T>(source: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  let first: IteratorResult<T> | null = await source.next();
  const it: AsyncGenerator<T> = {
    next: () => {
      const out = first;
      first = null;
      return out ? Promise.resolve(out) : source.next();
    },
    return: (v) => source.return(v),
    throw: (e) => source.throw(e),
    [Symbol.asyncIterator]: () => it,
  };
  return it;
}

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The download of every application matching `q`, its labels in `lang`, as a byte stream, and its file name. */
export function exportApplications(db: Db, q: AdminListQuery, format: ExportFormat, lang: string = FALLBACK_LANGUAGE, batch?: number) {
  const t = i18nextFor(lang).getFixedT(lang, "common");
  return exportRows(db, exportQuery(db, q), { sheet: "Applications", header: HEADER, cells: rowCells(t), name: "applications", widths: WIDTHS }, format, batch);
}

/** Every row of `query` as a download of table `t`, streamed from a cursor (memory stays flat), and its file name. */
export async function exportRows<R>(db: Db, query: Compilable<R>, t: StreamedTable<R>, format: ExportFormat, batch?: number) {
  const rows = await primed(cursorBatches<R>(db, query, batch));
  const chunks = format === "csv" ? csvChunks(t, rows) : xlsxWorkbook([{ name: t.sheet, header: t.header, rows: sheetRows(t, rows), widths: t.widths }]);
  const stop = async () => {
    await chunks.return(undefined).catch(() => {});
    await rows.return(undefined).catch(() => {});
  };
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        // The reader may have gone while the next chunk was made.
        if (cancelled) return;
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (err) {
        if (cancelled) return;
        console.error(JSON.stringify({ level: "error", msg: `${t.name} export failed mid-stream`, format, err: String((err as Error)?.stack ?? err) }));
        await stop();
        controller.error(err);
      }
    },
    cancel: async () => {
      cancelled = true;
      await stop();
    },
  });
  return { body, type: EXPORT_TYPES[format], filename: `${t.name}-${portalDay(new Date())}.${format}` };
}

