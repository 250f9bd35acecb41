import { getZodConstraint } from "@conform-to/zod/v4";

type Schema = Parameters<typeof getZodConstraint>[0];
type Constraint = ReturnType<typeof getZodConstraint>;

const kept = new WeakMap<Schema, Constraint>();

/**
 * Conform's constraints of a form's schema (required, lengths, patterns), worked
 * out once per schema: getZodConstraint walks the whole schema, and a form asked
 * for it on every render (the settings form's ~60 fields: a fiftieth of its CPU
 * time, docs/budgets.md#page-cost). Conform only reads the object.
 */
export function zodConstraint(schema: Schema): Constraint {
  let constraint = kept.get(schema);
  if (!constraint) kept.set(schema, (constraint = getZodConstraint(schema)));
  return constraint;
}
