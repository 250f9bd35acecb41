// The lookup lists' values the rules check against, and the country codes,
// read once per process: they change only with a seed or a migration.
import { keptWhileRunning } from "~/cache/kept.server";
import type { Db } from "~/db/database.server";
import { LOOKUP_LISTS } from "../lookups/lists";
import { lookupList } from "../lookups/lookups.server";

async function load(db: Db): Promise<Record<string, string[]>> {
  const [countries, ...lists] = await Promise.all([
    db.selectFrom("countries").select("code").orderBy("code").execute(),
    ...LOOKUP_LISTS.map((list) => lookupList(db, list)),
  ]);
  const out: Record<string, string[]> = { countries: countries.map((c) => c.code) };
  LOOKUP_LISTS.forEach((list, i) => (out[list] = lists[i].map((item) => item.value)));
  return out;
}

export function wizardLookups(db: Db): Promise<Record<string, string[]>> {
  return keptWhileRunning(db, "wizard-lookups", () => load(db));
}
