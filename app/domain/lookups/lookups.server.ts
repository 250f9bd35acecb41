import { keptWhileRunning } from "~/cache/kept.server";
import type { Db } from "~/db/database.server";
import type { LookupItem, LookupList } from "./lists";

// The lists change only when the seeds run (at start), so each is read once
// per database and kept while the process runs (app/cache).

/** The items of one lookup list, in their order (position, then value). */
export function lookupList(db: Db, list: LookupList): Promise<readonly LookupItem[]> {
  return keptWhileRunning(db, `lookup\u0000${list}`, () =>
    db.selectFrom("lookup_items").select(["value", "label"]).where("list", "=", list).orderBy("position").orderBy("value").execute(),
  );
}
