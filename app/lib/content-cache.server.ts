// The API's answers that every page shows and that rarely change, kept in memory
// by the UI (DESIGN.md §9): the public settings (the header, the footer) and the
// published pages of the menu and footer. The root loader reads them on every
// page; without this, each page view cost two more in-process API calls and
// their queries. An entry is read afresh after a save of the settings or of a
// page anywhere in this portal's web processes (app/domain/settings/content-version.server.ts),
// and at least every CONTENT_TTL_MS. Entries are shared: never change them.
import { api } from "~/api/client.server";
import * as settingsApi from "~/api/settings/contract";
import { contentVersion, CONTENT_TTL_MS } from "~/domain/settings/content-version.server";

interface Entry {
  seen: number;
  at: number;
  value: Promise<unknown>;
}

const entries = new Map<string, Entry>();

/** `read()`'s answer, cached under `key`; concurrent misses share one read, and a failed read is not kept. */
export function cachedContent<T>(key: string, read: () => Promise<T>): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.seen === contentVersion() && Date.now() - hit.at < CONTENT_TTL_MS) return hit.value as Promise<T>;
  const entry: Entry = { seen: contentVersion(), at: Date.now(), value: read() };
  entries.set(key, entry);
  entry.value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return entry.value as Promise<T>;
}

export interface SettingEntry {
  key: string;
  value: string;
}

/**
 * The settings everyone may read, as GET /api/settings answers a signed-out
 * visitor: never the staff-only keys, whoever is signed in (the answer is shared).
 */
export function publicSettings(): Promise<{ data: SettingEntry[] }> {
  return cachedContent("settings", () => api(new Request("http://portal.internal/")).read(settingsApi.get));
}
