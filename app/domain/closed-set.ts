// A text column whose values the domain closes to one list (a status, a state:
// docs/lifecycle.md#statuses). The database types it as text (app/db knows no
// domain, docs/decisions/035-layers.md), so each status kind has one narrowing,
// built here from its list, which its reads apply to the rows they answer: the
// API's schemas (z.enum of the same list) then type-check without casts. A
// value outside the list is a fault in the data, never passed on.
// No zod and no server imports: the browser loads the status modules.

/** The narrowing of a text to `values`; it throws on anything else, naming the `kind`. */
export function narrowingTo<const T extends string>(values: readonly T[], kind: string): (value: string) => T {
  return (value) => {
    if (!(values as readonly string[]).includes(value)) throw new Error(`Unknown ${kind}: ${JSON.stringify(value)}`);
    return value as T;
  };
}
