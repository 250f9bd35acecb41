import { AppError } from "~/domain/errors";
import { grantsOf, syncUserFromClaims } from "~/domain/users/users.server";
import type { ApiDeps, ApiUser } from "./context";

/** The API user a Bearer token names: verified, synced from its claims, with grants; 401 when invalid. */
export async function resolveUser(deps: ApiDeps, token: string): Promise<ApiUser> {
  let claims;
  try {
    claims = await deps.verifyToken(token);
  } catch {
    throw new AppError(401, "errors.not-authenticated");
  }
  const id = await syncUserFromClaims(deps.db, claims, deps.adminEmails);
  return { id, ...(await grantsOf(deps.db, id)) };
}
