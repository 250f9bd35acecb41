import type { Db } from "~/db/database.server";
import { AppError } from "~/domain/errors";
import { syncUserFromClaims, userAndGrants, type UserRecord } from "~/domain/users/users.server";
import type { ApiDeps, ApiUser } from "./context";
import { MAX_VERIFIED, setBounded, VERIFIED_TTL_MS } from "./token.server";

// Every page view presents the same token again: its claims are synced into the
// users table the first time, and the user they name remembered while the
// verifier keeps the token's claims (token.server.ts: at most VERIFIED_TTL_MS,
// never past its expiry), per database. The grants are still read on every
// request, so a role taken away counts at once.
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

/** The API user a Bearer token names: verified, synced from its claims, with grants; 401 when invalid. */
export async function resolveUser(deps: ApiDeps, token: string): Promise<ApiUser> {
  let claims;
  try {
    claims = await deps.verifyToken(token);
  } catch {
    throw new AppError(401, "errors.not-authenticated");
  }
  const id = await userIdOf(deps, token, claims);
  const { user, grants } = await userAndGrants(deps.db, id);
  // An erased person's token, still remembered above, signs in as no one (docs/data.md#personal-data).
  if (user?.status === "erased") throw new AppError(401, "errors.not-authenticated");
  const resolved: ApiUser = { id, ...grants };
  if (user) records.set(resolved, user);
  return resolved;
}
