import type { Hook } from "@hono/zod-openapi";
import type { Context, Input } from "hono";
import type { ZodError } from "zod";
import type { Db } from "~/db/database.server";
import { fieldErrorsOf, type FieldErrors } from "~/domain/field-errors";
import { fieldsOf } from "~/domain/write.server";
import type { ApiEnv } from "./context";
import { errorBody } from "./error-body.server";

/** Zod issues as `{ field: [messageKey] }`, the error shape of docs/api.md#errors. */
export function fieldErrors(error: ZodError): Record<string, string[]> {
  // No prototype: a field named valueOf or toString is just a key.
  const errors: Record<string, string[]> = Object.create(null);
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    (errors[key] ??= []).push(issue.message.startsWith("validation.") ? issue.message : "validation.invalid");
  }
  return errors;
}

/** Marks the issues of a body parsed as the write pipeline parses it (contract.ts's parsedBody). */
export const PIPELINE_ISSUE = { pipeline: true } as const;

type Issue = ZodError["issues"][number] & { params?: Record<string, unknown> };

// A body parsed with the domain's schema (parsedBody) is answered as the write
// pipeline answers it (its fields as the forms name them, the schema's message
// keys), so a form maps the errors back the same whether the API's validator
// or the domain refused it; other parts keep the API's own field names.
const errorsOf = (result: { error?: unknown }): FieldErrors => {
  const issues = (result.error as ZodError).issues as Issue[];
  const pipeline = issues.filter((i) => i.params?.pipeline === true);
  if (!pipeline.length) return fieldErrors(result.error as ZodError);
  const errors = fieldErrorsOf(pipeline);
  const others = issues.filter((i) => i.params?.pipeline !== true);
  if (others.length) for (const [field, messages] of Object.entries(fieldErrors({ issues: others } as ZodError))) errors[field] ??= messages;
  return errors;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const validationHook: Hook<any, any, any, any> = (result, c) => {
  if (!result.success) return c.json(errorBody("validation.failed", errorsOf(result)), 422);
};

/**
 * The validation hook of a body whose domain also checks it against the
 * database (a country or row it names exists): when the schema refuses the
 * body, those checks run too on its fields, so the 422 lists every error at
 * once, the schema's first for a field (docs/decisions/015-one-write-pipeline.md).
 * The validator hands the hook the body it refused (`data`), as it read it.
 */
export function withReferences<I extends Input, P extends string, R>(
  references: (db: Db, fields: Record<string, unknown>) => Promise<FieldErrors>,
): Hook<I, ApiEnv, P, R> {
  const hook = async (result: { success: boolean; target?: string; error?: unknown; data?: unknown }, c: Context<ApiEnv>) => {
    if (result.success) return;
    const errors = errorsOf(result);
    if (result.target === "json") {
      for (const [field, messages] of Object.entries(await references(c.get("deps").db, fieldsOf(result.data)))) errors[field] ??= messages;
    }
    return c.json(errorBody("validation.failed", errors), 422);
  };
  return hook as never;
}
