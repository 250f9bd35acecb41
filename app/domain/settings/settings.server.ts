import type { Db } from "~/db/database.server";
import { AppError } from "../errors";
import { linkMedia, type MediaActor } from "../media/media.server";
import { keptUntilWriteIn, type Kept } from "~/cache/kept.server";
import { claimVersion, parseInput, versionNow, versionOf } from "../write.server";
import { IMAGE_SETTING_KEYS, SETTINGS, settingDefinition, settingsSchema, withDefaults, type SettingsMap } from "./settings";

// Settings are read on most requests: kept per database until the next write
// in any of this portal's web processes (app/cache).
interface LoadedSettings {
  value: SettingsMap;
  version: string | null;
}
const kept = new WeakMap<Db, Kept<LoadedSettings>>();

const load = (db: Db): Promise<LoadedSettings> => keptUntilWriteIn(kept, db, () => readSettings(db));

async function readSettings(db: Db): Promise<LoadedSettings> {
  const rows = await db.selectFrom("settings").select(["key", "value", "updated_at"]).execute();
  const value = withDefaults(Object.fromEntries(rows.map((r) => [r.key, r.value])));
  const latest = Math.max(...rows.map((r) => new Date(r.updated_at as unknown as string | Date).getTime()));
  return { value, version: Number.isFinite(latest) ? new Date(latest).toISOString() : null };
}

export async function getSettings(db: Db): Promise<SettingsMap> {
  return (await load(db)).value;
}

/**
 * The settings' version: the latest updated_at of any key, to the millisecond
 * (as the other records' updated_at). A save names the version it was read at.
 */
export async function getSettingsVersion(db: Db): Promise<string | null> {
  return (await load(db)).version;
}

export function settingEntries(settings: SettingsMap, includeStaffOnly: boolean) {
  return SETTINGS.filter((s) => includeStaffOnly || !s.staffOnly).map((s) => ({
    key: s.key,
    value: settings[s.key],
    label: s.key,
  }));
}

/**
 * Validates the merged settings (docs/validation.md#settings-form) and saves them in one
 * transaction. An image setting must name an image `user` may attach (their
 * upload, or any to an editor/admin); it is linked to the setting, which makes
 * it readable by everyone and keeps it from being deleted while in use.
 */
export async function saveSettings(db: Db, body: Record<string, unknown>, user: MediaActor): Promise<SettingsMap> {
  const { updated_at: version, ...input } = body;
  // Only known keys: a typo (or `constructor`) is an error, not silently nothing.
  const unknown = Object.keys(input).filter((key) => !settingDefinition(key));
  if (unknown.length) throw new AppError(422, "validation.failed", Object.fromEntries(unknown.map((k) => [k, ["validation.unknown-field"]])));
  const readAt = versionOf(version);
  const current = await getSettings(db);
  const parsed = await parseInput(settingsSchema, { ...current, ...input }, { byField: true });
  await db.transaction().execute(async (trx) => {
    // The settings have one version, their latest: one save at a time, from that version.
    await claimVersion(trx, "settings", "whole table", readAt, "settings.stale");
    for (const [key, value] of Object.entries(parsed)) {
      await trx
        .insertInto("settings")
        .values({ key, value, label: key })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: versionNow() }))
        .execute();
    }
    for (const key of IMAGE_SETTING_KEYS) await linkSettingImage(trx, key, parsed[key], user);
  });
  return getSettings(db);
}

/** Inserts missing keys with their defaults; never overwrites an edited value. */
export async function seedSettings(db: Db): Promise<void> {
  await db
    .insertInto("settings")
    .values(SETTINGS.map((s) => ({ key: s.key, value: s.default, label: s.key })))
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
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
