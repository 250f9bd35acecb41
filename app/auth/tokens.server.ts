import { redirect } from "@remix-run/node";
import { alertCookie, sessionAlert } from "~/alerts.server";
import { getStrategy, tokensToSession } from "./oidc.server";
import { getSession, sessionStorage, type SessionTokens } from "./session.server";

/** docs/ui.md#sessions: refresh when the access token expires within 5 seconds. */
export const REFRESH_WINDOW_MS = 5_000;

// Remix runs a page's loaders in parallel; they must share one refresh, or the
// second would present an already-rotated refresh token and log the user out.
// Keyed by the refresh token presented, and kept a moment for loaders that read
// the session just before the first refresh was saved.
const inflight = new Map<string, Promise<SessionTokens>>();

async function refresh(tokens: SessionTokens): Promise<SessionTokens> {
  const key = tokens.refresh_token ?? "";
  let pending = inflight.get(key);
  if (!pending) {
    pending = (async () => {
      if (!tokens.refresh_token) throw new Error("no refresh token");
      const fresh = tokensToSession(await (await getStrategy()).refreshToken(tokens.refresh_token));
      return { ...fresh, refresh_token: fresh.refresh_token ?? tokens.refresh_token, id_token: fresh.id_token ?? tokens.id_token };
    })().finally(() => setTimeout(() => inflight.delete(key), 2_000));
    inflight.set(key, pending);
  }
  return pending;
}

/**
 * The signed-in user's access token, refreshed when about to expire; null when
 * signed out. A failed refresh clears the session, queues the session alert
 * and sends the user to the home page signed out (docs/ui.md#sessions).
 */
export async function getAccessToken(request: Request): Promise<string | null> {
  const session = await getSession(request).catch((err) => {
    console.error(JSON.stringify({ level: "error", msg: "session store unavailable", err: String(err) }));
    throw new Response("Service unavailable", { status: 503 });
  });
  const tokens = session.data as Partial<SessionTokens>;
  if (!tokens.access_token || !tokens.expires_at) return null;
  if (tokens.expires_at - Date.now() > REFRESH_WINDOW_MS) return tokens.access_token;
  try {
    const fresh = await refresh(tokens as SessionTokens);
    for (const [k, v] of Object.entries(fresh)) session.set(k as keyof SessionTokens, v as never);
    await sessionStorage().commitSession(session);
    return fresh.access_token;
  } catch {
    throw await endSession(request, "/");
  }
}

/** Deletes the session and redirects with the 'user-session-not' alert. */
export async function endSession(request: Request, to: string): Promise<Response> {
  const session = await getSession(request);
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionStorage().destroySession(session));
  headers.append("Set-Cookie", await alertCookie(request, sessionAlert()));
  return redirect(to, { headers });
}
