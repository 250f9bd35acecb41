import { createCookie } from "@remix-run/node";
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { scoped } from "~/http/request-scope.server";
import { FALLBACK_LANGUAGE, i18nConfig, SUPPORTED_LANGUAGES, type Language } from "./config";
import { frenchElision } from "./elision";
import { resources } from "./resources.server";

export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", maxAge: 31_536_000, httpOnly: true });

const LOCALE = Symbol("locale");

/**
 * The language detection of remix-i18next, run once per incoming request (the
 * root loader and the renderer both ask, each with its own copy of the Request:
 * app/http/request-scope.server.ts).
 */
class OncePerRequest extends RemixI18Next {
  override getLocale(request: Request): Promise<string> {
    return scoped(request, LOCALE, () => super.getLocale(request));
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

const MAX_REMEMBERED = 10_000;

/**
 * What a translation's text depends on, as a string: the key and its options
 * (the language and namespace react-i18next adds, the values to insert, a
 * count); null when an option is not a plain value (an object, a function,
 * returnObjects), whose text is then made every time.
 */
export function lookupId(key: unknown, options?: unknown): string | null {
  if (typeof key !== "string") return null;
  if (options === undefined) return key;
  if (typeof options !== "object" || options === null) return null;
  let id = key;
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (name === "returnObjects") return null;
    // react-i18next passes an absent key prefix as null.
    if (value === null) {
      id += `\u0000${name}\u0001null`;
      continue;
    }
    const type = typeof value;
    if (type === "string" || type === "number" || type === "boolean") id += `\u0000${name}\u0001${type[0]}${String(value)}`;
    else if (Array.isArray(value) && value.every((v) => typeof v === "string")) id += `\u0000${name}\u0002${value.join("\u0001")}`;
    else return null;
  }
  return id;
}

/**
 * `instance.t`, remembering the texts it made: a page makes a hundred or more
 * lookups, most of them the same from page to page (a label; "Member 2"), and
 * the translations never change in a running process. The oldest text goes
 * when MAX_REMEMBERED are kept.
 */
function rememberLookups(instance: i18n): void {
  const translate = instance.t.bind(instance) as (key: unknown, options?: unknown) => unknown;
  const texts = new Map<string, unknown>();
  const remembering = (key: unknown, options?: unknown) => {
    const id = lookupId(key, options);
    if (id === null) return translate(key, options);
    if (texts.has(id)) return texts.get(id);
    const text = translate(key, options);
    if (texts.size >= MAX_REMEMBERED) texts.delete(texts.keys().next().value!);
    texts.set(id, text);
    return text;
  };
  instance.t = remembering as unknown as i18n["t"];
}

/**
 * The server's i18next instance for a language, made once per process (docs/budgets.md#per-request-work:
 * no start-up work per request). Renders only read it: nothing on the server
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
