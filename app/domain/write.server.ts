// The write pipeline (docs/decisions/015-one-write-pipeline.md). Every
// mutation of the domain takes its input through these steps, in this order:
//   1. parseInput: form semantics (blank or null is absent, at any depth), the
//      shared zod/mini schema, and the database's reference errors, reported
//      together as one 422 { field: [messageKey] };
//   2. claimVersion: inside the transaction, the row is locked and its
//      updated_at must equal the one the client read (409 when not, 404 when
//      the row is gone or in the trash);
//   3. the writes, stamping updated_at with versionNow().
// Versions are kept to the millisecond, the precision of JSON timestamps, so
// the wire value and the stored value compare by equality.
import { sql, type RawBuilder } from "kysely";
import type * as z from "zod/mini";
import type { Db } from "~/db/database.server";
import { timestampOf } from "./dates";
import { AppError, notFound } from "./errors";

import { fieldErrorsOf, type FieldErrors } from "./field-errors";

export { fieldErrorsOf, fieldName, type FieldErrors } from "./field-errors";

/** The updated_at a write stamps: now, to the millisecond (the wire's precision). Typed by the column it is set to. */
export const versionNow = <T = Date>(): RawBuilder<T> => sql<T>`date_trunc('milliseconds', now())`;

/** Tables whose rows carry a version and can be trashed. */
export type VersionedTable = "calls" | "infrastructures" | "pages" | "documents" | "applications";

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

/**
 * Step 2, inside the write's transaction: locks the live row and checks it is
 * still the version the client read. 404 when it is gone or trashed, 409
 * `staleKey` when someone saved in between.
 */
export async function claimVersion(trx: Db, table: VersionedTable, id: number, readAt: unknown, staleKey: string): Promise<void> {
  const at = versionOf(readAt);
  const { rows } = await sql<{ updated_at: Date }>`
    select updated_at from ${sql.table(table)} where id = ${id} and deleted_at is null for update`.execute(trx);
  if (!rows.length) throw notFound();
  if (new Date(rows[0].updated_at).getTime() !== at.getTime()) throw new AppError(409, staleKey);
}

/**
 * Steps 2 and 3 in one statement, for a write that is a single UPDATE of the
 * row: `update(version)` runs it on the live row whose `updated_at` is still
 * `version` (the caller adds those conditions) and answers the row, or
 * undefined when none matched; then 404 when the row is gone or trashed, 409
 * `staleKey` when someone saved in between. The UPDATE locks the row and
 * PostgreSQL checks the conditions again on the row as locked, so it is as
 * safe as claimVersion's transaction, in one round trip instead of four
 * (begin, the claim, the update, commit).
 */
export async function updateIfCurrent<T>(db: Db, table: VersionedTable, id: number, readAt: unknown, staleKey: string, update: (version: Date) => Promise<T | undefined>): Promise<T> {
  const row = await update(versionOf(readAt));
  if (row !== undefined) return row;
  const { rows } = await sql`select 1 from ${sql.table(table)} where id = ${id} and deleted_at is null`.execute(db);
  throw rows.length ? new AppError(409, staleKey) : notFound();
}

/** Which of `ids` name no live row of `table` (soft-deleted rows count as missing). */
export async function missingLive(db: Db, table: VersionedTable | "users", ids: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const query = db.selectFrom(table as "calls").select("id").where("id", "in", wanted);
  const live = await (table === "users" ? query : query.where("deleted_at", "is", null)).execute();
  const found = new Set(live.map((r) => r.id));
  return wanted.filter((id) => !found.has(id));
}
