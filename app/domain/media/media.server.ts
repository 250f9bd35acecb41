import { sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
import type { Db } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { AppError } from "../errors";
import { ADMIN_ROLES, hasRole, readingRoles, type Actor } from "../users/roles";

/** Who acts on media: a signed-in Actor, or null when anonymous. */
export type MediaActor = Actor | null;

/** The kinds of entity media are linked to (media_links.attached_to_type). */
export type MediaOwnerType = "page" | "document" | "call" | "infrastructure" | "setting";

export interface MediaOwner {
  type: MediaOwnerType | (string & {});
  id: number | string;
  collection: string;
}

export interface LinkedMedium {
  id: number;
  name: string;
  mime_type: string;
  size: number;
  collection: string;
}

type Executor = Kysely<Database> | Transaction<Database>;

const isStaff = (user: MediaActor) => user !== null && hasRole(user, ...ADMIN_ROLES);

/**
 * Replaces the media of one collection of an entity with `mediaIds`, in that
 * order (position = index). Run it inside the entity's own transaction.
 *
 * `user` is required so a form cannot attach someone else's private upload by
 * guessing its id: each medium must exist, and the user must be its uploader,
 * an editor/admin, or find it already linked to this same collection (keeping
 * what is there is always allowed). Otherwise it fails with
 * 422 `{ [collection]: ["media.not-found"] }`, the same answer for "missing"
 * and "not yours" so ids reveal nothing.
 */
export async function linkMedia(trx: Executor, owner: MediaOwner, mediaIds: number[], user: MediaActor): Promise<void> {
  const ids = [...new Set(mediaIds)];
  const ownerId = String(owner.id);
  const current = await trx
    .selectFrom("media_links")
    .select("media_id")
    .where("attached_to_type", "=", owner.type)
    .where("attached_to_id", "=", ownerId)
    .where("collection", "=", owner.collection)
    .execute();
  const kept = new Set(current.map((r) => r.media_id));
  const fresh = ids.filter((id) => !kept.has(id));
  if (fresh.length) {
    const rows = await trx.selectFrom("media").select(["id", "user_id"]).where("id", "in", fresh).execute();
    const allowed = new Set(rows.filter((r) => isStaff(user) || (user !== null && r.user_id === user.id)).map((r) => r.id));
    if (fresh.some((id) => !allowed.has(id))) {
      throw new AppError(422, "validation.failed", { [owner.collection]: ["media.not-found"] });
    }
  }
  await trx
    .deleteFrom("media_links")
    .where("attached_to_type", "=", owner.type)
    .where("attached_to_id", "=", ownerId)
    .where("collection", "=", owner.collection)
    .execute();
  if (ids.length) {
    await trx
      .insertInto("media_links")
      .values(ids.map((media_id, position) => ({
        media_id,
        attached_to_type: owner.type,
        attached_to_id: ownerId,
        collection: owner.collection,
        position,
      })))
      .execute();
  }
}

/**
 * The media linked to many entities of one type, in one query: a map from
 * attached_to_id (as text) to its media in position order. Entities without
 * media are absent from the map.
 */
export async function mediaOf(
  db: Executor | Db,
  type: MediaOwnerType | (string & {}),
  ids: (number | string)[],
  collection?: string,
): Promise<Map<string, LinkedMedium[]>> {
  const map = new Map<string, LinkedMedium[]>();
  if (ids.length === 0) return map;
  let query = db
    .selectFrom("media_links")
    .innerJoin("media", "media.id", "media_links.media_id")
    .select(["media_links.attached_to_id", "media_links.collection", "media.id", "media.name", "media.mime_type", "media.size"])
    .where("media_links.attached_to_type", "=", type)
    .where("media_links.attached_to_id", "in", [...new Set(ids.map(String))]);
  if (collection !== undefined) query = query.where("media_links.collection", "=", collection);
  const rows = await query.orderBy("media_links.attached_to_id").orderBy("media_links.collection").orderBy("media_links.position").orderBy("media.id").execute();
  for (const r of rows) {
    const list = map.get(r.attached_to_id) ?? [];
    list.push({ id: r.id, name: r.name, mime_type: r.mime_type, size: Number(r.size), collection: r.collection });
    map.set(r.attached_to_id, list);
  }
  return map;
}

/** The infrastructures a user is staff of (manager or administrator): their `infrastructure-update-{id}` grants. */
function staffedInfrastructures(user: MediaActor): string[] {
  const ids = (user?.permissions ?? []).map((p) => /^infrastructure-update-(\d+)$/.exec(p)?.[1]).filter((id): id is string => id !== undefined);
  return ids.length ? ids : ["-none-"];
}

/**
 * One more clause of the read rule, for the files a feature links under its
 * own rule (the acceptance agreements, the report's files): `l` is the
 * media_links row, `staffed` the infrastructures (ids as text) the reader is
 * staff of. The features define them and the API passes them in
 * (app/api/media/routes.ts), so this module knows no feature
 * (docs/decisions/035-layers.md).
 */
export type LinkReadable = (userId: number, staffed: string[]) => RawBuilder<boolean>;

/**
 * The one rule of who may read a medium (its metadata and its file): a medium
 * attached to something is readable by exactly those who may read what it is
 * attached to; one attached to nothing only by its uploader. Editors and
 * admins read every medium (they read every record, trashed ones included).
 * Through a link, anyone else reads: a setting's media, everyone; a call's,
 * when the call is neither a draft nor trashed; a page's, when it is
 * published, live and public (or any published, live page when signed in); a
 * document's, when it is published, live and has no roles or one of the
 * reader's (readingRoles); an infrastructure's, its own staff (manager and
 * administrators) while it is live, as GET /api/infrastructures/{id}; an
 * application's, its owner while it is not in the trash; a feature's own
 * files (`readers`), as its rule says.
 */
export async function canReadMedium(db: Executor | Db, user: MediaActor, mediumId: number, readers: readonly LinkReadable[]): Promise<boolean> {
  return (await readableMedia(db, user, [mediumId], readers)).has(mediumId);
}

/** Of `mediumIds`, those `user` may read (canReadMedium's rule, for many media in one query: a dossier's files). */
export async function readableMedia(db: Executor | Db, user: MediaActor, mediumIds: readonly number[], readers: readonly LinkReadable[]): Promise<Set<number>> {
  const ids = [...new Set(mediumIds)];
  if (ids.length === 0) return new Set();
  if (isStaff(user)) {
    return new Set((await db.selectFrom("media").select("id").where("id", "in", ids).execute()).map((r) => r.id));
  }
  const signedIn = user !== null;
  const roles = user?.roles.length ? readingRoles(user.roles) : ["-none-"];
  const rows = await db
    .selectFrom("media")
    .select("media.id")
    .where("media.id", "in", ids)
    .where((eb) =>
      eb.or([
        ...(user
          ? [eb.and([eb("media.user_id", "=", user.id), eb.not(eb.exists(eb.selectFrom("media_links as any_link").select(eb.lit(1).as("one")).whereRef("any_link.media_id", "=", "media.id")))])]
          : []),
        eb.exists(
          eb
            .selectFrom("media_links as l")
            .select(eb.lit(1).as("one"))
            .whereRef("l.media_id", "=", "media.id")
            .where((lb) =>
              lb.or([
                lb("l.attached_to_type", "=", "setting"),
                ...(user ? readers.map((readable) => readable(user.id, staffedInfrastructures(user))) : []),
                ...(user
                  ? [lb.and([
                    lb("l.attached_to_type", "=", "application"),
                    lb.exists(
                      lb.selectFrom("applications as a").select(lb.lit(1).as("one"))
                        .where(sql`cast(a.id as text)`, "=", sql.ref("l.attached_to_id"))
                        .where("a.user_id", "=", user.id)
                        .where("a.deleted_at", "is", null),
                    ),
                  ])]
                  : []),
                lb.and([
                  lb("l.attached_to_type", "=", "infrastructure"),
                  lb("l.attached_to_id", "in", staffedInfrastructures(user)),
                  lb.exists(
                    lb.selectFrom("infrastructures as i").select(lb.lit(1).as("one"))
                      .where(sql`cast(i.id as text)`, "=", sql.ref("l.attached_to_id"))
                      .where("i.deleted_at", "is", null),
                  ),
                ]),
                lb.and([
                  lb("l.attached_to_type", "=", "call"),
                  lb.exists(
                    lb.selectFrom("calls as c").select(lb.lit(1).as("one"))
                      .where(sql`cast(c.id as text)`, "=", sql.ref("l.attached_to_id"))
                      .where("c.status", "<>", "draft")
                      .where("c.deleted_at", "is", null),
                  ),
                ]),
                lb.and([
                  lb("l.attached_to_type", "=", "page"),
                  lb.exists(
                    lb.selectFrom("pages as p").select(lb.lit(1).as("one"))
                      .where(sql`cast(p.id as text)`, "=", sql.ref("l.attached_to_id"))
                      .where("p.status", "=", "published")
                      .where("p.deleted_at", "is", null)
                      .where((pb) => (signedIn ? pb.lit(true) : pb("p.is_public", "=", true))),
                  ),
                ]),
                lb.and([
                  lb("l.attached_to_type", "=", "document"),
                  lb.exists(
                    lb.selectFrom("documents as d").select(lb.lit(1).as("one"))
                      .where(sql`cast(d.id as text)`, "=", sql.ref("l.attached_to_id"))
                      .where("d.status", "=", "published")
                      .where("d.deleted_at", "is", null)
                      .where((db2) =>
                        db2.or([
                          db2.not(db2.exists(db2.selectFrom("document_roles as dr").select(db2.lit(1).as("one")).whereRef("dr.document_id", "=", "d.id"))),
                          db2.exists(
                            db2.selectFrom("document_roles as dr")
                              .innerJoin("roles as r", "r.id", "dr.role_id")
                              .select(db2.lit(1).as("one"))
                              .whereRef("dr.document_id", "=", "d.id")
                              .where("r.name", "in", roles),
                          ),
                        ]),
                      ),
                  ),
                ]),
              ]),
            ),
        ),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => r.id));
}
