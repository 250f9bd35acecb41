import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getAuthenticator } from "~/auth/oidc.server";
import { getSession, sessionStorage, setTokens } from "~/auth/session.server";
import { safeReturnTo } from "~/preferences.server";
import { orUnavailable } from "~/auth/availability.server";
import { returnToCookie } from "./auth.login";

/** The identity provider's redirect: the tokens go into a new database session. */
export async function loader({ request }: LoaderFunctionArgs) {
  // The sign-in set its state cookie (oauth2:<id>) before going to the provider: without it back, the browser refuses
  // this site's cookies, and sign-in cannot work until it accepts them (docs/ui.md#error-screens).
  if (!/(^|;\s*)oauth2[:=]/.test(request.headers.get("Cookie") ?? "")) throw new Response("cookies-blocked", { status: 400 });
  let tokens;
  try {
    tokens = await (await getAuthenticator()).authenticate("oidc", request);
  } catch (err) {
    if (err instanceof Response) throw err;
    console.error(JSON.stringify({ level: "warn", msg: "sign-in callback failed", err: String(err) }));
    throw new Response("user-session", { status: 401 });
  }
  const returnTo = safeReturnTo(await returnToCookie.parse(request.headers.get("Cookie")));
  // The session row is written now: with the database down, the 503 screen rather than a bare 500.
  const committed = await orUnavailable(returnTo, async () => {
    const session = await getSession(request);
    setTokens(session, tokens);
    return sessionStorage().commitSession(session);
  });
  const headers = new Headers();
  headers.append("Set-Cookie", committed);
  headers.append("Set-Cookie", await returnToCookie.serialize("", { maxAge: 0 }));
  headers.append("Set-Cookie", "oauth2=; Path=/auth; Max-Age=0; HttpOnly; SameSite=Lax");
  return redirect(returnTo, { headers });
}

/**
 * Never shown: the loader redirects or throws. Being a page rather than a
 * resource route, a refusal it throws (cookies-blocked, user-session) renders
 * the root's error screen with the portal's layout instead of a bare text.
 */
export default function SignInCallback() {
  return null;
}
