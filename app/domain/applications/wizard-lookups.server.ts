// The lookup lists' values the rules check against, and the country codes,
// read once per process: they change only with a seed or a migration.
import type { Db } from "~/db/database.server";

const loaded = new WeakMap<Db, Promise<Record<string, string[]>>>();

async function load(db: Db): Promise<Record<string, string[]>> {
  const countries = await db.selectFrom("countries").select("code").orderBy("code").execute();
  const out: Record<string, string[]> = { countries: countries.map((c) => c.code) };
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
