// What an editor writes exists per interface language (ADR 052): the English
// text, which is required where a text is, and the French one beside it,
// optional. Browser-safe: the forms and the loaders both use it.
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from "~/i18n/config";

/**
 * A text as a reader sees it: in their language, or in the default language
 * when theirs is empty, `lang` then naming the language it is in, for the
 * element holding it (screen readers pronounce it right).
 */
export interface Localized {
  text: string;
  lang?: Language;
}

const spoken = (lang: string | undefined): Language => (SUPPORTED_LANGUAGES as readonly string[]).includes(lang ?? "") ? (lang as Language) : FALLBACK_LANGUAGE;

/**
 * The version of a text for a reader of `reader`: theirs when it is written
 * (not blank), else the default language's, marked with its language.
 */
export function localize(reader: string | undefined, versions: Partial<Record<Language, string | null | undefined>>): Localized {
  const lang = spoken(reader);
  const own = versions[lang];
  if (lang === FALLBACK_LANGUAGE || (own ?? "").trim() !== "") return { text: own ?? "" };
  const text = versions[FALLBACK_LANGUAGE] ?? "";
  return text.trim() === "" ? { text: "" } : { text, lang: FALLBACK_LANGUAGE };
}

/** `field` of a row in the reader's language: `row[field]` is English, `row[field_fr]` French (ADR 052). */
export function localizeField<F extends string>(reader: string | undefined, row: Partial<Record<F | `${F}_fr`, string | null | undefined>>, field: F): Localized {
  return localize(reader, { en: row[field], fr: row[`${field}_fr` as `${F}_fr`] });
}

/** The `lang` attribute of an element holding `t`: only when it is not in the reader's language. */
export const langOf = (t: Localized | undefined) => (t?.lang ? { lang: t.lang } : {});

/** `R` with each of `F` a Localized and its French companion gone (kept keys stay known when `R` is open-ended). */
export type LocalizedRow<R, F extends string> = { [K in keyof R as K extends F | `${F}_fr` ? never : K]: R[K] } & Record<F, Localized>;

/**
 * A row with each of `fields` in the reader's language (a Localized), its
 * French companions dropped: what a screen sends to the browser, only the
 * version shown (ADR 052).
 */
export function localizeFields<R extends object, F extends string & keyof R>(reader: string | undefined, row: R, fields: readonly F[]): LocalizedRow<R, F> {
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const f of fields) {
    out[f] = localize(reader, { en: out[f] as string | null | undefined, fr: out[`${f}_fr`] as string | null | undefined });
    delete out[`${f}_fr`];
  }
  return out as LocalizedRow<R, F>;
}
