import type { Db } from "~/db/database.server";
import type { LookupItem, LookupList } from "./lists";

// The lists change only when the seeds run (at start), so each is read once
// per database and kept: a failed read is forgotten and tried again next time.
const cache = new WeakMap<Db, Map<LookupList, Promise<readonly LookupItem[]>>>();

/** The items of one lookup list, in their order (position, then value). */
export function lookupList(db: Db, list: LookupList): Promise<readonly LookupItem[]> {
  let lists = cache.get(db);
  if (!lists) cache.set(db, (lists = new Map()));
  let items = lists.get(list);
  if (!items) {
    items = db
      .selectFrom("lookup_items")
      .select(["value", "label"])
      .where("list", "=", list)
      .orderBy("position")
      .orderBy("value")
      .execute();
    lists.set(list, items);
    const mine = items;
    items.catch(() => {
      if (lists.get(list) === mine) lists.delete(list);
    });
  }
  return items;
}

/** Forgets the lists read from `db` (after the seeds change them). */
export function forgetLookups(db: Db): void {
  cache.delete(db);
}
