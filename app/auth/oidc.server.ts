import { OAuth2Strategy } from "remix-auth-oauth2";
import { Authenticator } from "remix-auth";
import { getConfig } from "~/config.server";
import type { SessionTokens } from "./session.server";

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint?: string;
  revocation_endpoint?: string;
}

let discovery: Promise<Discovery> | undefined;

export function getDiscovery(): Promise<Discovery> {
  discovery ??= fetch(`${getConfig().OIDC_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`)
    .then((r) => {
      if (!r.ok) throw new Error(`OIDC discovery failed with ${r.status}`);
      return r.json() as Promise<Discovery>;
    })
    .catch((e) => {
      discovery = undefined; // try again on the next request
      throw e;
    });
  return discovery;
}

/** Adds the resource indicator that makes oidc-provider issue JWT access tokens. */
class OidcStrategy extends OAuth2Strategy<SessionTokens> {
  protected authorizationParams(params: URLSearchParams): URLSearchParams {
    const out = new URLSearchParams(params);
    const resource = getConfig().OIDC_RESOURCE;
    if (resource) out.set("resource", resource);
    return out;
  }
}

let strategy: Promise<OidcStrategy> | undefined;

export function getStrategy(): Promise<OidcStrategy> {
  strategy ??= getDiscovery().then((d) => {
    const config = getConfig();
    return new OidcStrategy(
      {
        clientId: config.OIDC_CLIENT_ID,
        clientSecret: config.OIDC_CLIENT_SECRET,
        authorizationEndpoint: d.authorization_endpoint,
        tokenEndpoint: d.token_endpoint,
        tokenRevocationEndpoint: d.revocation_endpoint,
        redirectURI: `${config.portalUrl}/auth/callback`,
        scopes: ["openid", "profile", "email"],
        cookie: { name: "oauth2", path: "/auth", httpOnly: true, sameSite: "Lax", ...(config.portalUrl.startsWith("https://") ? { secure: true as const } : {}) },
      },
      async ({ tokens }) => tokensToSession(tokens),
    );
  });
  strategy.catch(() => (strategy = undefined));
  return strategy;
}

type ArcticTokens = Parameters<ConstructorParameters<typeof OAuth2Strategy<SessionTokens>>[1]>[0]["tokens"];

export function tokensToSession(tokens: ArcticTokens): SessionTokens {
  const has = (k: string) => k in tokens.data && typeof (tokens.data as Record<string, unknown>)[k] === "string";
  return {
    access_token: tokens.accessToken(),
    refresh_token: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
    id_token: has("id_token") ? tokens.idToken() : null,
    expires_at: expiry(tokens),
  };
}

export async function getAuthenticator() {
  const authenticator = new Authenticator<SessionTokens>();
  authenticator.use(await getStrategy(), "oidc");
  return authenticator;
}

// A provider may omit expires_in; the access token is then treated as short-lived.
function expiry(tokens: ArcticTokens): number {
  try {
    return tokens.accessTokenExpiresAt().getTime();
  } catch {
    return Date.now() + 5 * 60_000;
  }
}
