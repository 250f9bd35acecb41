// A tagged A4 document written with pdfkit (docs/decisions/040-application-pdf.md):
// every line of content sits in the structure tree (Document > H1/H2/H3/P/L),
// the running header, the "Draft" mark and the page numbers are artifacts, the
// catalog carries the title and the language, and DejaVu Sans (embedded,
// subset) draws every European letter.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

const require = createRequire(import.meta.url);
// Read once per process (some 700 KB each, shipped by dejavu-fonts-ttf; the
// container image has no system font).
let fontFiles: { regular: Buffer; bold: Buffer } | undefined;
const fonts = () =>
  (fontFiles ??= {
    regular: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    bold: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
  });

/** A face fontkit has opened: pdfkit takes it instead of a file (anything with layout()). */
interface OpenedFont {
  layout: unknown;
}
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- pdfkit's typings are a global namespace
  namespace PDFKit.Mixins {
    interface PDFFont {
      registerFont(name: string, src: OpenedFont): this;
    }
  }
}

// pdfkit opens (parses) a font file again for every document, some 40 % of
// this document's time; each face is opened once per process instead, by the
// first document, and handed to the next ones (which make their own subsets;
// a document is written synchronously, so no two use a face at once).
const opened = new Map<string, OpenedFont>();
function openedFontOf(doc: object): OpenedFont | undefined {
  const embedded = "_font" in doc ? doc._font : undefined;
  const font = typeof embedded === "object" && embedded !== null && "font" in embedded ? embedded.font : undefined;
  return typeof font === "object" && font !== null && "layout" in font && typeof font.layout === "function" ? font : undefined;
}

const MARGIN = { top: 78, bottom: 64, left: 60, right: 60 };
const SIZE = 10;
const HEADINGS = { 1: 17, 2: 13.5, 3: 11.5 } as const;
const INK = "#1a1a1a";
const MUTED = "#555555";
const DRAFT_INK = "#b3261e";

export interface DocumentMeta {
  /** The document's title (its window title and catalog entry). */
  title: string;
  author: string;
  subject: string;
  /** BCP 47: "en" or "fr". */
  lang: string;
  /** The running header's text, on every page. */
  header: string;
  /** When set, printed on every page (a draft's "Draft"). */
  mark?: string;
  /** "Page {{n}} of {{count}}" made for each page. */
  pageLabel: (n: number, count: number) => string;
  /** The portal's logo (PNG or JPEG bytes), at the top of the first page. */
  logo?: Buffer | null;
  /** What stands between a label and its value in the document's language (": ", French "\u00a0: "). */
  labelSeparator: string;
}

/**
 * Characters the faces cannot draw (an emoji, a Chinese name) would print as
 * empty boxes: they become "?" instead, as fontkit's cmap of the regular face
 * (opened once) says, each code point asked once per process.
 */
const drawable = new Map<number, boolean>();
function clean(text: string): string {
  const face = opened.get("body");
  const has = face && "hasGlyphForCodePoint" in face && typeof face.hasGlyphForCodePoint === "function" ? face.hasGlyphForCodePoint.bind(face) : undefined;
  const lines = text.replace(/\r\n?/g, "\n");
  if (!has) return lines;
  let out = "";
  for (const ch of lines) {
    const cp = ch.codePointAt(0) ?? 0;
    let ok = drawable.get(cp);
    if (ok === undefined) drawable.set(cp, (ok = cp === 10 || has(cp) === true));
    out += ok ? ch : "?";
  }
  return out;
}

export type Writer = ReturnType<typeof taggedPdf>;

/** A document to write into, top to bottom; `finish` numbers the pages and ends it (its bytes then flow from `doc`). */
export function taggedPdf(meta: DocumentMeta) {
  const { regular, bold } = fonts();
  const doc = new PDFDocument({
    size: "A4",
    margins: MARGIN,
    bufferPages: true,
    tagged: true,
    lang: meta.lang,
    displayTitle: true,
    pdfVersion: "1.7",
    info: { Title: meta.title, Author: meta.author, Subject: meta.subject, Creator: meta.author, Producer: meta.author },
    autoFirstPage: false,
  });
  for (const [name, bytes] of [["body", regular], ["bold", bold]] as const) {
    const face = opened.get(name);
    if (face) doc.registerFont(name, face);
    else {
      doc.registerFont(name, bytes).font(name);
      const font = openedFontOf(doc);
      if (font) opened.set(name, font);
    }
  }
  const width = () => doc.page.width - MARGIN.left - MARGIN.right;

  doc.addPage();

  const root = doc.struct("Document");
  doc.addStructure(root);

  if (meta.logo) {
    try {
      doc.markContent("Artifact", { type: "Layout" });
      doc.image(meta.logo, MARGIN.left, MARGIN.top, { fit: [180, 56] });
      doc.endMarkedContent();
      doc.y = MARGIN.top + 64;
    } catch (err) {
      // A logo pdfkit cannot read leaves the document without it, said in the log.
      doc.endMarkedContent();
      console.warn(JSON.stringify({ level: "warn", msg: "application pdf logo unreadable", err: String(err) }));
    }
  }

  const block = (tag: string, draw: () => void) => root.add(doc.struct(tag, {}, draw));

  return {
    doc,
    heading(level: 1 | 2 | 3, text: string) {
      const size = HEADINGS[level];
      // A heading keeps its first lines with it: a new page rather than a heading at the foot of one.
      if (doc.y + size * 4 > doc.page.height - MARGIN.bottom) doc.addPage();
      doc.moveDown(level === 3 ? 0.4 : 0.8);
      block(`H${level}`, () => {
        doc.font("bold").fontSize(size).fillColor(INK).text(clean(text), MARGIN.left, doc.y, { width: width() });
      });
      doc.moveDown(0.25);
    },
    /**
     * "Label: value", the label in bold; an empty value says `empty`. A value
     * in another language than the document's (`valueLang`) is a Span carrying
     * its /Lang, as an element's lang attribute on a screen (ADR 052).
     */
    fact(label: string, value: string | null | undefined, empty: string, valueLang?: string) {
      const given = value !== null && value !== undefined && value.trim() !== "";
      const drawLabel = () => doc.font("bold").fontSize(SIZE).fillColor(INK).text(`${clean(label)}${meta.labelSeparator}`, MARGIN.left, doc.y, { width: width(), continued: true });
      const drawValue = () => doc.font("body").fillColor(given ? INK : MUTED).text(given ? clean(value) : empty);
      if (given && valueLang) root.add(doc.struct("P", {}, [drawLabel, doc.struct("Span", { lang: valueLang }, drawValue)]));
      else
        block("P", () => {
          drawLabel();
          drawValue();
        });
      doc.fillColor(INK).moveDown(0.2);
    },
    /**
     * "ORCID iD: (icon) https://orcid.org/…", the address a link (docs/ui.md#orcid-ids). The
     * icon is drawn as an artifact: the label already names what the link is.
     */
    orcidFact(label: string, href: string) {
      const lead = `${clean(label)}${meta.labelSeparator}`;
      doc.font("bold").fontSize(SIZE);
      const x = MARGIN.left + doc.widthOfString(lead);
      const r = SIZE * 0.45;
      const cy = doc.y + SIZE * 0.55;
      doc.markContent("Artifact", { type: "Layout" });
      doc.save().circle(x + r + 1, cy, r).fill("#A6CE39");
      doc.font("bold").fontSize(SIZE * 0.5).fillColor("#FFFFFF").text("iD", x + 1, cy - SIZE * 0.28, { width: 2 * r, align: "center", lineBreak: false });
      doc.restore();
      doc.endMarkedContent();
      doc.y = cy - SIZE * 0.55;
      block("P", () => {
        doc.font("bold").fontSize(SIZE).fillColor(INK).text(lead, MARGIN.left, doc.y, { width: width(), continued: true });
        doc.font("body").fillColor(INK).text(`    ${href}`, { link: href });
      });
      doc.fillColor(INK).moveDown(0.2);
    },
    paragraph(text: string, options: { muted?: boolean; bold?: boolean } = {}) {
      block("P", () => {
        doc.font(options.bold ? "bold" : "body").fontSize(SIZE).fillColor(options.muted ? MUTED : INK).text(clean(text), MARGIN.left, doc.y, { width: width() });
      });
      doc.fillColor(INK).moveDown(0.2);
    },
    /** A list, each item its own LI > LBody. */
    list(items: string[]) {
      if (!items.length) return;
      const list = doc.struct("L");
      root.add(list);
      for (const item of items) {
        list.add(
          doc.struct("LI", {}, [
            doc.struct("LBody", {}, () => {
              doc.font("body").fontSize(SIZE).fillColor(INK).text(`•  ${clean(item)}`, MARGIN.left + 10, doc.y, { width: width() - 10, indent: -10 });
            }),
          ]),
        );
      }
      list.end();
      doc.moveDown(0.2);
    },
    finish() {
      root.end();
      const { start, count } = doc.bufferedPageRange();
      for (let i = start; i < start + count; i++) {
        doc.switchToPage(i);
        // The header, the draft's mark and "Page n of N" once N is known, as artifacts
        // (outside the structure tree), drawn last so that no page break of the
        // content meets them; the page number sits below the bottom margin, where
        // pdfkit would otherwise start a new page for it.
        const bottom = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc.markContent("Artifact", { type: "Pagination" });
        doc.font("body").fontSize(8).fillColor(MUTED);
        doc.text(clean(meta.header), MARGIN.left, 36, { width: width() - (meta.mark ? 90 : 0), lineBreak: false, ellipsis: true });
        if (meta.mark) doc.font("bold").fontSize(9).fillColor(DRAFT_INK).text(meta.mark, doc.page.width - MARGIN.right - 90, 35, { width: 90, align: "right", lineBreak: false });
        doc.moveTo(MARGIN.left, 50).lineTo(doc.page.width - MARGIN.right, 50).lineWidth(0.5).strokeColor("#999999").stroke();
        doc.font("body").fontSize(8).fillColor(MUTED);
        doc.text(meta.pageLabel(i - start + 1, count), MARGIN.left, doc.page.height - 40, { width: width(), align: "right", lineBreak: false });
        if (meta.mark) {
          // A faint diagonal word across the page, so a printed draft cannot pass for a submitted application.
          doc.save();
          doc.rotate(-40, { origin: [doc.page.width / 2, doc.page.height / 2] });
          doc.font("bold").fontSize(96).fillColor(DRAFT_INK).fillOpacity(0.08);
          doc.text(meta.mark, 0, doc.page.height / 2 - 48, { width: doc.page.width, align: "center", lineBreak: false });
          doc.restore();
        }
        doc.endMarkedContent();
        doc.page.margins.bottom = bottom;
      }
      doc.end();
      return doc;
    },
  };
}
