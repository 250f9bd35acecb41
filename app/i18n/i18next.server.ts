import { createCookie } from "@remix-run/node";
import { createInstance, type i18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { scoped } from "~/http/request-scope.server";
import { DEFAULT_NS, FALLBACK_LANGUAGE, i18nConfig, SUPPORTED_LANGUAGES, type Language } from "./config";
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
 *
 * react-i18next's `t` (getFixedT) copies each call's options and adds the
 * language, namespace and key prefix before it reaches `instance.t`, and those
 * made the lookup's id three times as long: a tenth of a page's rendering
 * (docs/budgets.md#page-cost). The `t` every component gets on the server (this
 * instance's language, the default namespace, no key prefix) is therefore made
 * once and answers a remembered text from the caller's own key and options; any
 * other getFixedT is i18next's own.
 */
function rememberLookups(instance: i18n): void {
  const texts = new Map<string, unknown>();
  const remembered = (id: string | null, make: () => unknown) => {
    if (id === null) return make();
    if (texts.has(id)) return texts.get(id);
    const text = make();
    if (texts.size >= MAX_REMEMBERED) texts.delete(texts.keys().next().value!);
    texts.set(id, text);
    return text;
  };
  const translate = instance.t.bind(instance) as (key: unknown, options?: unknown) => unknown;
  instance.t = ((key: unknown, options?: unknown) => remembered(lookupId(key, options), () => translate(key, options))) as unknown as i18n["t"];

  const getFixedT = instance.getFixedT.bind(instance) as (...args: unknown[]) => TFunction;
  let plain: TFunction | undefined;
  instance.getFixedT = ((...args: unknown[]) => {
    const [lng, ns, keyPrefix] = args;
    if (args.length > 3 || lng != null || keyPrefix != null || (ns != null && ns !== DEFAULT_NS)) return getFixedT(...args);
    if (!plain) {
      const fixed = getFixedT(null, DEFAULT_NS);
      // A distinct prefix: these ids hold the caller's options only, not the language and namespace fixedT adds.
      const fast = (key: unknown, options?: unknown) => {
        const id = lookupId(key, options);
        return remembered(id === null ? null : `\u0003${id}`, () => (fixed as (k: unknown, o?: unknown) => unknown)(key, options));
      };
      // What fixedT carries and react-i18next's Trans reads (t.ns).
      const { lng: fixedLng, lngs, ns: fixedNs, keyPrefix: prefix } = fixed as unknown as Record<"lng" | "lngs" | "ns" | "keyPrefix", unknown>;
      plain = Object.assign(fast, { lng: fixedLng, lngs, ns: fixedNs, keyPrefix: prefix }) as unknown as TFunction;
    }
    return plain;
  }) as i18n["getFixedT"];
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
