// What pages and documents share on their way in: validation with the shared
// zod/mini schemas and the optimistic-concurrency check.
import { sql, type Expression, type SqlBool } from "kysely";
import type * as z from "zod/mini";
import type { Db } from "~/db/database.server";
import { timestampOf } from "./dates";
import { AppError, notFound } from "./errors";
import { blankToUndefined } from "./settings";

/**
 * The input checked by the form's own schema: 422 `{ field: [key] }` with the
 * top-level field as key, so a form shows each message beside its field.
 */
export function parseOrThrow<S extends z.ZodMiniType>(schema: S, input: unknown): z.infer<S> {
  const values = input && typeof input === "object" && !Array.isArray(input) ? blankToUndefined(input as Record<string, unknown>) : input;
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  // No prototype: a field named valueOf or toString is just a key.
  const errors: Record<string, string[]> = Object.create(null);
  for (const issue of parsed.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_";
    const message = /^[a-z-]+\.[a-z-]+$/.test(issue.message) ? issue.message : "validation.invalid";
    const list = (errors[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  throw new AppError(422, "validation.failed", errors);
}

/**
 * The version the client read (its `updated_at`), as a condition on the row:
 * an update that matches no row was made against a stale copy. Compared at
 * millisecond precision, the precision the JSON timestamps carry.
 */
export function sameVersion(column: "pages.updated_at" | "documents.updated_at", updatedAt: string): Expression<SqlBool> {
  const at = timestampOf(updatedAt);
  if (!at) throw new AppError(422, "validation.failed", { updated_at: ["validation.invalid"] });
  return sql<SqlBool>`date_trunc('milliseconds', ${sql.ref(column)}) = ${at.toISOString()}::timestamptz`;
}

/**
 * Why a versioned update matched no row: the row is still live, so someone
 * saved in between (409 with `staleKey`), or it is gone or trashed (404).
 */
export async function staleOrNotFound(db: Db, table: "pages" | "documents", id: number, staleKey: string): Promise<AppError> {
  const exists = await db.selectFrom(table).select("id").where("id", "=", id).where("deleted_at", "is", null).executeTakeFirst();
  return exists ? new AppError(409, staleKey) : notFound();
}

/** PostgreSQL's unique_violation, e.g. a slug taken between our check and our write. */
export const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === "23505";
