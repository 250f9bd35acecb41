// The grant letter as a PDF (pdf-lib): A4, DejaVu Sans embedded (subset) so
// every accented Latin letter prints, lines wrapped to the margins, pages
// added as the text needs, the project logo where {{logo}} stands.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { logoImage, type LogoSource } from "./logo-image.server";
import { type Block, wrapText } from "./template";

const require = createRequire(import.meta.url);
// Read once per process: some 700 KB each, shipped by the dejavu-fonts-ttf package
// (no system font is assumed: the container image has none).
let fonts: Promise<[Uint8Array, Uint8Array]> | undefined;
const fontBytes = () =>
  (fonts ??= Promise.all([
    readFile(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    readFile(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
  ]));

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 64;
const SIZE = 11;
const HEADING_SIZE = 14;
const LEADING = 1.45;
const LOGO_MAX = { width: 180, height: 64 };
const FOOTER_SIZE = 8;

export interface PdfMeta {
  title: string;
  author: string;
  /** A line printed above the letter (a preview's warning); none when absent. */
  banner?: string;
}

/** Characters the font cannot draw become "?" rather than failing the whole letter. */
const characterSets = new Map<string, Set<number>>();
function drawable(font: PDFFont, text: string): string {
  let supported = characterSets.get(font.name);
  if (!supported) characterSets.set(font.name, (supported = new Set(font.getCharacterSet())));
  let out = "";
  for (const ch of text) out += supported.has(ch.codePointAt(0) ?? 0) ? ch : "?";
  return out;
}

// Parsing a 700 KB TrueType file costs far more than drawing a letter: pdf-lib
// asks fontkit to parse the bytes for every document, so each font is parsed
// once per process and the parsed font handed out again (subsets are made per
// document; the parsed font keeps only caches of its glyphs).
const parsed = new Map<Uint8Array, ReturnType<typeof fontkit.create>>();
const cachingFontkit: typeof fontkit = {
  create(bytes, postscriptName) {
    if (postscriptName !== undefined) return fontkit.create(bytes, postscriptName);
    let font = parsed.get(bytes);
    if (!font) parsed.set(bytes, (font = fontkit.create(bytes)));
    return font;
  },
};

/**
 * A line's width as the sum of its words' and spaces' widths, each word laid
 * out once: wrapping measures every longer candidate of a line, and fontkit's
 * layout of a whole line each time made the letter several times slower
 * (kerning across a space is ignored, a fraction of a point).
 */
function measurer(font: PDFFont, size: number): (s: string) => number {
  const widths = new Map<string, number>();
  const word = (w: string) => {
    let width = widths.get(w);
    if (width === undefined) widths.set(w, (width = font.widthOfTextAtSize(w, size)));
    return width;
  };
  const space = word(" ");
  return (s) => {
    const words = s.split(" ");
    return words.reduce((sum, w) => sum + (w ? word(w) : 0), 0) + (words.length - 1) * space;
  };
}

export async function renderLetterPdf(blocks: Block[], logo: LogoSource | null, meta: PdfMeta): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(cachingFontkit);
  const [regularBytes, boldBytes] = await fontBytes();
  const [regular, bold] = await Promise.all([doc.embedFont(regularBytes, { subset: true }), doc.embedFont(boldBytes, { subset: true })]);
  const image = await logoImage(doc, logo);
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setCreator(meta.author);
  doc.setProducer(meta.author);

  const maxWidth = PAGE.width - 2 * MARGIN;
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    pages.push(page);
    y = PAGE.height - MARGIN;
  };
  const room = (height: number) => {
    if (y - height < MARGIN) newPage();
  };
  const measures = new Map<string, (s: string) => number>();
  const write = (text: string, font: PDFFont, size: number, color = rgb(0.1, 0.1, 0.1)) => {
    const key = `${font.name} ${size}`;
    let measure = measures.get(key);
    if (!measure) measures.set(key, (measure = measurer(font, size)));
    // A list item ("- ", "* ", "• ") wraps under its text, not under its mark.
    const hang = measure(/^ *[-*•] /.exec(text)?.[0] ?? "");
    for (const [i, line] of wrapText(drawable(font, text), maxWidth - hang, measure).entries()) {
      room(size * LEADING);
      y -= size * LEADING;
      page.drawText(line, { x: MARGIN + (i > 0 ? hang : 0), y: y + size * (LEADING - 1), size, font, color });
    }
  };

  newPage();
  if (meta.banner) {
    write(meta.banner, bold, SIZE, rgb(0.7, 0.1, 0.1));
    y -= SIZE;
  }
  for (const block of blocks) {
    if (block.kind === "space") y -= SIZE * 0.8;
    else if (block.kind === "heading") {
      y -= SIZE * 0.4;
      write(block.text, bold, HEADING_SIZE);
      y -= SIZE * 0.3;
    } else if (block.kind === "line") write(block.text, regular, SIZE);
    else if (image) {
      const scale = Math.min(LOGO_MAX.width / image.width, LOGO_MAX.height / image.height, 1);
      const [width, height] = [image.width * scale, image.height * scale];
      room(height);
      y -= height;
      image.draw(page, { x: MARGIN, y, width, height });
    }
  }

  // "1 / 2" at the foot of each page, once the count is known.
  for (const [i, p] of pages.entries()) {
    const label = `${i + 1} / ${pages.length}`;
    p.drawText(label, { x: PAGE.width - MARGIN - regular.widthOfTextAtSize(label, FOOTER_SIZE), y: MARGIN / 2, size: FOOTER_SIZE, font: regular, color: rgb(0.4, 0.4, 0.4) });
  }
  return doc.save();
}
