import { accessToken, demo } from "./tokens";

/**
 * A session cookie (`name=value`) for a demo user, as the sign-in callback
 * would leave it. Needs usePortalEnv (tests/support/portal.ts) first.
 */
export async function sessionCookie(username: string): Promise<string> {
  const { sessionStorage } = await import("../../app/auth/session.server");
  const session = await sessionStorage().getSession();
  session.set("access_token", await accessToken(demo(username), { expiresIn: 3600 }));
  session.set("refresh_token", null);
  session.set("id_token", null);
  session.set("expires_at", Date.now() + 3_600_000);
  return (await sessionStorage().commitSession(session)).split(";")[0];
}
