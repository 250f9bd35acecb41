import { api } from "~/api/client.server";
import * as countries from "~/api/countries/contract";
import type { CountryOption } from "~/domain/countries/country-names";
import { i18next } from "~/i18n/i18next.server";

/**
 * `make`'s answer for the reader's language, made once per language while the
 * process runs (the languages are the portal's few); a failure is not kept.
 * Shared: never change an answer.
 */
export function keptPerLanguage<T>(make: (request: Request, lang: string) => Promise<T>): (request: Request) => Promise<T> {
  const byLanguage = new Map<string, Promise<T>>();
  return async (request) => {
    const lang = await i18next.getLocale(request);
    let answer = byLanguage.get(lang);
    if (!answer) {
      answer = make(request, lang);
      byLanguage.set(lang, answer);
      answer.catch(() => byLanguage.delete(lang));
    }
    return answer;
  };
}

/**
 * Every country as an option list in the reader's language (GET /api/countries
 * with their language: names from ICU, sorted by Intl.Collator); values are the
 * ISO codes the forms post and the database keeps. The countries change only
 * with the seeds (at start) and ICU's names not while the process runs, so the
 * API is asked once per language, not by every page with a country field.
 */
export const countryOptionList = keptPerLanguage(async (request, lang): Promise<CountryOption[]> => {
  const { data } = await api(request).read(countries.list, { query: { per_page: 1000, lang } });
  return data.map((o) => ({ label: o.label, value: String(o.value) }));
});
