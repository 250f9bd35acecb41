// oidc-provider ships no types and @types/oidc-provider is not installed; this
// covers only the surface idp/provider.ts uses. Provider hooks receive a Koa
// context whose `oidc` member is loosely typed on purpose: the library's own
// shape changes between majors and we only read a few documented fields.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface OIDCContext {
    client?: { clientId: string; clientName?: string };
    session?: {
      accountId?: string;
      grantIdFor(clientId: string): string | undefined;
      /** The end-session request's details, kept by oidc-provider until the logout is confirmed. */
      state?: { postLogoutRedirectUri?: string; state?: string };
      authorizations?: Record<string, { grantId?: string }>;
      destroy(): Promise<void>;
    };
    /** Entities the request carries, e.g. IdTokenHint (a decoded, validated id_token_hint) on end_session. */
    entities: { IdTokenHint?: { payload: { sub?: string } } };
    account?: { accountId: string };
    result?: { consent?: { grantId?: string } };
    params: Record<string, unknown>;
    requestParamScopes: Set<string>;
    requestParamClaims: Set<string>;
    provider: Provider;
  }

  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    host: string;
    type: string;
    status: number;
    body: unknown;
    cookies: { set(name: string, value: string | null, options?: Record<string, unknown>): void };
    redirect(url: string): void;
  }

  export interface Token {
    kind: string;
    accountId?: string;
    clientId?: string;
  }

  export interface ClaimsResult {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims: unknown, rejected: string[]): Promise<ClaimsResult> | ClaimsResult;
  }

  export interface ErrorOut {
    error: string;
    error_description?: string;
    [key: string]: unknown;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId: string; uid: string };
    grantId?: string;
    returnTo: string;
  }

  export interface TokenModel {
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export class Grant {
    constructor(init: { accountId: string; clientId: string });
    accountId: string;
    clientId: string;
    jti: string;
    static find(id: string): Promise<Grant | undefined>;
    destroy(): Promise<void>;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  // Configuration is validated by oidc-provider at runtime; a precise type
  // would duplicate hundreds of options for no benefit here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  export type Configuration = Record<string, any>;

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    readonly Grant: typeof Grant;
    readonly AccessToken: TokenModel;
    readonly RefreshToken: TokenModel;
    readonly AuthorizationCode: TokenModel;
    cookieName(type: string): string;
    emit(event: string, ...args: unknown[]): boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    on(event: string, listener: (...args: any[]) => void): this;
  }

  export const errors: {
    InvalidTarget: new (detail?: string) => Error;
    SessionNotFound: new (detail?: string) => Error;
  };

  export default Provider;
}
