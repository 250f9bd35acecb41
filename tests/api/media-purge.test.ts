// docs/validation.md#media: uploads linked to nothing (a refused and abandoned form) go after a day;
// stored files no row names go too (docs/operations.md#media-storage).
import crypto from "node:crypto";
import { Readable } from "node:stream";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeStrayFiles, purgeUnlinkedMedia } from "../../app/domain/media/media-purge.server";
import { createTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

async function storedFile() {
  const uuid = crypto.randomUUID();
  await api.storage.put(uuid, Readable.from([Buffer.from("%PDF-1.4\n")]), 1000);
  return uuid;
}

async function stored(hoursAgo: number, linked: boolean) {
  const uuid = await storedFile();
  const row = await api.db
    .insertInto("media")
    .values({ uuid, name: `${uuid}.pdf`, mime_type: "application/pdf", size: 9, updated_at: sql`now() - make_interval(hours => ${hoursAgo})` })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (linked) await api.db.insertInto("media_links").values({ media_id: row.id, attached_to_type: "page", attached_to_id: "1", collection: "attachments" }).execute();
  return { id: row.id, uuid };
}

describe("purgeUnlinkedMedia", () => {
  it("removes the rows and files of uploads linked to nothing for over a day, and nothing else", async () => {
    const old = await stored(25, false);
    const recent = await stored(2, false);
    const linked = await stored(48, true);
    expect(await api.hasStored(old.uuid)).toBe(true);

    expect(await purgeUnlinkedMedia(api.db, api.storage)).toBeGreaterThanOrEqual(1);
    const left = (await api.db.selectFrom("media").select("id").where("id", "in", [old.id, recent.id, linked.id]).execute()).map((r) => r.id);
    expect(left.sort()).toEqual([recent.id, linked.id].sort());
    expect(await api.hasStored(old.uuid)).toBe(false);
    expect(await api.hasStored(recent.uuid)).toBe(true);
    expect(await api.hasStored(linked.uuid)).toBe(true);
  });
});

describe("purgeStrayFiles", () => {
  it("removes stored files no row names once they are old enough, and keeps every file with a row", async () => {
    const withRow = await stored(48, true);
    const stray = await storedFile();
    // A stored file younger than the limit may be an upload whose row is being written.
    expect(await purgeStrayFiles(api.db, api.storage)).toBe(0);
    expect(await api.hasStored(stray)).toBe(true);

    await new Promise((r) => setTimeout(r, 20));
    expect(await purgeStrayFiles(api.db, api.storage, 0)).toBe(1);
    expect(await api.hasStored(stray)).toBe(false);
    expect(await api.hasStored(withRow.uuid)).toBe(true);
    expect(await purgeStrayFiles(api.db, api.storage, 0)).toBe(0);
  });
});
