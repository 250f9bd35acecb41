// Signing in as a browser would, through the portal's real route modules and
// the real development identity provider (code flow with PKCE): the login
// route's redirect, the provider's login form, and the callback.
import { expect } from "vitest";
import { CookieJar } from "./cookie-jar";
import { thrown } from "./portal";

export const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

/**
 * The callback's response (a redirect setting the session cookie) after signing in as `username`. Needs usePortalEnv first.
 * `jar` keeps the provider's cookies (its session) for the caller, e.g. to sign out there.
 */
export async function signIn(username: string, returnTo: string, jar = new CookieJar()): Promise<Response> {
  const login = await import("../../app/routes/auth.login");
  const callback = await import("../../app/routes/auth.callback");
  const toIdp = await thrown(() => login.loader({ request: new Request(`http://portal.test/auth/login?returnTo=${encodeURIComponent(returnTo)}`), params: {}, context: {} }));
  expect(toIdp.status).toBe(302);
  const authUrl = new URL(toIdp.headers.get("location")!);
  expect(authUrl.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authUrl.searchParams.get("scope")).toBe("openid profile email");
  const portalCookies = cookiesOf(toIdp);

  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, headers: { ...(init.headers ?? {}), cookie: jar.header() }, redirect: "manual" });
    jar.store(res);
    return res;
  };
  let res = await go(authUrl.href);
  let url = authUrl.href;
  while (res.status >= 300 && res.status < 400) {
    url = new URL(res.headers.get("location")!, url).href;
    res = await go(url);
  }
  expect(await res.text()).toContain("Username");
  res = await go(`${url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password: "demo" }),
  });
  while (res.status >= 300 && res.status < 400) {
    url = new URL(res.headers.get("location")!, url).href;
    if (url.startsWith("http://portal.test/")) break;
    res = await go(url);
  }
  expect(url).toContain("http://portal.test/auth/callback?code=");
  const done = await callback.loader({ request: new Request(url, { headers: { cookie: portalCookies } }), params: {}, context: {} });
  return done;
}
