// docs/validation.md#media: uploads linked to nothing (a refused and abandoned form) go after a day.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeUnlinkedMedia } from "../../app/domain/media/media-purge.server";
import { folderStorage } from "../../app/media/storage.server";
import { createTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

async function stored(hoursAgo: number, linked: boolean) {
  const storage = folderStorage(api.mediaDir);
  const uuid = crypto.randomUUID();
  await storage.put(uuid, Readable.from([Buffer.from("%PDF-1.4\n")]), 1000);
  const row = await api.db
    .insertInto("media")
    .values({ uuid, name: `${uuid}.pdf`, mime_type: "application/pdf", size: 9, updated_at: sql`now() - make_interval(hours => ${hoursAgo})` })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (linked) await api.db.insertInto("media_links").values({ media_id: row.id, attached_to_type: "page", attached_to_id: "1", collection: "attachments" }).execute();
  return { id: row.id, file: path.join(api.mediaDir, uuid.slice(0, 2), uuid) };
}

describe("purgeUnlinkedMedia", () => {
  it("removes the rows and files of uploads linked to nothing for over a day, and nothing else", async () => {
    const old = await stored(25, false);
    const recent = await stored(2, false);
    const linked = await stored(48, true);
    expect(fs.existsSync(old.file)).toBe(true);

    expect(await purgeUnlinkedMedia(api.db, folderStorage(api.mediaDir))).toBeGreaterThanOrEqual(1);
    const left = (await api.db.selectFrom("media").select("id").where("id", "in", [old.id, recent.id, linked.id]).execute()).map((r) => r.id);
    expect(left.sort()).toEqual([recent.id, linked.id].sort());
    expect(fs.existsSync(old.file)).toBe(false);
    expect(fs.existsSync(recent.file)).toBe(true);
    expect(fs.existsSync(linked.file)).toBe(true);
  });
});
