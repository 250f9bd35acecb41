// The project logo in a letter. Decoding a PNG and compressing its pixels again
// cost pdf-lib some 100 ms per letter for a 600-pixel logo, every letter: the
// logo's PDF image (and its transparency mask) is made once per stored file,
// then each letter gets a copy of the compressed streams.
import { degrees, drawImage, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFPage } from "pdf-lib";

/** A stored image: `key` names its bytes for good (a medium's uuid), `bytes` reads them. */
export interface LogoSource {
  key: string;
  mimeType: string;
  bytes: () => Promise<Uint8Array>;
}

interface Prepared {
  width: number;
  height: number;
  xobject: PDFRawStream;
  smask?: PDFRawStream;
}

// One logo at a time: the portal has one.
let cached: { key: string; prepared: Promise<Prepared | null> } | undefined;

// pdf-lib writes an embedded image as compressed (raw) streams.
function rawStream(object: unknown): PDFRawStream {
  if (!(object instanceof PDFRawStream)) throw new Error("the embedded image is not a raw stream");
  return object;
}

/** PNG or JPEG as PDF streams; anything else, or a broken or missing file, is none (and said in the log). */
async function prepare(source: LogoSource): Promise<Prepared | null> {
  if (source.mimeType !== "image/png" && source.mimeType !== "image/jpeg") return null;
  try {
    const doc = await PDFDocument.create();
    const bytes = await source.bytes();
    const image = source.mimeType === "image/png" ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
    await image.embed();
    const xobject = rawStream(doc.context.lookup(image.ref));
    const smaskRef = xobject.dict.get(PDFName.of("SMask"));
    const smask = smaskRef instanceof PDFRef ? rawStream(doc.context.lookup(smaskRef)) : undefined;
    return { width: image.width, height: image.height, xobject, smask };
  } catch (err) {
    console.warn(JSON.stringify({ level: "warn", msg: "grant letter logo unreadable", key: source.key, err: String(err) }));
    return null;
  }
}

/** A logo written into one document: its size, and how to draw it on a page of that document. */
export interface PlacedLogo {
  width: number;
  height: number;
  draw: (page: PDFPage, box: { x: number; y: number; width: number; height: number }) => void;
}

/** The logo copied into `doc`'s objects, ready to draw; null when there is none to draw. */
export async function logoImage(doc: PDFDocument, source: LogoSource | null): Promise<PlacedLogo | null> {
  if (!source) return null;
  if (cached?.key !== source.key) cached = { key: source.key, prepared: prepare(source) };
  const prepared = await cached.prepared;
  if (!prepared) return null;
  const { width, height, xobject, smask } = prepared;
  const context = doc.context;
  const dict = xobject.dict.clone(context);
  if (smask) dict.set(PDFName.of("SMask"), context.register(PDFRawStream.of(smask.dict.clone(context), smask.contents)));
  const ref = context.register(PDFRawStream.of(dict, xobject.contents));
  return {
    width,
    height,
    draw(page, box) {
      const name = page.node.newXObject("Image", ref);
      page.pushOperators(...drawImage(name, { ...box, rotate: degrees(0), xSkew: degrees(0), ySkew: degrees(0) }));
    },
  };
}
