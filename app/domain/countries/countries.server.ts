import { keptWhileRunning } from "~/cache/kept.server";
import type { Db } from "~/db/database.server";
import { countryOptions, foldForSearch, type CountryOption } from "./country-names";

interface CountryTable {
  /** Each code's English name, folded for search. */
  english: Map<string, string>;
  /** The sorted option list, per language, made on first use. */
  options: Map<string, CountryOption[]>;
}

// Some 250 short rows that change only with the seeds (at start), read by
// every page with a country field (three per member on the user-group step):
// read once per database, sorted once per language (ICU's names and collator
// are not cheap), as the lookup lists are (lookups.server.ts). Shared: never change them.
function countryTable(db: Db): Promise<CountryTable> {
  return keptWhileRunning(db, "countries", () =>
    db
      .selectFrom("countries")
      .select(["name", "code"])
      .execute()
      .then((rows): CountryTable => ({ english: new Map(rows.map((r) => [r.code, foldForSearch(r.name)])), options: new Map() })),
  );
}

/**
 * The countries as an option list in `lng`: labels are ICU's names in that
 * language, sorted as it sorts (Intl.Collator); values are the ISO codes.
 * The user's text is never a pattern: a part of the name in `lng` or in the
 * table's English (case and accents ignored), or the whole code in any case.
 */
export async function listCountries(db: Db, q: string | undefined, page: number, perPage: number, lng = "en") {
  const table = await countryTable(db);
  const { english } = table;
  let options = table.options.get(lng) ?? [];
  if (!table.options.has(lng)) table.options.set(lng, (options = countryOptions(english.keys(), lng)));
  if (q) {
    const text = foldForSearch(q);
    const code = q.toUpperCase();
    options = options.filter((o) => o.value === code || foldForSearch(o.label).includes(text) || english.get(o.value)!.includes(text));
  }
  return {
    data: options.slice((page - 1) * perPage, page * perPage),
    meta: { page, per_page: perPage, total: options.length },
  };
}

/** Which of `codes` the countries table does not hold (the reference check of every country field). */
export async function unknownCountries(db: Db, codes: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(codes)];
  if (!wanted.length) return new Set();
  const known = new Set((await db.selectFrom("countries").select("code").where("code", "in", wanted).execute()).map((r) => r.code));
  return new Set(wanted.filter((c) => !known.has(c)));
}
