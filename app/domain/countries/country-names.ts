// Country names in the reader's language. The portal stores ISO 3166-1
// alpha-2 codes only; what a person reads is ICU's name for the code in their
// language (Node ships full ICU), sorted the way that language sorts.
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from "~/i18n/config";

export interface CountryOption {
  label: string;
  value: string;
}

/** One of the portal's languages: anything else reads in the fallback language (and caches stay small). */
export function countryLanguage(lng: string | undefined): Language {
  const primary = (lng ?? "").toLowerCase().split(/[-_]/)[0];
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : FALLBACK_LANGUAGE;
}

// Building these costs far more than using them: one of each per language, reused.
const displayNames = new Map<Language, Intl.DisplayNames>();
const collators = new Map<Language, Intl.Collator>();

function namesIn(lng: Language): Intl.DisplayNames {
  let names = displayNames.get(lng);
  if (!names) displayNames.set(lng, (names = new Intl.DisplayNames([lng], { type: "region", fallback: "code" })));
  return names;
}

/** Compares two names as the language sorts them ("Égypte" between "Équateur"'s neighbours, not after "Zambie"). */
export function countryCollator(lng: string | undefined): Intl.Collator {
  const language = countryLanguage(lng);
  let collator = collators.get(language);
  if (!collator) collators.set(language, (collator = new Intl.Collator(language, { sensitivity: "base" })));
  return collator;
}

/** The country's name in `lng` ("Allemagne" for DE in French); an unknown or malformed code is shown as it is. */
export function countryName(code: string, lng: string | undefined): string {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return code;
  try {
    return namesIn(countryLanguage(lng)).of(upper) ?? code;
  } catch {
    return code;
  }
}

/** Codes as an option list: labels in `lng`, sorted by them (the code breaks ties); the values stay the codes. */
export function countryOptions(codes: Iterable<string>, lng: string | undefined): CountryOption[] {
  const collator = countryCollator(lng);
  return [...new Set(codes)]
    .map((value) => ({ label: countryName(value, lng), value }))
    .sort((a, b) => collator.compare(a.label, b.label) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/** Text folded for search: case and accents ignored ("egy" finds "Égypte"). */
export const foldForSearch = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
