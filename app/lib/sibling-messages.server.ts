// The web processes of one portal (node:cluster workers, ADR 013) keep answers
// in memory that a save in any of them makes stale. A channel is how they tell
// each other: a worker sends its message to the primary, which passes it on to
// the other workers; the primary's own message (a job's write) goes to every
// worker. Used for the content version (ADR 017) and the data version (ADR 030).
import cluster from "node:cluster";
import type { EventEmitter } from "node:events";

interface WorkerLike {
  send(message: unknown): unknown;
  isConnected(): boolean;
}

export interface SiblingChannel {
  /** Tells the sibling web processes (from a worker) or every web process (from the primary). */
  announce(): void;
  /** Calls `heard` for each message of the channel that reaches `parent` (a worker's process). */
  listen(parent: Pick<EventEmitter, "on">, heard: () => void): void;
  /** Whether `message` is one of this channel's. */
  is(message: unknown): boolean;
  /** In the primary: passes a worker's message on to the other workers. */
  relay(primary: { on(event: "message", listener: (from: WorkerLike, message: unknown) => void): unknown; workers?: NodeJS.Dict<WorkerLike> }): void;
}

export function siblingChannel(type: string): SiblingChannel {
  const ours = (message: unknown) => typeof message === "object" && message !== null && (message as { type?: unknown }).type === type;
  return {
    is: ours,
    announce() {
      if (cluster.isWorker) process.send?.({ type });
      else for (const worker of Object.values(cluster.workers ?? {})) if (worker?.isConnected()) worker.send({ type });
    },
    listen(parent, heard) {
      parent.on("message", (message: unknown) => {
        if (ours(message)) heard();
      });
    },
    relay(primary) {
      primary.on("message", (from, message) => {
        if (!ours(message)) return;
        for (const worker of Object.values(primary.workers ?? {})) if (worker && worker !== from && worker.isConnected()) worker.send(message);
      });
    },
  };
}
