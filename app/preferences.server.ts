import { createCookie } from "@remix-run/node";

export type Theme = "light" | "dark" | "system";

export const themeCookie = createCookie("theme", { path: "/", sameSite: "lax", maxAge: 31_536_000 });
/** docs/ui.md#cookie-consent: cookie_consent, one year, path /. Read by name, never signed. */
export const consentCookie = createCookie("cookie_consent", { path: "/", sameSite: "lax", maxAge: 31_536_000 });

export async function readTheme(request: Request): Promise<Theme> {
  const v = await themeCookie.parse(request.headers.get("Cookie"));
  return v === "dark" || v === "light" ? v : "system";
}

export async function hasConsent(request: Request): Promise<boolean> {
  return (await consentCookie.parse(request.headers.get("Cookie"))) != null;
}

// Any origin works as the base: only whether the path stays on it matters.
const BASE = "http://portal.invalid";
/** Control characters (tab, CR, LF…), backslashes: browsers strip or rewrite them, so `/\t/evil.example` leaves the site. */
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/**
 * Only same-origin paths are followed after a form post or a sign-in (docs/security.md#redirects): a path that parses to this origin after normalisation, reserialised
 * (so non-Latin-1 characters are percent-encoded and never break a header);
 * anything else, including scheme-relative forms, goes to `fallback`.
 */
export function safeReturnTo(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2048 || !value.startsWith("/") || value.startsWith("//") || UNSAFE.test(value)) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === BASE && !path.startsWith("//") ? path : fallback;
}
