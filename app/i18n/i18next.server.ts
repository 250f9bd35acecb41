import { createCookie } from "@remix-run/node";
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { FALLBACK_LANGUAGE, i18nConfig, SUPPORTED_LANGUAGES, type Language } from "./config";
import { frenchElision } from "./elision";
import { resources } from "./resources.server";

export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", maxAge: 31_536_000, httpOnly: true });

/** The language detection of remix-i18next, run once per request (the root loader and the renderer both ask). */
class OncePerRequest extends RemixI18Next {
  private locales = new WeakMap<Request, Promise<string>>();

  override getLocale(request: Request): Promise<string> {
    let locale = this.locales.get(request);
    if (!locale) this.locales.set(request, (locale = super.getLocale(request)));
    return locale;
  }
}

export const i18next = new OncePerRequest({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "header"],
  },
  i18next: { ...i18nConfig, resources },
});

const instances = new Map<string, i18n>();

/** Options a plain lookup carries (react-i18next's t adds them): with only these, the text depends on the key alone. */
const LOOKUP_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);
const MAX_REMEMBERED = 10_000;

/**
 * `instance.t`, remembering the texts of plain lookups (a key, no values to
 * insert, no count): a page makes a hundred of them and the translations never
 * change in a running process. Anything else is translated every time.
 */
function rememberLookups(instance: i18n): void {
  const translate = instance.t.bind(instance) as (key: unknown, options?: Record<string, unknown>) => unknown;
  const texts = new Map<string, unknown>();
  const remembering = (key: unknown, options?: Record<string, unknown>) => {
    if (typeof key !== "string" || (options !== undefined && (typeof options !== "object" || Object.keys(options).some((k) => !LOOKUP_OPTIONS.has(k) && options[k] !== undefined)))) {
      return translate(key, options);
    }
    const id = `${String(options?.lng ?? "")}\u0000${String(options?.lngs ?? "")}\u0000${String(options?.ns ?? "")}\u0000${String(options?.keyPrefix ?? "")}\u0000${key}`;
    if (texts.has(id)) return texts.get(id);
    const text = translate(key, options);
    if (texts.size < MAX_REMEMBERED) texts.set(id, text);
    return text;
  };
  instance.t = remembering as unknown as i18n["t"];
}

/**
 * The server's i18next instance for a language, made once per process (DESIGN.md
 * §9: no start-up work per request). Renders only read it: nothing on the server
 * changes its language (remix-i18next's useChangeLanguage runs in the browser).
 */
export function i18nextFor(lng: string): i18n {
  const language: Language = (SUPPORTED_LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : FALLBACK_LANGUAGE;
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance();
    // The resources are in memory, so with initImmediate off this is synchronous.
    void instance.use(initReactI18next).use(frenchElision).init({ ...i18nConfig, lng: language, resources, initImmediate: false });
    rememberLookups(instance);
    instances.set(language, instance);
  }
  return instance;
}
