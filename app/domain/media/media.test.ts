import { describe, expect, it } from "vitest";
import { contentMatches, DEFAULT_ALLOWED_TYPES, essence, extensionOf, isAcceptedType, sanitizeFileName } from "./media";
import { mediaLimitsFromEnv } from "~/media/config.server";

const bytes = (...b: number[]) => Uint8Array.from(b);
const ascii = (s: string) => new TextEncoder().encode(s);

describe("isAcceptedType", () => {
  it("accepts an allowed type with one of its extensions, in any case", () => {
    expect(isAcceptedType("application/pdf", "a.pdf", DEFAULT_ALLOWED_TYPES)).toBe(true);
    expect(isAcceptedType("Image/JPEG", "A.JPG", DEFAULT_ALLOWED_TYPES)).toBe(true);
    expect(isAcceptedType("text/csv; charset=utf-8", "t.csv", DEFAULT_ALLOWED_TYPES)).toBe(true);
  });

  it("refuses a type outside the list, a mismatched or missing extension", () => {
    expect(isAcceptedType("application/x-msdownload", "a.exe", DEFAULT_ALLOWED_TYPES)).toBe(false);
    expect(isAcceptedType("application/pdf", "a.png", DEFAULT_ALLOWED_TYPES)).toBe(false);
    expect(isAcceptedType("application/pdf", "pdf", DEFAULT_ALLOWED_TYPES)).toBe(false);
    expect(isAcceptedType("image/png", "a.png", ["application/pdf"])).toBe(false);
  });

  it("never accepts scriptable types or extensions, even when configured", () => {
    expect(isAcceptedType("image/svg+xml", "a.svg", ["image/svg+xml"])).toBe(false);
    expect(isAcceptedType("text/html", "a.html", ["text/html"])).toBe(false);
    // A configured type beyond the known table still cannot carry an HTML name.
    expect(isAcceptedType("application/x-custom", "a.html", ["application/x-custom"])).toBe(false);
    expect(isAcceptedType("application/x-custom", "a.dat", ["application/x-custom"])).toBe(true);
  });
});

describe("contentMatches", () => {
  it("checks the signatures of binary formats", () => {
    expect(contentMatches("application/pdf", ascii("%PDF-1.7 rest"))).toBe(true);
    expect(contentMatches("application/pdf", ascii("<html>"))).toBe(false);
    expect(contentMatches("image/png", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe(true);
    expect(contentMatches("image/png", bytes(0x89, 0x50))).toBe(false);
    expect(contentMatches("image/jpeg", bytes(0xff, 0xd8, 0xff, 0xdb))).toBe(true);
    expect(contentMatches("image/gif", ascii("GIF89a..."))).toBe(true);
    expect(contentMatches("image/webp", ascii("RIFF\0\0\0\0WEBPVP8 "))).toBe(true);
    expect(contentMatches("application/vnd.openxmlformats-officedocument.wordprocessingml.document", bytes(0x50, 0x4b, 3, 4))).toBe(true);
    expect(contentMatches("application/msword", ascii("PK\x03\x04"))).toBe(false);
  });

  it("wants text without NUL bytes, and leaves unknown types alone", () => {
    expect(contentMatches("text/plain", ascii("hello"))).toBe(true);
    expect(contentMatches("text/plain", new Uint8Array())).toBe(true);
    expect(contentMatches("text/csv", bytes(0x61, 0, 0x62))).toBe(false);
    expect(contentMatches("application/x-custom", bytes(0, 1, 2))).toBe(true);
  });
});

describe("sanitizeFileName", () => {
  it("keeps only the last path segment, without control or direction characters", () => {
    expect(sanitizeFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFileName("C:\\a\\b.docx")).toBe("b.docx");
    expect(sanitizeFileName("evil\u202Efdp.exe")).toBe("evilfdp.exe");
    expect(sanitizeFileName("a\u0000b\nc.pdf")).toBe("abc.pdf");
    expect(sanitizeFileName('say "hi" <now>.txt')).toBe("say hi now.txt");
  });

  it("never returns an empty or hidden name, and keeps the extension when shortening", () => {
    expect(sanitizeFileName("")).toBe("file");
    expect(sanitizeFileName("../")).toBe("file");
    expect(sanitizeFileName("...pdf")).toBe("pdf");
    const long = sanitizeFileName(`${"x".repeat(400)}.pdf`);
    expect(long).toHaveLength(255);
    expect(extensionOf(long)).toBe("pdf");
  });

  it("reads types and extensions case-insensitively", () => {
    expect(essence(" Text/Plain ; charset=UTF-8")).toBe("text/plain");
    expect(extensionOf("A.Tar.GZ")).toBe("gz");
    expect(extensionOf(".bashrc")).toBe("");
  });
});

describe("mediaLimitsFromEnv", () => {
  it("defaults to 20 MB and the safe type list", () => {
    expect(mediaLimitsFromEnv({})).toEqual({ maxBytes: 20 * 1024 * 1024, allowedTypes: DEFAULT_ALLOWED_TYPES });
  });

  it("reads MEDIA_MAX_SIZE_MB and MEDIA_ALLOWED_TYPES, dropping scriptable types", () => {
    expect(mediaLimitsFromEnv({ MEDIA_MAX_SIZE_MB: "0.5", MEDIA_ALLOWED_TYPES: "application/pdf, Image/PNG,image/svg+xml,text/html," })).toEqual({
      maxBytes: 524288,
      allowedTypes: ["application/pdf", "image/png"],
    });
  });

  it("refuses a size that is not a positive number", () => {
    expect(() => mediaLimitsFromEnv({ MEDIA_MAX_SIZE_MB: "lots" })).toThrow(/MEDIA_MAX_SIZE_MB/);
    expect(() => mediaLimitsFromEnv({ MEDIA_MAX_SIZE_MB: "0" })).toThrow(/MEDIA_MAX_SIZE_MB/);
  });
});
