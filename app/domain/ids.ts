// The one rule for row ids, shared by the forms (in the browser), the domain
// and the API. zod/mini and no server imports: UI modules import it.
import * as z from "zod/mini";

/** The largest value of PostgreSQL's `integer`, the type of every id column. */
export const ID_MAX = 2_147_483_647;

/** The last page a list may be asked for: its offset stays far inside PostgreSQL's bigint. */
export const PAGE_MAX = 1_000_000;

/** The most ids one list in a body may carry (infrastructures of a call, attachments, users asked about…). */
export const ID_LIST_MAX = 1000;

/** An id as text (a path segment, a query parameter): decimal digits, no sign, no leading zero. */
export const ID_TEXT = /^[1-9][0-9]{0,9}$/;

/** A row id: an integer from 1 to 2³¹−1, anything else could never name a row. */
export const isId = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= ID_MAX;

/** An id written as text (ID_TEXT), as a number; undefined when it is none. */
export function idFromText(text: string): number | undefined {
  if (!ID_TEXT.test(text)) return undefined;
  const id = Number(text);
  return isId(id) ? id : undefined;
}

// One refinement rather than z.int() and bounds: a z.int() failure aborts the
// parse and would hide the other fields' errors, and one message is enough.
const requiredOr = (invalid: string) => ({
  error: (iss: { input?: unknown }) => (iss.input === undefined ? "validation.required" : invalid),
});

/** The id schema: `invalid` for anything but an id, validation.required when absent. */
export const idOf = (invalid = "validation.invalid") => z.number(requiredOr(invalid)).check(z.refine(isId, invalid));

/** An id (message validation.invalid). */
export const Id = idOf();

/** A list of ids, at most `max` (validation.max beyond). */
export const idListOf = (invalid = "validation.invalid", max = ID_LIST_MAX) =>
  z.array(idOf(invalid)).check(z.maxLength(max, "validation.max"));
