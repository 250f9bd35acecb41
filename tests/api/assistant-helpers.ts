// A research plan as a small real PDF (pdf-lib), one line of text per entry, for the assistant's tests.
import { PDFDocument, StandardFonts } from "pdf-lib";

export async function pdfOf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 790 - i * 20, size: 11, font }));
  return Buffer.from(await doc.save());
}
