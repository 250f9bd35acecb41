// French elides "que", "de", "le"… before a vowel: "Connecté en tant qu’Adam",
// "Rôles d’Eva". The translations cannot know how a name they insert begins, so
// this post-processor elides, in French only, a word that stands right before an
// inserted value beginning with a vowel. It touches nothing else: the static text
// is written correctly (app/i18n/french-typography.test.ts) and the inserted
// value itself is never changed. An initial h is left alone (aspirated or not
// cannot be told from a name), as is "si" (only "s’il").
import type { PostProcessorModule, TOptions } from "i18next";

export const ELISION = "elision";

const ELIDING_WORDS = "que|jusque|lorsque|puisque|de|le|la|ne|se|je|me|te|ce";
const STARTS_WITH_VOWEL = /^[aeiouàâäéèêëîïôöùûüœæ]/i;
// i18next's own options, never inserted values.
const NOT_VALUES = new Set(["lng", "lngs", "fallbackLng", "ns", "defaultValue", "context", "count", "ordinal", "postProcess", "interpolation", "replace", "keySeparator", "nsSeparator"]);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `text` with every word of ELIDING_WORDS elided before an occurrence of one of `values` that starts with a vowel. */
export function elide(text: string, values: Iterable<unknown>): string {
  let out = text;
  for (const value of values) {
    if (typeof value !== "string" || !STARTS_WITH_VOWEL.test(value)) continue;
    const before = new RegExp(`(^|[\\s\\u00a0\\u202f(«])(${ELIDING_WORDS}) (?=${escapeRegExp(value)})`, "gi");
    out = out.replace(before, (_, lead: string, word: string) => `${lead}${word.slice(0, -1)}’`);
  }
  return out;
}

function languageOf(options: TOptions, translator: unknown): string {
  const lng = options.lng ?? (translator as { language?: string } | undefined)?.language;
  return typeof lng === "string" ? lng : "";
}

export const frenchElision: PostProcessorModule = {
  type: "postProcessor",
  name: ELISION,
  process(value, _key, options, translator) {
    if (!languageOf(options ?? {}, translator).startsWith("fr") || !options) return value;
    const inserted = Object.entries(options).filter(([k]) => !NOT_VALUES.has(k)).map(([, v]) => v);
    return inserted.length ? elide(value, inserted) : value;
  },
};
