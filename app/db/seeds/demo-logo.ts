import zlib from "node:zlib";
import type { Db } from "../database.server";
import { demoStorage, storeDemoFile } from "./demo-media";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/**
 * The demo logo, drawn here rather than shipped as a binary: a blue disc with
 * two white waves, as an RGBA PNG of `size` pixels. (SVG is not an allowed
 * upload type, so the logo must be a raster image.)
 */
export function demoLogoPng(size = 64): Buffer {
  const rows: Buffer[] = [];
  const r = size / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA pixels
    for (let x = 0; x < size; x++) {
      const inside = (x + 0.5 - r) ** 2 + (y + 0.5 - r) ** 2 <= (r - 1) ** 2;
      const wave = (base: number) => Math.abs(y - (base + (size / 16) * Math.sin((x / size) * 2 * Math.PI * 1.5))) < size / 24;
      const white = wave(size * 0.45) || wave(size * 0.65);
      const rgba = !inside ? [0, 0, 0, 0] : white ? [255, 255, 255, 255] : [29, 78, 137, 255];
      row.set(rgba, 1 + x * 4);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * Gives the demo portal its logo once: when project-logo names no medium yet,
 * stores the drawn logo, links it to the setting and saves its id. A logo an
 * admin uploaded is never replaced.
 */
export async function seedDemoLogo(db: Db, adminId: number | null): Promise<void> {
  const current = await db.selectFrom("settings").select("value").where("key", "=", "project-logo").executeTakeFirst();
  if (current?.value && /^\d+$/.test(current.value)) return;
  const id = await storeDemoFile(db, demoStorage(), { name: "portal-logo.png", mime_type: "image/png", bytes: demoLogoPng() }, adminId);
  await db.insertInto("media_links").values({ media_id: id, attached_to_type: "setting", attached_to_id: "project-logo", collection: "project-logo", position: 0 }).execute();
  await db
    .insertInto("settings")
    .values({ key: "project-logo", value: String(id), label: "project-logo" })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: String(id) }))
    .execute();
}
