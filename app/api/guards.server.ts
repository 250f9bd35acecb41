import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "~/domain/errors";
import { canAccess, hasRole, type Role } from "~/domain/users/roles";
import type { ApiEnv, ApiUser } from "./context";

/** Throws 401 when the request carries no valid token. */
export function requireUser(c: Context<ApiEnv>): ApiUser {
  const user = c.get("user");
  if (!user) throw new AppError(401, "errors.not-authenticated");
  return user;
}

/** Throws 401 without a token, 403 without one of the roles. */
export function requireRole(c: Context<ApiEnv>, ...roles: Role[]): ApiUser {
  const user = requireUser(c);
  if (!hasRole(user, ...roles)) throw new AppError(403, "errors.forbidden");
  return user;
}

/** docs/roles.md#access-rule: one of the roles and one of the permissions. */
export function requireAccess(c: Context<ApiEnv>, rule: { roles?: Role[]; permissions?: string[] }): ApiUser {
  const user = requireUser(c);
  if (!canAccess(user, rule)) throw new AppError(403, "errors.forbidden");
  return user;
}

/**
 * The role check as route middleware (createRoute's `middleware`): it runs
 * before the request is validated, so a caller without the role gets 403,
 * never a 422 that lists the fields it may not send.
 */
export const allow =
  (...roles: Role[]): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    requireRole(c, ...roles);
    await next();
  };
