// The pure rules of the portal's HTTP front door (server/http.ts): security
// headers, which requests are refused before Remix reads them, and what a
// request log line may show. Kept free of Express so they are tested alone.
import crypto from "node:crypto";

export interface SecurityOptions {
  /** Public base URL of the portal (PORTAL_URL). */
  portalUrl: string;
  /** Issuer URL of the identity provider (OIDC_ISSUER): sign-in and sign-out go there. */
  oidcIssuer?: string;
}

/** A fresh nonce for one response's scripts. */
export const newNonce = () => crypto.randomBytes(16).toString("base64");

const originOf = (url: string | undefined): string | undefined => {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * The headers every response carries, pages and API alike. Scripts run only
 * from this origin or with this response's nonce (Remix's inline hydration
 * scripts get it through entry.server.tsx and root.tsx); style sheets come from
 * the vanilla-extract bundle only; style attributes are allowed for the one the
 * linter lets through (the cookie banner's configured place).
 * Forms may post to the portal and to the identity provider (sign-out posts
 * redirect there; Chromium applies form-action to redirects).
 */
export function securityHeaders(nonce: string, options: SecurityOptions): Record<string, string> {
  const issuer = originOf(options.oidcIssuer);
  const formAction = ["'self'", ...(issuer && issuer !== originOf(options.portalUrl) ? [issuer] : [])].join(" ");
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    // Style attributes only (no <style> elements): the cookie banner's place is a setting (CookieBanner.tsx).
    "style-src-attr 'unsafe-inline'",
    // Rich-text pages may show images from other sites (app/domain/pages/sanitize.ts: http and https).
    "img-src 'self' data: http: https:",
    "font-src 'self'",
    "connect-src 'self'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (options.portalUrl.startsWith("https://")) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A state-changing request sent by another site: its Origin is present and not
 * the portal's, or the browser says it is cross-site. Same-site requests
 * without an Origin (old browsers, curl) pass: the session cookie is SameSite=Lax.
 */
export function isCrossSiteWrite(
  method: string,
  headers: { origin?: string; "sec-fetch-site"?: string },
  portalUrl: string,
): boolean {
  if (!UNSAFE_METHODS.has(method.toUpperCase())) return false;
  if (headers["sec-fetch-site"] === "cross-site") return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  return origin !== originOf(portalUrl);
}

/** A URL the portal refuses to route: a NUL character or a malformed percent-encoding. */
export function isMalformedUrl(url: string): boolean {
  const path = url.split("?")[0];
  const query = url.slice(path.length + 1);
  try {
    // Query values are decoded as form data ("+" is a space), paths as URI components.
    const decoded = [decodeURIComponent(path), ...query.split(/[&=]/).map((p) => decodeURIComponent(p.replace(/\+/g, " ")))];
    return decoded.some((part) => part.includes("\0"));
  } catch {
    return true;
  }
}

/** Largest non-multipart form body (Content-Length) accepted outside /api. */
export const FORM_BODY_LIMIT = 4 * 1024 * 1024;

/** A non-API form body announced larger than the limit (multipart uploads keep their own limits). */
export function isOversizedForm(method: string, headers: { "content-length"?: string; "content-type"?: string }): boolean {
  if (!UNSAFE_METHODS.has(method.toUpperCase())) return false;
  if (/^multipart\/form-data/i.test(headers["content-type"] ?? "")) return false;
  const length = Number(headers["content-length"] ?? 0);
  return Number.isFinite(length) && length > FORM_BODY_LIMIT;
}

const SECRET_PARAMS = new Set(["token", "access_token", "id_token", "refresh_token", "code", "state", "session_state"]);

/** The path and query for a log line, with tokens, codes and states replaced by "REDACTED". */
export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const params = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " "));
      } catch {
        /* logged as sent */
      }
      return eq >= 0 && SECRET_PARAMS.has(name.toLowerCase()) ? `${rawName}=REDACTED` : pair;
    });
  return `${url.slice(0, at)}?${params.join("&")}`;
}

export interface RequestLogLine {
  level: "info" | "warn" | "error";
  time: string;
  msg: "request";
  id: string;
  method: string;
  path: string;
  /** The route pattern (an API operation's path, or the path with its ids as `:id`). */
  route?: string;
  /** The signed-in user's id, when the request had one. */
  user?: number;
  status: number;
  ms: number;
  /** Present, true, when the request took longer than SLOW_REQUEST_MS (level warn). */
  slow?: true;
}

/** One JSON log line per request: never headers (Authorization, cookies), never query secrets. */
export function requestLogLine(entry: { id: string; method: string; url: string; status: number; ms: number; at?: Date; route?: string; user?: number; slowMs?: number }): RequestLogLine {
  const slow = entry.slowMs !== undefined && entry.ms > entry.slowMs;
  return {
    level: entry.status >= 500 ? "error" : slow ? "warn" : "info",
    time: (entry.at ?? new Date()).toISOString(),
    msg: "request",
    id: entry.id,
    method: entry.method,
    path: redactUrl(entry.url),
    ...(entry.route ? { route: entry.route } : {}),
    ...(entry.user !== undefined ? { user: entry.user } : {}),
    status: entry.status,
    ms: Math.round(entry.ms * 10) / 10,
    ...(slow ? { slow: true as const } : {}),
  };
}
