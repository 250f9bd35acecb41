import type { Hook } from "@hono/zod-openapi";
import type { ZodError } from "zod";
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const validationHook: Hook<any, any, any, any> = (result, c) => {
  if (!result.success) {
    return c.json(errorBody("validation.failed", fieldErrors(result.error as ZodError)), 422);
  }
};
