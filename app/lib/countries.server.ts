import { api } from "~/api/client.server";
import { keptWhileRunning } from "~/cache/kept.server";
import * as countries from "~/api/countries/contract";
import type { CountryOption } from "~/domain/countries/country-names";
import { i18next } from "~/i18n/i18next.server";

// The pages' own answers kept while the process runs: the API keeps its
// answers per database, and the pages may reach the API over HTTP (API_URL).
const PAGES = {};

/**
 * `make`'s answer for the reader's language, kept while the process runs
 * (keptWhileRunning, under `name` and the language: the languages are the
 * portal's few). Shared: never change an answer.
 */
export function keptPerLanguage<T>(name: string, make: (request: Request, lang: string) => Promise<T>): (request: Request) => Promise<T> {
  return async (request) => {
    const lang = await i18next.getLocale(request);
    return keptWhileRunning(PAGES, `${name}\u0000${lang}`, () => make(request, lang));
  };
}

/**
 * Every country as an option list in the reader's language (GET /api/countries
 * with their language: names from ICU, sorted by Intl.Collator); values are the
 * ISO codes the forms post and the database keeps. The countries change only
 * with the seeds (at start) and ICU's names not while the process runs, so the
 * API is asked once per language, not by every page with a country field.
 */
export const countryOptionList = keptPerLanguage("country options", async (request, lang): Promise<CountryOption[]> => {
  const { data } = await api(request).read(countries.list, { query: { per_page: 1000, lang } });
  return data.map((o) => ({ label: o.label, value: String(o.value) }));
});
