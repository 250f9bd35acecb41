import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { MediaStorage } from "~/media/storage.server";

/** How long an upload may stay linked to nothing: a refused form's files wait a day for the next post. */
export const UNLINKED_MEDIA_TTL_HOURS = 24;

/**
 * Deletes uploads that nothing links to (a form refused and abandoned, an
 * attachment replaced) once they are older than `olderThanHours`, rows first
 * (in one statement, so a link made meanwhile keeps its medium: the foreign key
 * refuses), then their files. Returns how many went.
 */
export async function purgeUnlinkedMedia(db: Db, storage: MediaStorage, olderThanHours = UNLINKED_MEDIA_TTL_HOURS): Promise<number> {
  const gone = await db
    .deleteFrom("media")
    .where(sql<boolean>`updated_at < now() - make_interval(hours => ${olderThanHours})`)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("media_links").select("media_links.id").whereRef("media_links.media_id", "=", "media.id"))))
    .returning("uuid")
    .execute();
  // A file that fails to go is only disk space: it is unreachable without its row.
  await Promise.all(gone.map((m) => storage.delete(m.uuid).catch(() => undefined)));
  return gone.length;
}

/**
 * Deletes stored files that no media row names (a file whose delete failed,
 * a row lost with a restored database) once they are older than
 * `olderThanHours`: a younger one may be an upload whose row is still being
 * written. It walks the storage's keys (the folder's files, the bucket's
 * objects under its prefix), so one storage must serve one database
 * (docs/operations.md#media-storage). Returns how many went.
 */
export async function purgeStrayFiles(db: Db, storage: MediaStorage, olderThanHours = UNLINKED_MEDIA_TTL_HOURS): Promise<number> {
  const before = Date.now() - olderThanHours * 3_600_000;
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const known = new Set((await db.selectFrom("media").select("uuid").where("uuid", "in", batch).execute()).map((r) => r.uuid));
    for (const key of batch.filter((k) => !known.has(k))) {
      await storage.delete(key);
      removed++;
    }
    batch = [];
  };
  for await (const file of storage.list()) {
    if (file.modified.getTime() >= before) continue;
    batch.push(file.key);
    if (batch.length >= 500) await flush();
  }
  await flush();
  return removed;
}

/**
 * Runs the purge now and every `everyMs` (one process per deployment runs it:
 * the start script). Errors are logged and the next run tries again.
 */
export function schedulePurge(db: Db, storage: MediaStorage, everyMs = 3_600_000): () => void {
  const info = (msg: string, count: number) => count && console.log(JSON.stringify({ level: "info", time: new Date().toISOString(), msg, count }));
  const run = () =>
    purgeUnlinkedMedia(db, storage)
      .then((count) => info("unlinked uploads removed", count))
      .then(() => purgeStrayFiles(db, storage))
      .then(
        (count) => info("stored files without a row removed", count),
        (err: unknown) => console.error(JSON.stringify({ level: "error", msg: "media purge failed", err: String(err) })),
      );
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
