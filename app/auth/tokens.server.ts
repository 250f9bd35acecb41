import { redirect } from "@remix-run/node";
import { alertCookie, sessionAlert, type Alert } from "~/alerts.server";
import { getStrategy, tokensToSession } from "./oidc.server";
import { getSession, refreshedTokens, sessionStorage, setTokens, type SessionTokens } from "./session.server";

/** docs/ui.md#sessions: refresh when the access token expires within 5 seconds. */
export const REFRESH_WINDOW_MS = 5_000;

// A page's loaders run in parallel, as do two tabs, and in several web
// processes and instances: they must share one refresh, or the second would
// present an already-rotated refresh token and the provider would end the
// session. Across processes the session's row is locked while one refreshes
// (refreshedTokens); within a process the requests asking at once share that one call.
const inflight = new Map<string, Promise<SessionTokens>>();

/** Asks the identity provider for new tokens; the refresh and ID tokens are kept when it sends none. */
async function askProvider(stored: SessionTokens): Promise<SessionTokens> {
  const fresh = tokensToSession(await (await getStrategy()).refreshToken(stored.refresh_token!));
  return { ...fresh, refresh_token: fresh.refresh_token ?? stored.refresh_token, id_token: fresh.id_token ?? stored.id_token };
}

function refresh(sessionId: string): Promise<SessionTokens> {
  let pending = inflight.get(sessionId);
  if (!pending) {
    pending = refreshedTokens(sessionId, REFRESH_WINDOW_MS, askProvider).finally(() => inflight.delete(sessionId));
    inflight.set(sessionId, pending);
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
    const fresh = await refresh(session.id);
    // Saved in the session's row already; the other loaders of this request share this session object.
    setTokens(session, fresh);
    return fresh.access_token;
  } catch {
    throw await endSession(request, "/");
  }
}

/** Deletes the session and redirects with the 'user-session-not' alert (or `alert`). */
export async function endSession(request: Request, to: string, alert: Alert = sessionAlert()): Promise<Response> {
  const session = await getSession(request);
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionStorage().destroySession(session));
  headers.append("Set-Cookie", await alertCookie(request, alert));
  return redirect(to, { headers });
}
