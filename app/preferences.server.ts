import { createCookie } from "@remix-run/node";

export type Theme = "light" | "dark" | "system";

export const themeCookie = createCookie("theme", { path: "/", sameSite: "lax", maxAge: 31_536_000 });
/** SPEC §9: cookie_consent, one year, path /. Read by name, never signed. */
export const consentCookie = createCookie("cookie_consent", { path: "/", sameSite: "lax", maxAge: 31_536_000 });

export async function readTheme(request: Request): Promise<Theme> {
  const v = await themeCookie.parse(request.headers.get("Cookie"));
  return v === "dark" || v === "light" ? v : "system";
}

export async function hasConsent(request: Request): Promise<boolean> {
  return (await consentCookie.parse(request.headers.get("Cookie"))) != null;
}

/** Only same-origin paths are followed after a form post or a sign-in. */
export function safeReturnTo(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
