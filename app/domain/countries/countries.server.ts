import type { Db } from "~/db/database.server";
import { countryOptions, foldForSearch } from "./country-names";

/**
 * The countries as an option list in `lng`: labels are ICU's names in that
 * language, sorted as it sorts (Intl.Collator); values are the ISO codes.
 * The user's text is never a pattern: a part of the name in `lng` or in the
 * table's English (case and accents ignored), or the whole code in any case.
 */
export async function listCountries(db: Db, q: string | undefined, page: number, perPage: number, lng = "en") {
  // Some 250 short rows: read them all and sort in the language, not in SQL.
  const rows = await db.selectFrom("countries").select(["name", "code"]).execute();
  const english = new Map(rows.map((r) => [r.code, foldForSearch(r.name)]));
  let options = countryOptions(rows.map((r) => r.code), lng);
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
