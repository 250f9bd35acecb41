import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { AppError } from "./errors";
import { blankToUndefined, SETTINGS, settingsSchema, withDefaults, type SettingsMap } from "./settings";

// Settings are read on most requests: cache them per database and drop the
// cache on save (DESIGN.md §9). A short lifetime bounds staleness when several
// instances share one database.
const CACHE_MS = 30_000;
const cache = new WeakMap<Db, { at: number; value: SettingsMap }>();

export async function getSettings(db: Db): Promise<SettingsMap> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
  const value = withDefaults(Object.fromEntries(rows.map((r) => [r.key, r.value])));
  cache.set(db, { at: Date.now(), value });
  return value;
}

export function settingEntries(settings: SettingsMap, includeStaffOnly: boolean) {
  return SETTINGS.filter((s) => includeStaffOnly || !s.staffOnly).map((s) => ({
    key: s.key,
    value: settings[s.key],
    label: s.key,
  }));
}

/** Validates the merged settings (SPEC §5 Settings form) and saves them in one transaction. */
export async function saveSettings(db: Db, input: Record<string, unknown>): Promise<SettingsMap> {
  const current = await getSettings(db);
  const parsed = settingsSchema.safeParse(blankToUndefined({ ...current, ...input }));
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      (errors[key] ??= []).push(issue.message);
    }
    throw new AppError(422, "validation.failed", errors);
  }
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of Object.entries(parsed.data)) {
      await trx
        .insertInto("settings")
        .values({ key, value, label: key })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: sql`now()` }))
        .execute();
    }
  });
  cache.delete(db);
  return getSettings(db);
}

/** Inserts missing keys with their defaults; never overwrites an edited value. */
export async function seedSettings(db: Db): Promise<void> {
  await db
    .insertInto("settings")
    .values(SETTINGS.map((s) => ({ key: s.key, value: s.default, label: s.key })))
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  cache.delete(db);
}
