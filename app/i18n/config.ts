export const SUPPORTED_LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "en";
export const DEFAULT_NS = "common";

export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  defaultNS: DEFAULT_NS,
  ns: [DEFAULT_NS],
  interpolation: { escapeValue: false },
  // French elisions before inserted names ("qu’Adam"): app/i18n/elision.ts, which each instance `use`s.
  postProcess: ["elision"],
};
