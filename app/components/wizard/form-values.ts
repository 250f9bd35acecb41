import type { DefaultValue } from "@conform-to/react";

// A saved section as a form's default value: Conform shows a ticked box for
// "on" and a field's text for a string, so booleans and numbers are turned
// into what the form would post. Of a JSON value (a section as the API
// answers it), what comes out is Conform's DefaultValue of what went in (a
// boolean's "on" or nothing, a number's text, lists and objects field by
// field), which the overload states: the walk below reads any value, so it
// cannot say so itself.
export function asFormValues<T>(value: T): DefaultValue<T>;
export function asFormValues(value: unknown): unknown {
  if (value === true) return "on";
  if (value === false || value === null) return undefined;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(asFormValues);
  if (typeof value === "object" && value !== undefined) {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, asFormValues(v)]));
  }
  return value;
}
