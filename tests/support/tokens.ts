import { importJWK, SignJWT } from "jose";
import { inject } from "vitest";
import { loadOrCreateSigningKey } from "../../idp/keys";
import { demoAccounts } from "../../idp/accounts";
import { TEST_AUDIENCE, TEST_CLIENT_ID } from "./constants";

export interface Subject {
  sub: string;
  email: string;
  given_name?: string;
  family_name?: string;
  name?: string;
  groups?: string[];
}

/** The demo account of that username, as the identity provider would describe it. */
export function demo(username: string): Subject {
  const a = demoAccounts.find((x) => x.username === username);
  if (!a) throw new Error(`no demo account ${username}`);
  return { sub: a.sub, email: a.email, given_name: a.given_name, family_name: a.family_name, name: a.name, groups: [...a.groups] };
}

/**
 * An access token signed with the development identity provider's own key, so
 * the API verifies it against the provider's live JWKS as in production.
 */
export async function accessToken(subject: Subject, opts: { expiresIn?: number; audience?: string } = {}): Promise<string> {
  const jwk = await loadOrCreateSigningKey(inject("keysFile"));
  const key = await importJWK(jwk, "RS256");
  const now = Math.floor(Date.now() / 1000);
  const { sub, ...claims } = subject;
  return new SignJWT({ ...claims, client_id: TEST_CLIENT_ID, scope: "openid profile email" })
    .setProtectedHeader({ alg: "RS256", kid: jwk.kid, typ: "at+jwt" })
    .setIssuer(inject("issuer"))
    .setAudience(opts.audience ?? TEST_AUDIENCE)
    .setSubject(sub)
    .setIssuedAt(now - 10)
    .setExpirationTime(now + (opts.expiresIn ?? 300))
    .sign(key);
}
