import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { AppError } from "./errors";
import { linkMedia, type MediaActor } from "./media.server";
import { blankToUndefined, IMAGE_SETTING_KEYS, SETTINGS, settingsSchema, withDefaults, type SettingsMap } from "./settings";

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

/**
 * Validates the merged settings (SPEC §5 Settings form) and saves them in one
 * transaction. An image setting must name an image `user` may attach (their
 * upload, or any to an editor/admin); it is linked to the setting, which makes
 * it readable by everyone and keeps it from being deleted while in use.
 */
export async function saveSettings(db: Db, input: Record<string, unknown>, user: MediaActor): Promise<SettingsMap> {
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
    for (const key of IMAGE_SETTING_KEYS) await linkSettingImage(trx, key, parsed.data[key], user);
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

async function linkSettingImage(trx: Parameters<typeof linkMedia>[0], key: string, value: string | undefined, user: MediaActor) {
  const id = value ? Number(value) : null;
  if (id !== null) {
    const medium = await trx.selectFrom("media").select("mime_type").where("id", "=", id).executeTakeFirst();
    if (medium && !medium.mime_type.startsWith("image/")) throw new AppError(422, "validation.failed", { [key]: ["validation.image"] });
  }
  // Missing or someone else's private upload: linkMedia answers 422 { [key]: media.not-found }.
  await linkMedia(trx, { type: "setting", id: key, collection: key }, id === null ? [] : [id], user);
}
