// A person's private calendar feed (docs/decisions/050-calendar-feed.md): its
// address carries a secret token, the only credential a calendar application
// sends. The token is 256 random bits, shown once; the database keeps its
// SHA-256 only, so a copy of the database opens no feed. Renewing replaces the
// row: the old token names nothing and its address answers 404.
import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { Language } from "~/i18n/config";

/** Random bytes in a token: 256 bits, base64url (43 characters). */
const TOKEN_BYTES = 32;

/** The last segment of a feed's address: the token, then ".ics". */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** The API path of the feed a token opens (the portal's URL goes before it). */
export const feedPath = (token: string) => `/api/calendar/feeds/${token}.ics`;

/** The feed's state for its owner: when it was made and its language, or null when there is none. */
export async function feedOf(db: Db, userId: number) {
  const row = await db.selectFrom("calendar_feeds").select(["created_at", "language"]).where("user_id", "=", userId).executeTakeFirst();
  return row ? { created_at: row.created_at.toISOString(), language: row.language === "fr" ? ("fr" as const) : ("en" as const) } : null;
}

/** Makes the person's feed, or renews it: a new token replaces the old one in one statement. Answers the token, once. */
export async function renewFeed(db: Db, userId: number, language: Language) {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const token_hash = hashToken(token);
  const row = await db
    .insertInto("calendar_feeds")
    .values({ user_id: userId, token_hash, language })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ token_hash, language, created_at: sql`now()` }))
    .returning("created_at")
    .executeTakeFirstOrThrow();
  return { token, created_at: row.created_at.toISOString() };
}

/** Stops the person's feed; answers whether there was one. */
export async function stopFeed(db: Db, userId: number): Promise<boolean> {
  const res = await db.deleteFrom("calendar_feeds").where("user_id", "=", userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Whose feed the last segment of an address opens, and its language; null for a malformed or unknown token (never a query for a malformed one). */
export async function feedOwner(db: Db, file: string) {
  const token = FEED_FILE.exec(file)?.[1];
  if (!token) return null;
  const row = await db.selectFrom("calendar_feeds").select(["user_id", "language"]).where("token_hash", "=", hashToken(token)).executeTakeFirst();
  return row ? { userId: row.user_id, language: row.language === "fr" ? ("fr" as const) : ("en" as const) } : null;
}
