// Development OpenID Connect provider (oidc-provider) for the TA portal: code
// flow with PKCE, JWT access tokens for the API audience, demo accounts and a
// plain-HTML sign-in page. Never expose it beyond loopback: passwords are "demo".
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { importJWK, SignJWT } from "jose";
import Provider, { errors, type Account, type KoaContextWithOIDC, type Token } from "oidc-provider";
import { demoAccounts, findAccount, findAccountBySub, findAccountByUsername, type DemoAccount } from "./accounts.js";
import { loadOrCreateSigningKey } from "./keys.js";
import { errorPage, INVALID_CREDENTIALS, loginPage, logoutPage, postLogoutPage } from "./pages.js";

export interface DevIdpClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
}

export interface DevIdpOptions {
  port: number; // listen port (0 = random)
  host?: string; // bind address, default '127.0.0.1' (loopback only)
  issuer?: string; // default `http://localhost:${actualPort}`
  clients: DevIdpClient[];
  audience: string; // API resource indicator, e.g. 'urn:ta-portal:api'
  keysFile?: string; // signing JWKS (private) loaded from / saved here so tokens survive restarts
  accessTokenTtl?: number; // seconds, default 600
  showDemoAccounts?: boolean; // list demo accounts on the sign-in page, default true
}

export interface DevIdp {
  issuer: string;
  port: number;
  close(): Promise<void>;
  signAccessToken(username: string, opts?: { expiresIn?: number }): Promise<string>;
}

const API_SCOPE = "openid profile email";
const DAY = 24 * 60 * 60;
// Fixed on purpose: sessions survive restarts only together with the in-memory
// adapter, which does not survive them anyway; secrecy is irrelevant on loopback.
const COOKIE_KEYS = ["ta-portal-dev-idp-cookie-key-2024", "ta-portal-dev-idp-cookie-key-previous"];

/** The claims the portal and API read; shared by ID token, access token and our own signer. */
function profileClaims(a: DemoAccount) {
  return {
    email: a.email,
    email_verified: true,
    given_name: a.given_name,
    family_name: a.family_name,
    name: a.name,
    groups: [...a.groups],
  };
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Frame-Options", "DENY");
  // No form-action: Chromium applies it to the redirect chain back to the portal.
  res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'");
  res.end(html);
}

async function readForm(req: IncomingMessage, limit = 64 * 1024): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw Object.assign(new Error("request body too large"), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * RP-initiated logout from the portal itself: a valid id_token_hint for the
 * signed-in account and a registered post_logout_redirect_uri (oidc-provider has
 * checked both before calling logoutSource) prove the client asked, so the
 * session ends here and the browser goes straight back, without the "Do you want
 * to sign out?" page and without the hint left in the address bar. Anything
 * else (no hint, another account's) still asks. Ends the session as the
 * provider's own confirmation does: the grants and their tokens revoked, the
 * session destroyed and its cookie cleared.
 */
async function signOutAtOnce(ctx: KoaContextWithOIDC): Promise<boolean> {
  const { oidc } = ctx;
  const session = oidc.session;
  const sub = oidc.entities.IdTokenHint?.payload.sub;
  const state = session?.state;
  if (!session || !sub || sub !== session.accountId || !state?.postLogoutRedirectUri) return false;
  const { provider } = oidc;
  const grantIds = Object.values(session.authorizations ?? {}).flatMap((a) => (a.grantId ? [a.grantId] : []));
  for (const grantId of grantIds) {
    await Promise.all([provider.AccessToken, provider.RefreshToken, provider.AuthorizationCode].map((model) => model.revokeByGrantId(grantId)));
    await (await provider.Grant.find(grantId))?.destroy();
  }
  await session.destroy();
  ctx.cookies.set(provider.cookieName("session"), null, { httpOnly: true, sameSite: "lax" });
  const back = new URL(state.postLogoutRedirectUri);
  if (state.state != null) back.searchParams.set("state", state.state);
  provider.emit("end_session.success", ctx);
  ctx.status = 303;
  ctx.redirect(back.href);
  return true;
}

export async function startDevIdp(opts: DevIdpOptions): Promise<DevIdp> {
  if (opts.clients.length === 0) throw new Error("startDevIdp needs at least one client");
  const host = opts.host ?? "127.0.0.1";
  const accessTokenTtl = opts.accessTokenTtl ?? 600;
  const showDemoAccounts = opts.showDemoAccounts ?? true;
  const { audience } = opts;
  const signingKey = await loadOrCreateSigningKey(opts.keysFile);

  // The issuer contains the port, which is only known once listening (port 0),
  // so the server starts with a placeholder handler and gets the provider after.
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = opts.issuer ?? `http://localhost:${port}`;

  const provider = new Provider(issuer, {
    clients: opts.clients.map((c) => ({
      ...c,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    })),
    clientAuthMethods: ["client_secret_basic", "client_secret_post"],
    responseTypes: ["code"],
    // offline_access stays accepted so clients that always ask for it still work.
    scopes: ["openid", "offline_access", "profile", "email"],
    claims: {
      openid: ["sub"],
      // groups also rides on `profile` so clients asking only "openid profile email" get it.
      profile: ["name", "given_name", "family_name", "groups"],
      email: ["email", "email_verified"],
      groups: ["groups"],
    },
    conformIdTokenClaims: false,
    jwks: { keys: [signingKey] },
    cookies: { keys: COOKIE_KEYS },
    pkce: { required: () => true },
    ttl: {
      AccessToken: accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      RefreshToken: DAY,
      Session: DAY,
      Grant: DAY,
      Interaction: 60 * 60,
    },
    rotateRefreshToken: true,
    // Refresh tokens without offline_access: the portal keeps its own session and
    // renews API tokens with them; they still end with the IdP session.
    issueRefreshToken: async (_ctx: KoaContextWithOIDC, client: { grantTypeAllowed(t: string): boolean }) =>
      client.grantTypeAllowed("refresh_token"),
    async findAccount(_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> {
      const account = findAccountBySub(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...profileClaims(account) }) };
    },
    async extraTokenClaims(_ctx: KoaContextWithOIDC, token: Token) {
      if (token.kind !== "AccessToken" || !token.accountId) return undefined;
      const account = findAccountBySub(token.accountId);
      if (!account) return undefined;
      const { email_verified: _ignored, ...claims } = profileClaims(account);
      return claims;
    },
    // First-party clients only: grant whatever supported scope was asked for, and
    // the API, so the consent prompt never shows.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      const accountId = oidc.account?.accountId ?? oidc.session?.accountId;
      if (!oidc.client || !accountId) return undefined;
      const clientId = oidc.client.clientId;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
      let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (!grant || grant.accountId !== accountId || grant.clientId !== clientId) {
        grant = new oidc.provider.Grant({ accountId, clientId });
      }
      const supported = new Set(["openid", "offline_access", "profile", "email", "groups"]);
      grant.addOIDCScope([...oidc.requestParamScopes].filter((s) => supported.has(s)).join(" ") || "openid");
      if (oidc.requestParamClaims.size) grant.addOIDCClaims([...oidc.requestParamClaims]);
      grant.addResourceScope(audience, API_SCOPE);
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => audience,
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx: KoaContextWithOIDC, resourceIndicator: string) {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget(`unknown resource ${resourceIndicator}`);
          return { scope: API_SCOPE, audience, accessTokenFormat: "jwt", accessTokenTTL: accessTokenTtl };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          if (await signOutAtOnce(ctx)) return;
          ctx.type = "html";
          ctx.body = logoutPage(form);
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          const clientId = ctx.oidc.client?.clientId;
          const client = opts.clients.find((c) => c.client_id === clientId);
          ctx.type = "html";
          ctx.body = postLogoutPage(client?.post_logout_redirect_uris[0]);
        },
      },
    },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async renderError(ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }) {
      ctx.type = "html";
      ctx.body = errorPage("Sign-in error", "The identity provider could not complete this request.", {
        Error: out.error,
        Description: out.error_description,
      });
    },
  });
  // Loopback only; X-Forwarded-* headers are never trusted.
  provider.proxy = false;
  // Only genuine failures are worth a log line; client errors are expected in tests.
  provider.on("server_error", (_ctx: unknown, err: unknown) => console.error("[dev-idp] server_error", err));

  async function handleInteraction(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const match = /^\/interaction\/([^/]+)(\/login)?\/?$/.exec(pathname);
    if (!match) return sendHtml(res, 404, errorPage("Not found", "There is no page at this address."));
    const [, uid, login] = match;
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new errors.SessionNotFound("interaction mismatch");

    if (details.prompt.name === "consent") {
      // Not expected (loadExistingGrant pre-grants), but never show a consent screen.
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      if (!grant) throw new errors.SessionNotFound("grant not found");
      const d = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (d.missingOIDCScope) grant.addOIDCScope(d.missingOIDCScope.join(" "));
      if (d.missingOIDCClaims) grant.addOIDCClaims(d.missingOIDCClaims);
      for (const [resource, scopes] of Object.entries(d.missingResourceScopes ?? {})) {
        grant.addResourceScope(resource, scopes.join(" "));
      }
      const grantId = await grant.save();
      return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }

    if (details.prompt.name !== "login") {
      return sendHtml(res, 400, errorPage("Sign-in error", `Unsupported sign-in step: ${details.prompt.name}.`));
    }
    const accounts = showDemoAccounts ? demoAccounts : undefined;
    if (req.method === "GET" && !login) return sendHtml(res, 200, loginPage({ uid, accounts }));
    if (req.method !== "POST" || !login) {
      res.setHeader("Allow", login ? "POST" : "GET");
      return sendHtml(res, 405, errorPage("Method not allowed", "This page does not accept that request."));
    }

    const form = await readForm(req);
    const username = form.get("username") ?? "";
    const account = findAccount(username, form.get("password") ?? "");
    if (!account) {
      return sendHtml(res, 401, loginPage({ uid, username, error: INVALID_CREDENTIALS, accounts }));
    }
    await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
  }

  const callback = provider.callback();
  handle = (req, res) => {
    const pathname = new URL(req.url ?? "/", "http://idp.invalid").pathname;
    if (!pathname.startsWith("/interaction/")) return callback(req, res);
    handleInteraction(req, res, pathname).catch((err: { name?: string; status?: number }) => {
      if (res.headersSent) return void res.destroy();
      if (err.name === "SessionNotFound") {
        return sendHtml(
          res,
          400,
          errorPage("Sign-in expired", "This sign-in attempt has expired or was already used. Return to the portal and sign in again."),
        );
      }
      if (err.status === 413) return sendHtml(res, 413, errorPage("Request too large", "The form submission was too large."));
      console.error("[dev-idp] interaction error", err);
      sendHtml(res, 500, errorPage("Sign-in error", "The identity provider failed to process the sign-in."));
    });
  };

  const privateKey = await importJWK(signingKey, "RS256");
  const clientId = opts.clients[0].client_id;

  return {
    issuer,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Keep-alive sockets from fetch would otherwise hold close() open.
        server.closeAllConnections();
      }),
    async signAccessToken(username, { expiresIn = accessTokenTtl } = {}) {
      const account = findAccountByUsername(username);
      if (!account) throw new Error(`Unknown demo account ${username}`);
      const now = Math.floor(Date.now() / 1000);
      const exp = now + expiresIn;
      // An already-expired token looks like one issued a full lifetime earlier.
      const iat = expiresIn >= 0 ? now : exp - accessTokenTtl;
      const { email_verified: _ignored, ...claims } = profileClaims(account);
      return new SignJWT({ ...claims, client_id: clientId, scope: API_SCOPE })
        .setProtectedHeader({ alg: "RS256", kid: signingKey.kid, typ: "at+jwt" })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(account.sub)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .setJti(randomUUID())
        .sign(privateKey);
    },
  };
}
