// The research plan's text, as the assistant reads it (docs/decisions/042-assistant-pre-fill.md):
// unpdf for a PDF, mammoth for a Word document (DOCX), the bytes themselves
// for plain text. Bounded twice: the file read (PLAN_BYTES_MAX) and the text
// kept (PLAN_CHARS_MAX), control characters removed, so what goes on to a
// model or the extractive reader is plain lines of a known size.
import type { Readable } from "node:stream";

/** The largest plan file read: past it the assistant refuses the plan rather than read it. */
export const PLAN_BYTES_MAX = 20 * 1024 * 1024;
/** The text kept from a plan: some 15 pages, what a model's context takes whole. */
export const PLAN_CHARS_MAX = 40_000;

export type PlanKind = "pdf" | "docx" | "text";

export class PlanUnreadableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "PlanUnreadableError";
  }
}

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** What kind of file a plan is, by its type and name; undefined for one the assistant does not read. */
export function planKind(mimeType: string, name: string): PlanKind | undefined {
  const lower = name.toLowerCase();
  if (mimeType === "application/pdf" || lower.endsWith(".pdf")) return "pdf";
  if (mimeType === DOCX || lower.endsWith(".docx")) return "docx";
  if (mimeType.startsWith("text/plain") || mimeType === "text/markdown" || lower.endsWith(".txt") || lower.endsWith(".md")) return "text";
  return undefined;
}

/** Reads a stream whole, failing past `max` bytes. */
export async function readBounded(stream: Readable, max = PLAN_BYTES_MAX): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      throw new PlanUnreadableError("too-large");
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Plain lines: no control character but line breaks (tabs become spaces),
 * spaces collapsed, at most two line breaks in a row, at most PLAN_CHARS_MAX.
 */
export function cleanText(text: string, max = PLAN_CHARS_MAX): string {
  return text
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(/[\t\u00a0]/g, " ")
    // Control characters, and the Unicode ones that reorder or hide text.
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, "")
    .replace(/[ ]{2,}/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .slice(0, max);
}

/** The plan's text, cleaned and bounded. Throws PlanUnreadableError for a file the readers cannot open. */
export async function planText(bytes: Buffer, kind: PlanKind): Promise<string> {
  let text: string;
  try {
    if (kind === "pdf") {
      const { getDocumentProxy } = await import("unpdf");
      const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
      try {
        // Page by page (a page's last line and the next page's first stay apart), and no further than the text kept:
        // a plan of a thousand pages costs what its first pages cost.
        const pages: string[] = [];
        let length = 0;
        for (let n = 1; n <= pdf.numPages && length < PLAN_CHARS_MAX; n++) {
          const content = await (await pdf.getPage(n)).getTextContent();
          const page = content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join("");
          pages.push(page);
          length += page.length;
        }
        text = pages.join("\n\n");
      } finally {
        await pdf.destroy();
      }
    } else if (kind === "docx") {
      const mammoth = await import("mammoth");
      text = (await (mammoth.default ?? mammoth).extractRawText({ buffer: bytes })).value;
    } else {
      text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
    }
  } catch (err) {
    if (err instanceof PlanUnreadableError) throw err;
    throw new PlanUnreadableError("unreadable");
  }
  return cleanText(text);
}
