// End-to-end check of the development IdP over real HTTP, as the portal and the
// API will use it: discovery, code flow with PKCE, JWT access tokens, refresh,
// our own token signer and RP-initiated logout.
import { createHash, randomBytes } from "node:crypto";
import { createRemoteJWKSet, decodeJwt, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevIdp, type DevIdp } from "./provider.js";
import { CookieJar } from "../tests/support/cookie-jar";

const CLIENT = {
  client_id: "ta-portal-test",
  client_secret: "ta-portal-test-secret",
  redirect_uris: ["http://localhost:3999/auth/callback"],
  post_logout_redirect_uris: ["http://localhost:3999/"],
};
const AUDIENCE = "urn:ta-portal:api";
const REDIRECT_URI = CLIENT.redirect_uris[0];

let idp: DevIdp;
let discovery: Record<string, string>;
let jar = new CookieJar();

async function request(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie) headers.set("cookie", cookie);
  const res = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.store(res);
  return res;
}

/** Follows redirects inside the IdP until one leaves it (for the client) or a page renders. */
async function follow(res: Response, base: string): Promise<{ res: Response; url: string }> {
  let url = base;
  while (res.status >= 300 && res.status < 400) {
    url = new URL(res.headers.get("location")!, url).href;
    if (!url.startsWith(idp.issuer)) return { res, url };
    await res.arrayBuffer();
    res = await request(url);
  }
  return { res, url };
}

function basicAuth(): string {
  const enc = (s: string) => encodeURIComponent(s);
  return `Basic ${Buffer.from(`${enc(CLIENT.client_id)}:${enc(CLIENT.client_secret)}`).toString("base64")}`;
}

async function tokenRequest(params: Record<string, string>): Promise<Response> {
  return fetch(discovery.token_endpoint, {
    method: "POST",
    headers: { authorization: basicAuth(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(params),
  });
}

async function verifyAccessToken(token: string) {
  const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
  return jwtVerify(token, jwks, { issuer: idp.issuer, audience: AUDIENCE, typ: "at+jwt" });
}

beforeAll(async () => {
  idp = await startDevIdp({ port: 0, clients: [CLIENT], audience: AUDIENCE });
});

afterAll(async () => {
  await idp?.close();
});

describe("development identity provider", () => {
  let tokens: { access_token: string; refresh_token: string; id_token: string };

  it("publishes discovery for the issuer", async () => {
    const res = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    discovery = (await res.json()) as Record<string, string>;
    expect(discovery.issuer).toBe(idp.issuer);
    expect(discovery.jwks_uri).toBe(`${idp.issuer}/jwks`);
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"]);
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(["client_secret_basic", "client_secret_post"]),
    );
  });

  it("runs the authorization code flow with PKCE and a demo account", async () => {
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const state = randomBytes(8).toString("hex");
    const auth = new URL(discovery.authorization_endpoint);
    auth.search = new URLSearchParams({
      client_id: CLIENT.client_id,
      response_type: "code",
      redirect_uri: REDIRECT_URI,
      scope: "openid profile email",
      code_challenge: challenge,
      code_challenge_method: "S256",
      resource: AUDIENCE,
      state,
      nonce: randomBytes(8).toString("hex"),
    }).toString();

    const { res: page, url: interactionUrl } = await follow(await request(auth.href), auth.href);
    expect(page.status).toBe(200);
    expect(new URL(interactionUrl).pathname).toMatch(/^\/interaction\/[^/]+$/);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<label for="username">Username</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(html).toContain("Every demo account's password is demo");
    const action = new URL(/<form method="post" action="([^"]+)"/.exec(html)![1], interactionUrl).href;
    expect(action).toBe(`${interactionUrl}/login`);

    const form = { "content-type": "application/x-www-form-urlencoded" };
    const wrong = await request(action, { method: "POST", headers: form, body: "username=applicant&password=nope" });
    expect(wrong.status).toBe(401);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain('role="alert"');
    expect(wrongHtml).toContain("Invalid username or password");
    expect(wrongHtml).toContain('value="applicant"');

    const signIn = await request(action, { method: "POST", headers: form, body: "username=applicant&password=demo" });
    expect(signIn.status).toBe(303);
    const { url: callback } = await follow(signIn, action);
    expect(callback.startsWith(`${REDIRECT_URI}?`)).toBe(true);
    const params = new URL(callback).searchParams;
    expect(params.get("state")).toBe(state);
    const code = params.get("code");
    expect(code).toBeTruthy();

    const res = await tokenRequest({
      grant_type: "authorization_code",
      code: code!,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
      resource: AUDIENCE,
    });
    expect(res.status).toBe(200);
    tokens = (await res.json()) as typeof tokens;
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.id_token).toBeTruthy();
  });

  it("issues JWT access tokens the API can verify, with the profile claims", async () => {
    const { payload, protectedHeader } = await verifyAccessToken(tokens.access_token);
    expect(protectedHeader).toMatchObject({ alg: "RS256", typ: "at+jwt" });
    expect(payload).toMatchObject({
      sub: "demo-applicant",
      email: "applicant@demo.ta-portal.test",
      given_name: "Alice",
      family_name: "Applicant",
      name: "Alice Applicant",
      groups: ["demo"],
      client_id: CLIENT.client_id,
    });
    const idToken = decodeJwt(tokens.id_token);
    expect(idToken).toMatchObject({
      sub: "demo-applicant",
      aud: CLIENT.client_id,
      name: "Alice Applicant",
      email: "applicant@demo.ta-portal.test",
      groups: ["demo"],
    });
  });

  it("refreshes the access token and rotates the refresh token", async () => {
    const res = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, resource: AUDIENCE });
    expect(res.status).toBe(200);
    const refreshed = (await res.json()) as typeof tokens;
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const { payload } = await verifyAccessToken(refreshed.access_token);
    expect(payload.sub).toBe("demo-applicant");
    expect(payload.email).toBe("applicant@demo.ta-portal.test");
    tokens = { ...tokens, ...refreshed };
  });

  it("signs test access tokens that verify exactly like issued ones", async () => {
    const { payload, protectedHeader } = await verifyAccessToken(await idp.signAccessToken("editor"));
    expect(protectedHeader.typ).toBe("at+jwt");
    expect(payload).toMatchObject({ sub: "demo-editor", email: "editor@demo.ta-portal.test", groups: ["demo"] });
    await expect(verifyAccessToken(await idp.signAccessToken("editor", { expiresIn: -60 }))).rejects.toThrow(/exp/);
  });

  it("renders a no-JavaScript sign-out page and ends the session", async () => {
    const end = new URL(discovery.end_session_endpoint);
    end.search = new URLSearchParams({
      client_id: CLIENT.client_id,
      post_logout_redirect_uri: CLIENT.post_logout_redirect_uris[0],
      state: "bye",
    }).toString();
    const page = await request(end.href);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<button type="submit">Sign out</button>');
    expect(html).not.toContain("<script");
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)![1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1];

    const confirm = await request(action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ xsrf, logout: "yes" }),
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get("location")).toBe(`${CLIENT.post_logout_redirect_uris[0]}?state=bye`);

    // Signing out revokes the grant, so the portal's refresh token stops working.
    const res = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, resource: AUDIENCE });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe("invalid_grant");
  });

  it("signs out at once, straight back to the client, given its id_token_hint and registered post-logout URI", async () => {
    const evaluator = await signInTokens("evaluator");
    const end = new URL(discovery.end_session_endpoint);
    const ask = (idTokenHint: string) => {
      end.search = new URLSearchParams({ id_token_hint: idTokenHint, post_logout_redirect_uri: CLIENT.post_logout_redirect_uris[0], state: "bye" }).toString();
      return request(end.href);
    };
    // Another account's hint (the applicant's, signed in above) proves nothing about this session: the provider asks.
    const other = await ask(tokens.id_token);
    expect(other.status).toBe(200);
    expect(await other.text()).toContain("Do you want to sign out");

    const out = await ask(evaluator.id_token);
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe(`${CLIENT.post_logout_redirect_uris[0]}?state=bye`);
    // The session and its grant are gone: its refresh token fails, and signing in asks for the password again.
    const res = await tokenRequest({ grant_type: "refresh_token", refresh_token: evaluator.refresh_token, resource: AUDIENCE });
    expect(((await res.json()) as { error: string }).error).toBe("invalid_grant");
    const again = authorizationUrl().href;
    const { res: page } = await follow(await request(again), again);
    expect(await page.text()).toContain('<label for="password">Password</label>');
  });
});

function authorizationUrl(challenge = "x".repeat(43)): URL {
  const auth = new URL(discovery.authorization_endpoint);
  auth.search = new URLSearchParams({
    client_id: CLIENT.client_id,
    response_type: "code",
    redirect_uri: REDIRECT_URI,
    scope: "openid profile email",
    code_challenge: challenge,
    code_challenge_method: "S256",
    resource: AUDIENCE,
  }).toString();
  return auth;
}

/** Signs `username` in through the provider's pages, in a browser of its own (a new cookie jar), and returns the tokens. */
async function signInTokens(username: string): Promise<{ id_token: string; refresh_token: string }> {
  jar = new CookieJar();
  const verifier = randomBytes(32).toString("base64url");
  const auth = authorizationUrl(createHash("sha256").update(verifier).digest("base64url"));
  const { url } = await follow(await request(auth.href), auth.href);
  const form = { "content-type": "application/x-www-form-urlencoded" };
  const signedIn = await request(`${url}/login`, { method: "POST", headers: form, body: `username=${username}&password=demo` });
  const { url: callback } = await follow(signedIn, url);
  const code = new URL(callback).searchParams.get("code")!;
  const res = await tokenRequest({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT_URI, resource: AUDIENCE });
  return (await res.json()) as { id_token: string; refresh_token: string };
}
