import crypto from "node:crypto";
import { Readable } from "node:stream";
import type { Db } from "../database.server";
import { mediaStorageFromEnv } from "~/media/config.server";
import type { MediaStorage } from "~/media/storage.server";

/** A one-page PDF showing `lines`, with a correct cross-reference table. */
export function pdfBytes(lines: string[]): Buffer {
  const text = lines
    .map((l, i) => `${i === 0 ? "56 780 Td" : "0 -18 Td"} (${l.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj`)
    .join(" ");
  const stream = `BT /F1 12 Tf ${text} ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/**
 * The media storage of the running portal (the bucket when S3_BUCKET is set,
 * else $DATA_DIR/media), which npm start and the browser tests set. The API
 * tests' template database has neither: its demo media rows then have no
 * bytes (their downloads answer 404).
 */
export function demoStorage(): MediaStorage | null {
  return process.env.S3_BUCKET || process.env.DATA_DIR ? mediaStorageFromEnv(process.env.DATA_DIR ?? "./data") : null;
}

/** Stores a demo file (its bytes only when there is a storage) and its media row; returns the medium id. */
export async function storeDemoFile(
  db: Db,
  storage: MediaStorage | null,
  file: { name: string; mime_type: string; bytes: Buffer },
  userId: number | null,
): Promise<number> {
  const uuid = crypto.randomUUID();
  if (storage) await storage.put(uuid, Readable.from([file.bytes]), file.bytes.length + 1);
  const row = await db
    .insertInto("media")
    .values({ uuid, name: file.name, mime_type: file.mime_type, size: file.bytes.length, user_id: userId })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
