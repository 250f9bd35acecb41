// The write pipeline (docs/decisions/015-one-write-pipeline.md). Every
// mutation of the domain takes its input through these steps, in this order:
//   1. parseInput: form semantics (blank or null is absent, at any depth), the
//      shared zod/mini schema, and the database's reference errors, reported
//      together as one 422 { field: [messageKey] };
//   2. claimVersion: inside the transaction, the row is locked and its
//      updated_at must equal the one the client read (409 when not, 404 when
//      the row is gone or in the trash), whatever the versioned table;
//   3. the writes, stamping updated_at with versionNow(), in the same
//      transaction. Nothing is signalled by hand after the commit: the
//      database's pool bumps the data version (app/db/data-version.server.ts).
// An application's status changes take these steps in applyTransition
// (applications/transition.server.ts). Versions are kept to the millisecond,
// the precision of JSON timestamps, so the wire value and the stored value
// compare by equality; this module is the only one that compares them.
import { sql, type Expression, type Kysely, type RawBuilder, type Selectable, type SqlBool } from "kysely";
import type * as z from "zod/mini";
import type { Db } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { timestampOf } from "./dates";
import { AppError, notFound } from "./errors";

import { fieldErrorsOf, type FieldErrors } from "./field-errors";

export { fieldErrorsOf, fieldName, type FieldErrors } from "./field-errors";

/** The updated_at a write stamps: now, to the millisecond (the wire's precision). Typed by the column it is set to. */
export const versionNow = <T = Date>(): RawBuilder<T> => sql<T>`date_trunc('milliseconds', now())`;

/** Tables whose rows can be trashed (deleted_at): a trashed row is gone for a write. */
const TRASHABLE = ["calls", "infrastructures", "pages", "documents", "applications"] as const;
export type TrashableTable = (typeof TRASHABLE)[number];

/**
 * Tables whose rows carry the version (updated_at) a write checks. The
 * settings have one version for the whole table: the latest updated_at.
 */
export type VersionedTable =
  | TrashableTable
  | "application_reviewers"
  | "watchdog_reviews"
  | "application_reports"
  | "application_infrastructures"
  | "accesses"
  | "settings";

const isBlank = (value: unknown) => value === null || (typeof value === "string" && value.trim() === "");

/**
 * Form semantics for JSON input (ADR 005): a blank string or a null is an
 * absent value, at any depth. A list drops its blank entries (a blank tag is
 * no tag) but keeps its rows in place, so an error's index names the row sent.
 */
export function blanksToAbsent(value: unknown): unknown {
  if (isBlank(value)) return undefined;
  if (Array.isArray(value)) return value.filter((v) => !isBlank(v)).map(blanksToAbsent);
  if (typeof value === "object" && value !== null) {
    // Absent keys, not undefined values, so defaults apply when spread over them.
    const entries = Object.entries(value).map(([k, v]) => [k, blanksToAbsent(v)] as const);
    return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
  }
  return value;
}

/** A JSON body as an object of fields; anything else (an array, a number) has no fields. */
export function fieldsOf(body: unknown): Record<string, unknown> {
  const value = blanksToAbsent(body);
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export const invalid = (errors: FieldErrors) => new AppError(422, "validation.failed", errors);

export interface ParseOptions<T> {
  /** Values the body may leave out (e.g. `periods: []`), under the body's own. */
  defaults?: Record<string, unknown>;
  /** Key errors by top-level field (see fieldErrorsOf). */
  byField?: boolean;
  /**
   * Rules that need the database (a named row exists and is not in the trash),
   * given the raw fields so they are reported with the schema's errors.
   */
  references?: (fields: Record<string, unknown>, parsed: T | undefined) => Promise<FieldErrors>;
}

/** Step 1: the body through the schema and the reference checks; 422 with every error at once. */
export async function parseInput<S extends z.ZodMiniType>(schema: S, body: unknown, options: ParseOptions<z.infer<S>> = {}): Promise<z.infer<S>> {
  const fields = { ...options.defaults, ...fieldsOf(body) };
  const parsed = schema.safeParse(fields);
  const errors = parsed.success ? (Object.create(null) as FieldErrors) : fieldErrorsOf(parsed.error.issues, options.byField);
  if (options.references) {
    for (const [field, messages] of Object.entries(await options.references(fields, parsed.success ? parsed.data : undefined))) {
      errors[field] ??= messages;
    }
  }
  if (!parsed.success || Object.keys(errors).length) throw invalid(errors);
  return parsed.data;
}

/** The version a client sent back (`updated_at`), or 422 naming the field. */
export function versionOf(value: unknown): Date {
  if (value instanceof Date) return value;
  const at = timestampOf(value);
  if (!at) throw invalid({ updated_at: [value === undefined ? "validation.required" : "validation.invalid"] });
  return at;
}

type Columns<T extends VersionedTable> = keyof Selectable<Database[T]> & string;

/** A claimed row: its updated_at and the columns the claim asked for. */
export type Claimed<T extends VersionedTable, C extends Columns<T> = never> = Pick<Selectable<Database[T]>, C | ("updated_at" & Columns<T>)>;

/**
 * The row a write claims: its id, or the columns that name it (a report by
 * `{ application_id }`, an application's infrastructure by `{ id,
 * application_id }` so that an id of another application names nothing). The
 * settings are claimed whole.
 */
export type RowKey<T extends VersionedTable> = T extends "settings" ? "whole table" : number | { readonly [C in Columns<T>]?: number };

export interface ClaimOptions<R, C extends string> {
  /** More of the row's columns to answer, read from the locked row. */
  columns?: readonly C[];
  /** The answer when no live row matches (404 when not given). */
  missing?: () => Error;
  /** Rules on the locked row that its writer answers before its version (a 422, a 403). */
  check?: (row: R) => void;
  update?: never;
}

export interface CurrentUpdate<R> {
  /**
   * The write as one UPDATE of the row: `current` is its WHERE condition (the
   * row named, live, and still at the version read); answers the updated row,
   * or undefined when none matched.
   */
  update: (current: Expression<SqlBool>) => Promise<R | undefined>;
}

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

const conditionsOf = (table: VersionedTable, key: RowKey<VersionedTable>): [string, unknown][] => [
  ...Object.entries(typeof key === "number" ? { id: key } : key === "whole table" ? {} : key),
  ...((TRASHABLE as readonly string[]).includes(table) ? [["deleted_at", null] as [string, unknown]] : []),
];

const isCurrent = (table: VersionedTable, key: RowKey<VersionedTable>, version: Date | null) => {
  const parts = conditionsOf(table, key).map(([column, value]) => (value === null ? sql`${sql.ref(column)} is null` : sql`${sql.ref(column)} = ${value}`));
  if (version) parts.push(sql`${sql.ref("updated_at")} = ${version}`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
};

const sameVersion = (stored: unknown, read: Date) => new Date(stored as string | Date).getTime() === read.getTime();

/**
 * Step 2, the one version check of every write: `readAt` is the `updated_at`
 * the client read of the row `key` of `table`. Inside the write's transaction
 * it locks the live row (a trashed one is gone) and answers its updated_at and
 * `columns`; 404 (or `missing()`) when there is none, `check`'s own answer,
 * then 409 `staleKey` when someone saved in between. The settings lock the
 * table and compare its latest version.
 *
 * With `update` (CurrentUpdate), for a write that is a single UPDATE of the
 * row, the check is made by that statement itself: it runs on the row only
 * while it is live and still at `readAt`, and PostgreSQL checks the condition
 * again on the row as locked, so it is as safe as the transaction's lock, in
 * one round trip instead of four (begin, the claim, the update, commit).
 */
export async function claimVersion<T extends VersionedTable, C extends Columns<T> = never>(trx: Db, table: T, key: RowKey<T>, readAt: unknown, staleKey: string, options?: ClaimOptions<Claimed<T, C>, C>): Promise<Claimed<T, C>>;
export async function claimVersion<T extends VersionedTable, R>(db: Db, table: T, key: RowKey<T>, readAt: unknown, staleKey: string, options: CurrentUpdate<R>): Promise<R>;
export async function claimVersion(
  trx: Db,
  table: VersionedTable,
  key: RowKey<VersionedTable>,
  readAt: unknown,
  staleKey: string,
  options: ClaimOptions<Record<string, unknown>, string> | CurrentUpdate<unknown> = {},
): Promise<unknown> {
  const at = versionOf(readAt);
  const db = trx as unknown as AnyDb;
  if (options.update) {
    const row = await options.update(isCurrent(table, key, at));
    if (row !== undefined) return row;
    const live = await db.selectFrom(table).select(sql`1`.as("one")).where(isCurrent(table, key, null)).executeTakeFirst();
    throw live ? new AppError(409, staleKey) : notFound();
  }
  if (key === "whole table") {
    // One save at a time; then the version read must still be the latest (none yet: nothing to be stale against).
    await sql`lock table ${sql.table(table)} in share row exclusive mode`.execute(trx);
    const { latest } = await db.selectFrom(table).select(sql<Date | null>`max(updated_at)`.as("latest")).executeTakeFirstOrThrow();
    if (latest && !sameVersion(latest, at)) throw new AppError(409, staleKey);
    return { updated_at: latest };
  }
  const row = await db
    .selectFrom(table)
    .select(["updated_at", ...(options.columns ?? [])])
    .where(isCurrent(table, key, null))
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw options.missing?.() ?? notFound();
  options.check?.(row);
  if (!sameVersion(row.updated_at, at)) throw new AppError(409, staleKey);
  return row;
}

/** Which of `ids` name no live row of `table` (soft-deleted rows count as missing). */
export async function missingLive(db: Db, table: TrashableTable | "users", ids: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const query = db.selectFrom(table as "calls").select("id").where("id", "in", wanted);
  const live = await (table === "users" ? query : query.where("deleted_at", "is", null)).execute();
  const found = new Set(live.map((r) => r.id));
  return wanted.filter((id) => !found.has(id));
}
