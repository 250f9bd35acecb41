import type { Db } from "~/db/database.server";
import { AppError } from "~/domain/errors";
import { syncUserFromClaims, userAndGrants, type UserRecord } from "~/domain/users/users.server";
import type { ApiDeps, ApiUser } from "./context";
import { MAX_VERIFIED, setBounded, VERIFIED_TTL_MS } from "./token.server";
import { keptUntilWriteBy } from "~/cache/kept.server";

// Every page view presents the same token again: its claims are synced into the
// users table the first time, and the user they name remembered while the
// verifier keeps the token's claims (token.server.ts: at most VERIFIED_TTL_MS,
// never past its expiry), per database. The grants are read again after every
// write (keptUserAndGrants below), so a role taken away counts at once.
const synced = new WeakMap<Db, Map<string, { id: number; until: number }>>();

async function userIdOf(deps: ApiDeps, token: string, claims: Awaited<ReturnType<ApiDeps["verifyToken"]>>): Promise<number> {
  let byToken = synced.get(deps.db);
  if (!byToken) synced.set(deps.db, (byToken = new Map()));
  const now = Date.now();
  const hit = byToken.get(token);
  if (hit && now < hit.until) return hit.id;
  const id = await syncUserFromClaims(deps.db, claims, deps.adminEmails);
  if (typeof claims.exp === "number") setBounded(byToken, token, { id, until: Math.min(claims.exp * 1000, now + VERIFIED_TTL_MS) }, MAX_VERIFIED);
  return id;
}

// The user's own fields, read with the grants in the same query, for GET
// /users/me and /auth/current-user (the root loader asks on every signed-in page).
const records = new WeakMap<ApiUser, UserRecord>();

/** The fields of the user `resolveUser` gave, as read with their grants; undefined if there is no such user. */
export const recordOf = (user: ApiUser): UserRecord | undefined => records.get(user);

/** Up to 5 000 people's grants per database; beyond, it starts again. */
const keptGrants = keptUntilWriteBy<Awaited<ReturnType<typeof userAndGrants>>>(5_000);

/**
 * The user's fields and grants, kept until the next write (app/cache/kept.server.ts,
 * docs/decisions/057-grants-kept-until-a-write.md): every signed-in page asks for
 * them, and between two writes they cannot change. A role taken away, an erasure
 * or a new notification is a write, seen by the next request of every instance;
 * a change by hand, within CACHE_TTL_MS.
 */
const keptUserAndGrants = (db: Db, id: number) => keptGrants(db, String(id), () => userAndGrants(db, id));

/** The API user a Bearer token names: verified, synced from its claims, with grants; 401 when invalid. */
export async function resolveUser(deps: ApiDeps, token: string): Promise<ApiUser> {
  let claims;
  try {
    claims = await deps.verifyToken(token);
  } catch {
    throw new AppError(401, "errors.not-authenticated");
  }
  const id = await userIdOf(deps, token, claims);
  const { user, grants } = await keptUserAndGrants(deps.db, id);
  // An erased person's token, still remembered above, signs in as no one (docs/data.md#personal-data).
  if (user?.status === "erased") throw new AppError(401, "errors.not-authenticated");
  const resolved: ApiUser = { id, ...grants };
  if (user) records.set(resolved, user);
  return resolved;
}
