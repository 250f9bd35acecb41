// What a wizard step's post held when it arrived after the session had ended
// (docs/ui.md#wizard: a session that expired during a long step keeps the typed values
// through sign-in). The text fields wait in the database for one hour under a
// random id that only this browser's cookie knows; signing in brings the
// applicant back to the step, which shows them again for a save. Like the
// session rows, this is the sign-in machinery's storage, not the API's.
import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { sql } from "kysely";
import { getDb } from "~/db/database.server";

const KEEP_SECONDS = 3600;
/** At most this much JSON per kept form: a step's text, never its files. */
const MAX_BYTES = 512 * 1024;
/** At most this many waiting forms in all: anyone signed out can post, so storage is bounded. */
const MAX_ROWS = 2000;

const cookie = createCookie("kept_form", { path: "/application", httpOnly: true, sameSite: "lax", maxAge: KEEP_SECONDS });

/**
 * Keeps the text fields of `form` for `path` and answers the Set-Cookie
 * header naming them, or null when they cannot be kept (too big, too many
 * waiting): the sign-in then goes ahead without them.
 */
export async function keepForm(form: FormData, path: string): Promise<string | null> {
  const entries = [...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string" && e[0] !== "move");
  const json = JSON.stringify(entries);
  if (!entries.length || Buffer.byteLength(json) > MAX_BYTES) return null;
  const db = getDb();
  await db.deleteFrom("kept_forms").where("expires_at", "<", new Date()).execute();
  const { count } = await db.selectFrom("kept_forms").select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow();
  if (count >= MAX_ROWS) return null;
  const id = crypto.randomBytes(24).toString("base64url");
  await db.insertInto("kept_forms").values({ id, path, entries: json, expires_at: new Date(Date.now() + KEEP_SECONDS * 1000) }).execute();
  return cookie.serialize(id);
}

/**
 * The form kept for `path` by this browser, taken once (the row is deleted),
 * with the Set-Cookie header that forgets it; null when there is none.
 */
export async function takeKeptForm(request: Request, path: string): Promise<{ form: FormData; setCookie: string } | null> {
  const id = (await cookie.parse(request.headers.get("Cookie"))) as unknown;
  if (typeof id !== "string" || !/^[A-Za-z0-9_-]{32}$/.test(id)) return null;
  const row = await getDb()
    .deleteFrom("kept_forms")
    .where("id", "=", id)
    .where("path", "=", path)
    .where("expires_at", ">", new Date())
    .returning("entries")
    .executeTakeFirst();
  if (!row) return null;
  const form = new FormData();
  for (const [name, value] of row.entries) form.append(name, value);
  return { form, setCookie: await cookie.serialize("", { maxAge: 0 }) };
}
