import type { Context, MiddlewareHandler } from "hono";
import type { Db } from "~/db/database.server";
import { AppError } from "~/domain/errors";
import { canAccess, hasRole, type Role } from "~/domain/users/roles";
import type { ApiEnv, ApiUser } from "./context";
import { IdParam } from "./schemas";

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

/** requireAccess as route middleware (see `allow`): 403 before any 422. */
export const allowAccess =
  (rule: { roles?: Role[]; permissions?: string[] }): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    requireAccess(c, rule);
    await next();
  };

/**
 * The caller's right to the row the path's `{id}` names (its owner, an
 * assigned reviewer, the staff of its infrastructure, and the state the write
 * needs) as route middleware: `check` is the domain's own rule, which throws
 * its 403, 404 or 409, and the domain checks it again when it writes. It runs
 * before the body is validated, so a caller without the right never gets a
 * 422 naming the fields. An id the path's validator refuses is left to it (422).
 */
export const allowRow =
  (check: (db: Db, id: number, user: ApiUser) => Promise<unknown>): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    const user = requireUser(c);
    const param = IdParam.safeParse({ id: c.req.param("id") });
    if (param.success) await check(c.get("deps").db, param.data.id, user);
    await next();
  };
