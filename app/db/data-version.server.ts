// A counter of the database's writes: the one signal every answer kept in
// memory listens to (app/cache, ADR 030). Every statement that writes (an
// insert, update, delete or merge, told by the query's kind, or a raw
// statement whose command PostgreSQL reports as one) and every commit, through
// a database made by createDb, bumps it once it has run, in its own process
// and, through the cluster primary, in the sibling web processes (one message
// per turn of the event loop, however many writes it made). A write inside a
// transaction bumps it twice, when it runs and when it commits, so an answer
// read in between, which did not see the write yet, is not kept either. Other
// instances on the same database hear of it through PostgreSQL's
// LISTEN/NOTIFY (instance-changes.server.ts, run by the primary); a kept
// answer's short lifetime bounds what a lost notification could leave stale.
import cluster from "node:cluster";
import type { EventEmitter } from "node:events";
import {
  PostgresDialect,
  PostgresDriver,
  type DatabaseConnection,
  type Driver,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PostgresDialectConfig,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import { siblingChannel, type SiblingChannel } from "~/lib/sibling-messages.server";

const channel = siblingChannel("ta-portal:data-changed");

let version = 0;
let announced = false;

/** Bumped after every write here, or in a sibling web process. */
export const dataVersion = (): number => version;

// What hears of this instance's own writes (the primary's link to the other
// instances, app/db/instance-changes.server.ts): its own and, relayed, its web processes'.
const localChange = new Set<() => void>();

/** Calls `listener` after each write made in this process, or relayed to it by a web process (in the primary). */
export function onLocalDataChange(listener: () => void): () => void {
  localChange.add(listener);
  return () => localChange.delete(listener);
}

/** Another instance wrote: answers kept here and in every web process are not used again (the primary tells them). */
export function remoteDataChanged(): void {
  version++;
  channel.announce();
}

/** A write ran: answers kept at an older version are not used again, here or (a moment later) in the sibling processes. */
export function dataChanged(): void {
  version++;
  for (const listener of localChange) listener();
  if (announced) return;
  announced = true;
  setImmediate(() => {
    announced = false;
    channel.announce();
  });
}

/** The kinds of query that change data. */
const WRITE_KINDS = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode", "MergeQueryNode"]);

/** Whether `node` writes, or holds a common table expression that does (`with t as (update …) select …`). */
export function writesByKind(node: RootOperationNode): boolean {
  if (WRITE_KINDS.has(node.kind)) return true;
  const ctes = "with" in node ? node.with?.expressions : undefined;
  return ctes?.some((cte) => WRITE_KINDS.has(cte.expression.kind)) ?? false;
}

const writing = new WeakMap<object, boolean>();

/**
 * Bumps the data version after each query that writes: told by its kind, or,
 * for raw SQL (whose kind Kysely cannot see), by the command PostgreSQL
 * reports (the driver gives affected rows for INSERT, UPDATE, DELETE and MERGE only).
 */
export const writeWatch: KyselyPlugin = {
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (writesByKind(node)) writing.set(queryId, true);
    return node;
  },
  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (writing.get(queryId) || result.numAffectedRows !== undefined) dataChanged();
    return result;
  },
};

/** PostgreSQL's dialect whose driver bumps the data version once a transaction commits. */
export class WatchedPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new (class extends PostgresDriver {
      override async commitTransaction(connection: DatabaseConnection): Promise<void> {
        try {
          await super.commitTransaction(connection);
        } finally {
          dataChanged();
        }
      }
    })(this.#config);
  }
}

/** A web process hears of its siblings' writes (and the primary's). */
export const listenToDataChanges = (parent: Pick<EventEmitter, "on">): void => channel.listen(parent, () => version++);

/** The cluster primary passes a web process's writes on to the other web processes, and to its link to the other instances. */
export const relayDataChanges: SiblingChannel["relay"] = (primary) => {
  channel.relay(primary);
  primary.on("message", (_from, message) => {
    if (channel.is(message)) for (const listener of localChange) listener();
  });
};

if (cluster.isWorker) listenToDataChanges(process);
