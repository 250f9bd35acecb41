import type { Db } from "~/db/database.server";
import { likePattern } from "./list-query.server";

export async function listCountries(db: Db, q: string | undefined, page: number, perPage: number) {
  let query = db.selectFrom("countries");
  if (q) {
    // The user's text is never a pattern: a part of the name (wildcards and
    // backslashes taken literally), or the whole code in any case.
    const like = likePattern(q);
    query = query.where((eb) => eb.or([eb("name", "ilike", like), eb("code", "=", q.toUpperCase())]));
  }
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const rows = await query.select(["name", "code"]).orderBy("name").limit(perPage).offset((page - 1) * perPage).execute();
  return {
    data: rows.map((r) => ({ label: r.name, value: r.code })),
    meta: { page, per_page: perPage, total: Number(total) },
  };
}
