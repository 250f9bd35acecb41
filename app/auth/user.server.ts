import { redirect } from "@remix-run/node";
import { api } from "~/api/client.server";
import * as users from "~/api/users/contract";
import { noAccessAlert, redirectWithAlert, userNotFoundAlert } from "~/alerts.server";
import { canAccess, type Role } from "~/domain/users/roles";
import { scoped } from "~/http/request-scope.server";
import { endSession, getAccessToken } from "./tokens.server";

export interface CurrentUser {
  id: number;
  email: string;
  display_name: string | null;
  name: string | null;
  surname: string | null;
  roles: string[];
  permissions: string[];
  /** Unread notifications, for the header's link. */
  unread_notifications?: number;
  /** The organization's country (the call's Apply page says whether the call takes it). */
  organization_country?: string | null;
  /** May read /panel (a panel member, or an editor while there is a panel). */
  panel_reader?: boolean;
}

// A page's loaders run in parallel on the same request: fetch the user once
// per incoming request (its scope: each loader gets its own copy of the Request),
// and again after a write (the action that ran before them may have changed it).
const CURRENT_USER = Symbol("current user");

export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  return scoped(
    request,
    CURRENT_USER,
    async (): Promise<CurrentUser | null> => {
      if (!(await getAccessToken(request))) return null;
      try {
        return await api(request).read(users.me);
      } catch (err) {
        // Signed in, but the API has no such user (the account was removed): signed out, home, with the 'User not found' alert (docs/ui.md#alerts).
        if (err instanceof Response && err.status === 404) throw await endSession(request, "/", userNotFoundAlert());
        throw err;
      }
    },
    { aboutCaller: true },
  );
}

/** Same-origin path to come back to after signing in. */
export function loginUrl(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  return `/auth/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/** Signed-out visitors go to sign-in and come back (docs/roles.md#sign-in-redirects). */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw redirect(loginUrl(request));
  return user;
}

/**
 * A read the API alone may refuse (a right that is not a role, e.g. the panel named in a setting):
 * its 403 sends the user to / with the same alert as requireAccess (docs/roles.md#sign-in-redirects).
 */
export async function readOrHome<T>(request: Request, read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof Response && err.status === 403) throw await redirectWithAlert(request, "/", noAccessAlert());
    throw err;
  }
}

/** Signed-in users without the role or permission go to /, with an alert saying why (docs/roles.md#sign-in-redirects). */
export async function requireAccess(request: Request, rule: { roles?: Role[]; permissions?: string[] }): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!canAccess(user, rule)) throw await redirectWithAlert(request, "/", noAccessAlert());
  return user;
}
