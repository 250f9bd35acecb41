// Rules of uploaded files that need no server: which types are accepted, how a
// file's name and first bytes must agree with its declared type, and how an
// original name is made safe to show. Paths are never derived from names.

/** Extensions each accepted MIME type may carry (lower case, without the dot). */
export const MEDIA_TYPE_EXTENSIONS: Record<string, string[]> = {
  "application/pdf": ["pdf"],
  "image/png": ["png"],
  "image/jpeg": ["jpg", "jpeg"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
  "text/plain": ["txt", "text", "log", "md"],
  "text/csv": ["csv"],
  "application/msword": ["doc"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ["docx"],
  "application/vnd.ms-excel": ["xls"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ["xlsx"],
  "application/vnd.oasis.opendocument.text": ["odt"],
  "application/vnd.oasis.opendocument.spreadsheet": ["ods"],
  "application/zip": ["zip"],
};

/** The safe default when MEDIA_ALLOWED_TYPES is not set. */
export const DEFAULT_ALLOWED_TYPES = Object.keys(MEDIA_TYPE_EXTENSIONS);
/** The image types a browser shows in an <img>: what an image field accepts. */
export const IMAGE_TYPES = DEFAULT_ALLOWED_TYPES.filter((t) => t.startsWith("image/"));

/**
 * Types refused even when configured: a browser opening them from the portal's
 * origin would run their scripts (SVG, HTML, XML with XSLT, JavaScript).
 */
export const SCRIPTABLE_TYPES = [
  "image/svg+xml",
  "text/html",
  "application/xhtml+xml",
  "text/xml",
  "application/xml",
  "text/javascript",
  "application/javascript",
  "application/ecmascript",
];
const SCRIPTABLE_EXTENSIONS = ["svg", "svgz", "html", "htm", "xhtml", "xht", "shtml", "xml", "xsl", "js", "mjs"];

/** A file input named `<field>__upload` uploads into `<field>` (app/components/FileField.tsx, app/media/form.server.ts). */
export const UPLOAD_SUFFIX = "__upload";

export const MEDIA_ERRORS = {
  required: "media.required",
  typeNotAllowed: "media.type-not-allowed",
  tooLarge: "media.too-large",
} as const;

/** The MIME type without parameters, lower case ("Text/Plain; charset=x" → "text/plain"). */
export const essence = (mime: string) => mime.split(";")[0].trim().toLowerCase();

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/**
 * Whether a file declared as `mime` and named `name` may be stored: the type
 * must be allowed and not scriptable, and the extension one of the type's.
 * Types an operator adds beyond the known table need only a harmless extension.
 */
export function isAcceptedType(mime: string, name: string, allowedTypes: string[]): boolean {
  const type = essence(mime);
  const ext = extensionOf(name);
  if (!allowedTypes.map(essence).includes(type) || SCRIPTABLE_TYPES.includes(type)) return false;
  if (!ext || SCRIPTABLE_EXTENSIONS.includes(ext)) return false;
  const known = MEDIA_TYPE_EXTENSIONS[type];
  return known ? known.includes(ext) : true;
}

const bytes = (...b: number[]) => Uint8Array.from(b);
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const ZIP = [bytes(0x50, 0x4b, 0x03, 0x04), bytes(0x50, 0x4b, 0x05, 0x06)];
const OLE = [bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)];

/** Leading bytes ("magic numbers") a file of each type starts with, one of the list. */
const SIGNATURES: Record<string, { at: number; sig: Uint8Array }[]> = {
  "application/pdf": [{ at: 0, sig: ascii("%PDF-") }],
  "image/png": [{ at: 0, sig: bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) }],
  "image/jpeg": [{ at: 0, sig: bytes(0xff, 0xd8, 0xff) }],
  "image/gif": [{ at: 0, sig: ascii("GIF87a") }, { at: 0, sig: ascii("GIF89a") }],
  "image/webp": [{ at: 8, sig: ascii("WEBP") }],
  "application/zip": ZIP.map((sig) => ({ at: 0, sig })),
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ZIP.map((sig) => ({ at: 0, sig })),
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ZIP.map((sig) => ({ at: 0, sig })),
  "application/vnd.oasis.opendocument.text": ZIP.map((sig) => ({ at: 0, sig })),
  "application/vnd.oasis.opendocument.spreadsheet": ZIP.map((sig) => ({ at: 0, sig })),
  "application/msword": OLE.map((sig) => ({ at: 0, sig })),
  "application/vnd.ms-excel": OLE.map((sig) => ({ at: 0, sig })),
};

/** How many leading bytes `contentMatches` needs to decide. */
export const SNIFF_BYTES = 12;

/**
 * Whether the first bytes of a file agree with its declared type. Binary
 * formats must start with their signature (so a renamed HTML page is not a
 * "PDF"); text must not contain NUL bytes. Unknown types are not checked.
 */
export function contentMatches(mime: string, head: Uint8Array): boolean {
  const type = essence(mime);
  const signatures = SIGNATURES[type];
  if (signatures) {
    return signatures.some(({ at, sig }) => head.length >= at + sig.length && sig.every((b, i) => head[at + i] === b));
  }
  if (type.startsWith("text/")) return !head.includes(0);
  return true;
}

/**
 * The original file name made safe to show: no folders, no control or
 * direction-changing characters, at most 255 characters (keeping the
 * extension). It is only ever displayed or sent back as a download name.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? "";
  let name = base.normalize("NFC").replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069"<>:|?*]/g, "").trim();
  name = name.replace(/^\.+/, "").trim();
  if (!name) return "file";
  if (name.length > 255) {
    const ext = extensionOf(name);
    const keep = ext && ext.length < 20 ? `.${ext}` : "";
    name = name.slice(0, 255 - keep.length) + keep;
  }
  return name;
}
