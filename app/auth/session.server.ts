import crypto from "node:crypto";
import { createCookie, createSessionStorage } from "@remix-run/node";
import { sql } from "kysely";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/database.server";
import { keptUntilWrite } from "~/cache/kept.server";
import { requestScope } from "~/http/request-scope.server";

export interface SessionTokens {
  access_token: string;
  refresh_token: string | null;
  id_token: string | null;
  /** Access token expiry, epoch milliseconds. */
  expires_at: number;
}

const SESSION_DAYS = 7;

let storage: ReturnType<typeof build> | undefined;

function build() {
  const config = getConfig();
  const cookie = createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config.portalUrl.startsWith("https://"),
    secrets: [config.SESSION_SECRET],
    maxAge: SESSION_DAYS * 86400,
  });
  // The cookie holds only the session id; the tokens stay in the database.
  return createSessionStorage<SessionTokens>({
    cookie,
    async createData(data, expires) {
      const id = crypto.randomBytes(24).toString("base64url");
      await getDb()
        .insertInto("sessions")
        .values({ id, data: JSON.stringify(data), expires_at: expires ?? new Date(Date.now() + SESSION_DAYS * 86400_000) })
        .execute();
      return id;
    },
    async readData(id) {
      // Kept until the next write (ADR 030): a sign-out or a refresh is a write, so
      // it is seen at once here and in the sibling web processes; another instance's
      // within seconds, as the API's kept token claims already allow.
      const db = getDb();
      const row = await keptUntilWrite(db, `session\u0000${id}`, () =>
        db.selectFrom("sessions").select(["data", "expires_at"]).where("id", "=", id).where("expires_at", ">", new Date()).executeTakeFirst(),
      );
      if (!row || new Date(row.expires_at).getTime() <= Date.now()) return null;
      return (row.data as Partial<SessionTokens> | undefined) ?? null;
    },
    async updateData(id, data, expires) {
      await getDb()
        .updateTable("sessions")
        .set({ data: JSON.stringify(data), updated_at: sql`now()`, ...(expires ? { expires_at: expires } : {}) })
        .where("id", "=", id)
        .execute();
    },
    async deleteData(id) {
      await getDb().deleteFrom("sessions").where("id", "=", id).execute();
    },
  });
}

export function sessionStorage() {
  storage ??= build();
  return storage;
}

type Session = Awaited<ReturnType<ReturnType<typeof build>["getSession"]>>;

/** Every key of SessionTokens: a key added there and not here does not compile. */
const TOKEN_KEYS: { [K in keyof SessionTokens]: K } = { access_token: "access_token", refresh_token: "refresh_token", id_token: "id_token", expires_at: "expires_at" };

/** Puts the tokens (a sign-in's, a refresh's) into the session, each under its own key. */
export function setTokens(session: Session, tokens: SessionTokens): void {
  for (const key of Object.values(TOKEN_KEYS)) session.set(key, tokens[key]);
}

// A page's loaders each reach the API with the session's token, and each call
// asked the database for it again: it is read once per incoming request, and
// shared (so a refresh saved by one loader is what the others see).
const SESSION = Symbol("session");

export function getSession(request: Request): Promise<Session> {
  const scope = requestScope(request);
  let session = scope.get(SESSION) as Promise<Session> | undefined;
  if (!session) {
    session = sessionStorage().getSession(request.headers.get("Cookie"));
    scope.set(SESSION, session);
    // A failed read (database down) is not kept: a retry in the same request reads again.
    session.catch(() => scope.delete(SESSION));
  }
  return session;
}

/**
 * The tokens of session `id`, refreshed at most once whichever web process or
 * instance asks: the session's row is locked while the identity provider is
 * asked, and a request that waited for the lock finds the tokens the first one
 * saved and uses them instead of presenting the refresh token again (which a
 * provider that rotates refresh tokens refuses, ending the session). Tokens
 * still valid beyond `windowMs` are answered as stored; a session gone or
 * without a refresh token is an error.
 */
export async function refreshedTokens(id: string, windowMs: number, refresh: (stored: SessionTokens) => Promise<SessionTokens>): Promise<SessionTokens> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("sessions").select("data").where("id", "=", id).where("expires_at", ">", new Date()).forUpdate().executeTakeFirst();
      if (!row) throw new Error("session gone");
      const stored = row.data as Partial<SessionTokens>;
      if (stored.access_token && stored.expires_at && stored.expires_at - Date.now() > windowMs) return stored as SessionTokens;
      if (!stored.refresh_token) throw new Error("no refresh token");
      const fresh = await refresh(stored as SessionTokens);
      await trx
        .updateTable("sessions")
        .set({ data: JSON.stringify({ ...row.data, ...fresh }), updated_at: sql`now()` })
        .where("id", "=", id)
        .execute();
      return fresh;
    });
}
