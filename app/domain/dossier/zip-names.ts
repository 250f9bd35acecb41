// The names inside a dossier zip (docs/decisions/041-dossier-zip.md): every
// part a plain file or folder name, whatever the applicant typed or uploaded.
// A name is cleaned by the upload's own rule (sanitizeFileName: no folders, no
// control or direction-changing characters), then made safe on every
// unzipping system: no "." or ".." part, no trailing dot or space, no
// Windows device name, at most MAX_PART characters; two files never share a
// path (the second gets " (2)" before its extension).
import { extensionOf, MEDIA_TYPE_EXTENSIONS, sanitizeFileName } from "../media/media";

/** The longest part of a path (the file systems' usual 255 bytes, with room for a suffix and UTF-8). */
export const MAX_PART = 100;

const DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/**
 * One part of a path (a folder or a file name) made safe; `fallback` (already
 * safe) when nothing is left. The extension is kept when the name is cut.
 */
export function safePart(raw: string, fallback: string): string {
  // sanitizeFileName answers "file" when nothing is left: here the caller's fallback says more.
  const cleaned = sanitizeFileName(raw);
  // Windows drops trailing dots and spaces, and a lone "." or ".." is a folder step.
  let name = (cleaned === "file" && !/file/i.test(raw) ? "" : cleaned).replace(/[. ]+$/, "").replace(/\s+/g, " ");
  if (!name) return fallback;
  if (DEVICE.test(name)) name = `_${name}`;
  if (name.length > MAX_PART) {
    const ext = extensionOf(name);
    const keep = ext && ext.length <= 10 ? `.${ext}` : "";
    name = name.slice(0, MAX_PART - keep.length).replace(/[. ]+$/, "") + keep;
  }
  return name;
}

/** The extension a stored file is given in the zip: its own name's when plain, else its type's usual one. */
export function extensionFor(name: string, mimeType: string): string {
  const own = extensionOf(sanitizeFileName(name));
  if (/^[a-z0-9]{1,10}$/.test(own)) return own;
  return MEDIA_TYPE_EXTENSIONS[mimeType.split(";")[0].trim().toLowerCase()]?.[0] ?? "bin";
}

/** The paths already given in one zip: `claim` answers a free one (compared case-insensitively, as Windows and macOS do). */
export class ZipPaths {
  private readonly taken = new Set<string>();

  claim(folder: string, file: string): string {
    const dot = file.lastIndexOf(".");
    const [stem, ext] = dot > 0 ? [file.slice(0, dot), file.slice(dot)] : [file, ""];
    for (let n = 1; ; n++) {
      const path = `${folder ? `${folder}/` : ""}${n === 1 ? file : `${stem} (${n})${ext}`}`;
      if (!this.taken.has(path.toLowerCase())) {
        this.taken.add(path.toLowerCase());
        return path;
      }
    }
  }
}
