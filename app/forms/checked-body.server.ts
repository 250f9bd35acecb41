// A body an action built from its form, checked with the domain's schema
// before the API is called, as the schema checks it in the API
// (docs/decisions/005-forms-validate-on-the-server-first.md): the operation is
// then called with the value the schema typed, and a refusal comes back as the
// API's 422 would, its fields named and keyed alike, for the form to show.
// The action leaves a blank field out of the body, as the API reads it.
import type * as z from "zod/mini";
import type { ApiFailure } from "~/api/client.server";
import { fieldErrorsOf } from "~/domain/field-errors";

export function checkedBody<S extends z.ZodMiniType>(schema: S, body: unknown): { ok: true; data: z.output<S> } | ApiFailure {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, status: 422, message: "validation.failed", errors: fieldErrorsOf(parsed.error.issues) };
}
