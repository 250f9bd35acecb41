// The API's answers that every page shows and that rarely change, kept in memory
// by the UI (docs/budgets.md#per-request-work): the public settings (the header, the footer), the
// published pages of the menu and footer, and the open calls (/call and the
// signed-out home page). Without this, each page view cost more in-process API
// calls and their queries. An entry is read afresh after the next write in
// any of this portal's web processes, and at least every CACHE_TTL_MS
// (kept.server.ts). Entries are shared: never change them.
import { api } from "~/api/client.server";
import * as callsApi from "~/api/calls/contract";
import * as settingsApi from "~/api/settings/contract";
import type { Success } from "~/api/contract";
import { todayIso } from "~/domain/dates";
import { keptUntilWriteIn, type Kept } from "./kept.server";

const entries = new Map<string, Kept>();

/** `read()`'s answer, cached under `key` (and `stamp`); concurrent misses share one read, and a failed read is not kept. */
export function cachedContent<T>(key: string, read: () => Promise<T>, stamp?: string): Promise<T> {
  return keptUntilWriteIn(entries as Map<string, Kept<T>>, key, read, stamp);
}

/** An API request of no one: what a signed-out visitor is answered, the same for every reader. */
const anonymous = () => api(new Request("http://portal.internal/"));

export interface SettingEntry {
  key: string;
  value: string;
}

/**
 * The settings everyone may read, as GET /api/settings answers a signed-out
 * visitor: never the staff-only keys, whoever is signed in (the answer is shared).
 */
export function publicSettings(): Promise<{ data: SettingEntry[] }> {
  return cachedContent("settings", () => anonymous().read(settingsApi.get));
}

/**
 * The calls announced or open, as GET /api/calls/opened answers (it is public
 * and the same for everyone); kept for the day it was read on, as whether a
 * call is open, and whether it is listed at all, depend on the day.
 */
export function openedCalls(): Promise<Success<typeof callsApi.opened>> {
  return cachedContent("calls-opened", () => anonymous().read(callsApi.opened), todayIso());
}
