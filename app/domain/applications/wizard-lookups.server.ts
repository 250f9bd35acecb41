// The lookup lists' values the rules check against, and the country codes,
// read once per process: they change only with a seed or a migration.
import type { Db } from "~/db/database.server";
import { LOOKUP_LISTS } from "../lookups/lists";
import { lookupList } from "../lookups/lookups.server";

const loaded = new WeakMap<Db, Promise<Record<string, string[]>>>();

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
  let lists = loaded.get(db);
  if (!lists) {
    lists = load(db).catch((e) => {
      loaded.delete(db);
      throw e;
    });
    loaded.set(db, lists);
  }
  return lists;
}
