// A counter of the database's writes, for answers kept in memory that any
// write may change (the counts of the staff lists: ADR 030). Every statement
// that writes (insert, update, delete, a commit) through a pool made by
// createDb bumps it once it has run, in its own process and, through the
// cluster primary, in the sibling web processes (one message per turn of the
// event loop, however many writes it made). A write inside a transaction bumps
// it twice, when it runs and when it commits, so an answer read in between, which
// did not see the write yet, is not kept either. Other instances on the same
// database do not hear of it: a kept answer's short lifetime bounds that.
import cluster from "node:cluster";
import type { EventEmitter } from "node:events";
import type pg from "pg";
import { siblingChannel, type SiblingChannel } from "~/lib/sibling-messages.server";

const channel = siblingChannel("ta-portal:data-changed");

let version = 0;
let announced = false;

/** Bumped after every write here, or in a sibling web process. */
export const dataVersion = (): number => version;

/** A write ran: answers kept at an older version are not used again, here or (a moment later) in the sibling processes. */
export function dataChanged(): void {
  version++;
  if (announced) return;
  announced = true;
  setImmediate(() => {
    announced = false;
    channel.announce();
  });
}

/** The statements that change data or end a transaction that may have. */
const WRITES = /^\s*(?:insert|update|delete|merge|truncate|commit|end\b|with\b[\s\S]*\b(?:insert|update|delete)\b)/i;

/** Whether `text` (a statement as sent) may change data. */
export const writes = (text: unknown): boolean => typeof text === "string" && WRITES.test(text);

/** Makes `client` bump the data version after each statement of its that writes. */
export function watchWrites(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const first = args[0] as { text?: unknown } | string | undefined;
    const result = query(...args);
    if (writes(typeof first === "string" ? first : first?.text)) {
      if (result && typeof (result as Promise<unknown>).then === "function") (result as Promise<unknown>).then(dataChanged, dataChanged);
      else dataChanged();
    }
    return result;
  };
}

/** A web process hears of its siblings' writes (and the primary's). */
export const listenToDataChanges = (parent: Pick<EventEmitter, "on">): void => channel.listen(parent, () => version++);

/** The cluster primary passes a web process's writes on to the other web processes. */
export const relayDataChanges: SiblingChannel["relay"] = (primary) => channel.relay(primary);

if (cluster.isWorker) listenToDataChanges(process);
