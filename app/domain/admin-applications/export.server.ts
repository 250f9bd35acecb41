// The downloads of the staff list (docs/api.md#exports): every matching row, not one
// page, as CSV or XLSX, streamed from a cursor (cursor.server.ts) so memory
// stays flat whatever the count. The first batch is read before the answer
// starts, so a query that fails at once is an ordinary 500; a failure later
// ends the download (the connection is cut: the file is visibly incomplete),
// is logged, and frees the database connection.
import type { Compilable } from "kysely";
import type { Db } from "~/db/database.server";
import { portalDay } from "../dates";
import { type ExportFormat } from "./columns";
import { BOM, csvLine, type Cell } from "./csv";
import { cursorBatches } from "./cursor.server";
import { exportQuery, type AdminRow } from "./list.server";
import type { AdminListQuery } from "./query.server";
import { sheetRow, xlsxStream } from "./zip.server";

const HEADER: Cell[] = [
  "Number", "Acronym", "Title", "Applicant", "Applicant e-mail", "Call", "Infrastructures", "Status", "Discipline",
  "Evaluations submitted", "Evaluations assigned", "Evaluation complete", "Submitted at", "Last change",
];

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function cells(r: AdminRow): Cell[] {
  return [
    r.id, r.acronym, r.title, r.applicant_name, r.applicant_email, r.call_title, r.infrastructures.join(", "), r.status, r.discipline,
    r.evaluations_done, r.evaluations_assigned, r.evaluation_complete ? "yes" : "no", iso(r.submitted_at), iso(r.updated_at),
  ];
}

async function* csvChunks<R>(header: readonly Cell[], cells: (r: R) => Cell[], batches: AsyncIterable<R[]>): AsyncGenerator<Buffer> {
  let head = BOM + csvLine(header);
  for await (const rows of batches) {
    yield Buffer.from(head + rows.map((r) => csvLine(cells(r))).join(""), "utf8");
    head = "";
  }
  if (head) yield Buffer.from(head, "utf8");
}

async function* sheetRows<R>(cells: (r: R) => Cell[], batches: AsyncIterable<R[]>): AsyncGenerator<string> {
  let index = 1; // the header is row 1
  for await (const rows of batches) yield rows.map((r) => sheetRow(++index, cells(r))).join("");
}

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

/** A table's download as CSV or XLSX: every row of `query`, streamed (see the top of this file), named `<name>-<today>.<format>`. */
export async function exportRows<R>(
  db: Db,
  query: Compilable<R>,
  table: { sheet: string; header: readonly Cell[]; cells: (r: R) => Cell[]; name: string },
  format: ExportFormat,
  batch?: number,
) {
  const rows = await primed(cursorBatches<R>(db, query, batch));
  const chunks = format === "csv" ? csvChunks(table.header, table.cells, rows) : xlsxStream(table.sheet, table.header, sheetRows(table.cells, rows));
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
        console.error(JSON.stringify({ level: "error", msg: "export failed mid-stream", table: table.name, format, err: String((err as Error)?.stack ?? err) }));
        await stop();
        controller.error(err);
      }
    },
    cancel: async () => {
      cancelled = true;
      await stop();
    },
  });
  return { body, type: EXPORT_TYPES[format], filename: `${table.name}-${portalDay(new Date())}.${format}` };
}

/** The download of every application matching `q`, as a byte stream, and its file name. */
export const exportApplications = (db: Db, q: AdminListQuery, format: ExportFormat, batch?: number) =>
  exportRows<AdminRow>(db, exportQuery(db, q), { sheet: "Applications", header: HEADER, cells, name: "applications" }, format, batch);
