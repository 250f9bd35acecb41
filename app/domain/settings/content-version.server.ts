// What every page shows and rarely changes (the settings, the published pages of
// the menu and footer) is kept in memory rather than read per request (DESIGN.md
// §9): by the API (settings.server.ts) and by the UI's root loader
// (app/lib/content-cache.server.ts). This counter is how those caches learn of a
// save: the save bumps it in its own process and, through the cluster primary
// (server/start.ts relays the message), in every sibling web process, so the
// next page anywhere reads afresh; an entry made at an older count is not used.
// Nothing is read from the database to check (ADR 017). Other instances on the
// same database, and a UI deployed apart from its API (API_URL), do not hear of
// a save: the caches' short lifetime (CONTENT_TTL_MS) bounds that staleness.
import cluster from "node:cluster";
import type { EventEmitter } from "node:events";

/** How long a cached entry may serve without hearing of a save. */
export const CONTENT_TTL_MS = 10_000;

const MESSAGE = "ta-portal:content-changed";

let version = 0;

/** Bumped by every save of the settings or of a page, here or in a sibling web process. */
export const contentVersion = (): number => version;

/** A save of the settings or of a page was committed: caches here and in the sibling web processes read afresh. */
export function contentChanged(): void {
  version++;
  if (cluster.isWorker) process.send?.({ type: MESSAGE });
}

const isContentChanged = (message: unknown) =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === MESSAGE;

/** A web process hears of the saves its siblings made (the primary passes them on). */
export function listenToSiblings(parent: Pick<EventEmitter, "on">): void {
  parent.on("message", (message: unknown) => {
    if (isContentChanged(message)) version++;
  });
}

interface WorkerLike {
  send(message: unknown): unknown;
  isConnected(): boolean;
}

/** The cluster primary passes a web process's save on to the other web processes. */
export function relaySaves(primary: { on(event: "message", listener: (from: WorkerLike, message: unknown) => void): unknown; workers?: NodeJS.Dict<WorkerLike> }): void {
  primary.on("message", (from, message) => {
    if (!isContentChanged(message)) return;
    for (const worker of Object.values(primary.workers ?? {})) if (worker && worker !== from && worker.isConnected()) worker.send(message);
  });
}

if (cluster.isWorker) listenToSiblings(process);
