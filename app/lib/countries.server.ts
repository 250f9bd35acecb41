import { api } from "~/api/client.server";
import * as countries from "~/api/countries/contract";
import type { CountryOption } from "~/domain/countries/country-names";
import { i18next } from "~/i18n/i18next.server";

/**
 * Every country as an option list in the reader's language (GET /api/countries
 * with their language: names from ICU, sorted by Intl.Collator); values are the
 * ISO codes the forms post and the database keeps.
 */
export async function countryOptionList(request: Request): Promise<CountryOption[]> {
  const lang = await i18next.getLocale(request);
  const { data } = await api(request).read(countries.list, { query: { per_page: 1000, lang } });
  return data.map((o) => ({ label: o.label, value: String(o.value) }));
}
