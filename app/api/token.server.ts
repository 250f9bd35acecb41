import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import type { TokenClaims } from "~/domain/users/users.server";

export type TokenVerifier = (token: string) => Promise<TokenClaims & JWTPayload>;

/**
 * Verifies Bearer access tokens against the issuer's JWKS (found through its
 * discovery document). Keycloak's access tokens carry `typ: JWT`, oidc-provider's
 * `at+jwt`: both are accepted, nothing else.
 */
export function createTokenVerifier(issuer: string, audience: string): TokenVerifier {
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  const keys = async () => {
    if (jwks) return jwks;
    const res = await fetch(`${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`);
    if (!res.ok) throw new Error(`OIDC discovery failed: ${res.status}`);
    const doc = (await res.json()) as { jwks_uri: string };
    jwks = createRemoteJWKSet(new URL(doc.jwks_uri));
    return jwks;
  };
  // Every page view presents the same token again: its signature is checked
  // once, and its claims kept until it expires, for at most VERIFIED_TTL_MS (a
  // bound on how long a token signed by a key the issuer has since withdrawn
  // stays accepted). Only tokens that passed every check are kept.
  const verified = new Map<string, { claims: TokenClaims & JWTPayload; until: number }>();
  return async (token) => {
    const hit = verified.get(token);
    if (hit && Date.now() < hit.until) return hit.claims;
    const { payload, protectedHeader } = await jwtVerify(token, await keys(), { issuer, audience });
    const typ = protectedHeader.typ?.toLowerCase();
    if (typ && typ !== "at+jwt" && typ !== "application/at+jwt" && typ !== "jwt") throw new Error("unexpected token type");
    if (typeof payload.sub !== "string") throw new Error("token without subject");
    const claims = payload as TokenClaims & JWTPayload;
    if (typeof claims.exp === "number") setBounded(verified, token, { claims, until: Math.min(claims.exp * 1000, Date.now() + VERIFIED_TTL_MS) }, MAX_VERIFIED);
    return claims;
  };
}

/** How long a verified token's claims are kept (and the user it names, resolve-user.server.ts). */
export const VERIFIED_TTL_MS = 60_000;
export const MAX_VERIFIED = 10_000;

/** Keeps `value` under `key`; when the map holds `max`, expired entries go first, then the oldest. */
export function setBounded<V extends { until: number }>(map: Map<string, V>, key: string, value: V, max: number): void {
  if (map.size >= max) {
    const now = Date.now();
    for (const [k, v] of map) if (v.until <= now) map.delete(k);
    if (map.size >= max) map.delete(map.keys().next().value!);
  }
  map.set(key, value);
}
