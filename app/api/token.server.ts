import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import type { TokenClaims } from "~/domain/users.server";

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
  return async (token) => {
    const { payload, protectedHeader } = await jwtVerify(token, await keys(), { issuer, audience });
    const typ = protectedHeader.typ?.toLowerCase();
    if (typ && typ !== "at+jwt" && typ !== "application/at+jwt" && typ !== "jwt") throw new Error("unexpected token type");
    if (typeof payload.sub !== "string") throw new Error("token without subject");
    return payload as TokenClaims & JWTPayload;
  };
}
