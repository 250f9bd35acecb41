// Who is writing, told to PostgreSQL (docs/decisions/051-audit-trail.md). The
// API runs each write request inside `auditing(context, …)`; every connection
// the database hands out while it runs carries the context in its session
// setting `portal.audit`, which the audit triggers of migration 0028 read to
// add the write's changes to the request's one entry, in the write's own
// transaction. A connection handed out with no context (a page's reads, the
// scheduled jobs, the seeds) has the setting emptied first, so nothing it does
// is put down to an earlier request.
import { AsyncLocalStorage } from "node:async_hooks";
import { CompiledQuery, sql, type DatabaseConnection, type Kysely } from "kysely";
import type { Database } from "./schema";

export interface AuditContext {
  /** The request's own id: its entry's key, whatever transactions it runs. */
  request: string;
  actor: number;
  roles: readonly string[];
  /** The OpenAPI operation, e.g. "PUT /api/applications/{id}". */
  operation: string;
  /** The table the operation is about, and the row's id when the path names it. */
  entity: string;
  entity_id?: string;
  application?: number;
  /** The changed fields are recorded without their values (a person's erasure). */
  redact?: boolean;
}

// On globalThis: the server and the Remix build each bundle a copy of this module, and both must see the same context.
const KEY = Symbol.for("ta-portal.audit-context");
const storage: AsyncLocalStorage<AuditContext> = ((globalThis as Record<symbol, unknown>)[KEY] ??= new AsyncLocalStorage<AuditContext>()) as AsyncLocalStorage<AuditContext>;

/** Runs `work` with its database writes recorded as `context`'s. */
export const auditing = <T>(context: AuditContext, work: () => T): T => storage.run(context, work);

/** The context of the write running here, if any. */
export const auditContext = (): AuditContext | undefined => storage.getStore();

/** From here to the end of transaction `trx`, its writes' changed fields are recorded without their values (a person's erasure). */
export async function redactAuditIn(trx: Kysely<Database>): Promise<void> {
  const context = storage.getStore();
  if (context) await sql`select set_config('portal.audit', ${JSON.stringify({ ...context, redact: true })}, true)`.execute(trx);
}

// What each connection's session holds now, so that a connection that already holds the right value costs no round trip.
const held = new WeakMap<DatabaseConnection, string>();

/** Puts the running request's context (or none) on `connection` before it is used (Kysely's onReserveConnection). */
export async function reserveWithAuditContext(connection: DatabaseConnection): Promise<void> {
  const context = storage.getStore();
  const value = context ? JSON.stringify(context) : "";
  if ((held.get(connection) ?? "") === value) return;
  await connection.executeQuery(CompiledQuery.raw("select set_config('portal.audit', $1, false)", [value]));
  held.set(connection, value);
}
