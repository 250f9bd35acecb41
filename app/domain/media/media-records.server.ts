import type { Db } from "~/db/database.server";
import type { MediaStorage } from "~/media/storage.server";
import { AppError, forbidden, notFound } from "../errors";
import { countTotal, likePattern, offsetOf, pageMeta } from "../list-query.server";
import { canReadMedium, type LinkReadable, type MediaActor } from "./media.server";
import { ADMIN_ROLES, hasRole } from "../users/roles";

export interface MediaListQuery {
  q?: string;
  sort_by: "id" | "name" | "size" | "created_at";
  order: "asc" | "desc";
  page: number;
  per_page: number;
}

const COLUMNS = ["media.id", "media.uuid", "media.name", "media.mime_type", "media.size", "media.user_id", "media.created_at"] as const;

function selectMedia(db: Db) {
  return db
    .selectFrom("media")
    .select(COLUMNS)
    .select((eb) => eb.exists(eb.selectFrom("media_links").select("media_links.id").whereRef("media_links.media_id", "=", "media.id")).as("in_use"));
}
type MediumRow = Awaited<ReturnType<ReturnType<typeof selectMedia>["execute"]>>[number];

// bigint arrives as a string from pg; sizes of uploads fit a JS number.
const present = (row: MediumRow) => ({
  ...row,
  size: Number(row.size),
  // The schema's Generated<Timestamp> hides that pg returns a Date here.
  created_at: new Date(row.created_at as unknown as Date).toISOString(),
  in_use: Boolean(row.in_use),
});
export type MediumView = ReturnType<typeof present>;

const isStaff = (user: MediaActor) => user !== null && hasRole(user, ...ADMIN_ROLES);

/** Records a stored upload; the caller deletes the file if this fails. */
export async function insertMedium(db: Db, upload: { uuid: string; name: string; mime_type: string; size: number }, userId: number) {
  const row = await db.insertInto("media").values({ ...upload, user_id: userId }).returning(COLUMNS).executeTakeFirstOrThrow();
  return { ...row, size: Number(row.size) };
}

/** Editors and admins see every medium; anyone else their own uploads. */
export async function listMedia(db: Db, user: NonNullable<MediaActor>, q: MediaListQuery) {
  let query = db.selectFrom("media");
  if (!isStaff(user)) query = query.where("media.user_id", "=", user.id);
  if (q.q) query = query.where("media.name", "ilike", likePattern(q.q));
  const [{ total }] = await query.select(countTotal()).execute();
  const ids = await query
    .select("media.id")
    .orderBy(`media.${q.sort_by}`, q.order)
    .orderBy("media.id", q.order)
    .limit(q.per_page)
    .offset(offsetOf(q))
    .execute();
  const rows = ids.length ? await selectMedia(db).where("media.id", "in", ids.map((r) => r.id)).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, present(r)]));
  return { data: ids.map((r) => byId.get(r.id)!), meta: pageMeta(q, total) };
}

/** One medium the user may read (see canReadMedium; `readers`, the features' own files), else 404. */
export async function getMedium(db: Db, user: MediaActor, id: number, readers: readonly LinkReadable[]): Promise<MediumView> {
  if (!(await canReadMedium(db, user, id, readers))) throw notFound();
  const row = await selectMedia(db).where("media.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return present(row);
}

/**
 * Deletes a medium: its uploader or an editor/admin may, unless it is linked
 * somewhere (docs/validation.md#media: media in use cannot be deleted → 409 media.in-use).
 * The row goes first, in a transaction; the file only once that committed, so
 * a failure never leaves a row without its file.
 */
export async function deleteMedium(db: Db, storage: MediaStorage, user: NonNullable<MediaActor>, id: number, readers: readonly LinkReadable[]): Promise<void> {
  const medium = await getMedium(db, user, id, readers);
  if (!isStaff(user) && medium.user_id !== user.id) throw forbidden();
  const uuid = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("media").select(["id", "uuid"]).where("id", "=", id).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    const link = await trx.selectFrom("media_links").select("id").where("media_id", "=", id).executeTakeFirst();
    if (link) throw new AppError(409, "media.in-use");
    try {
      await trx.deleteFrom("media").where("id", "=", id).execute();
    } catch (err) {
      // A link committed between the check and the delete: still in use.
      if ((err as { code?: string }).code === "23503") throw new AppError(409, "media.in-use");
      throw err;
    }
    return row.uuid;
  });
  try {
    await storage.delete(uuid);
  } catch (err) {
    // The row is gone, so nobody can reach the file any more; log the orphan.
    console.warn(JSON.stringify({ level: "warn", msg: "media file not deleted", uuid, err: String(err) }));
  }
}
