// The one rule for row ids, shared by the forms (in the browser), the domain
// and the API. zod/mini and no server imports: UI modules import it; those that
// need no schema import id-rules.ts, which has no zod at all.
import * as z from "zod/mini";

// The rules the browser needs too, without zod (ADR 020).
export { ID_LIST_MAX, ID_MAX, ID_TEXT, idFromText, isId, PAGE_MAX } from "./id-rules";
import { ID_LIST_MAX, isId } from "./id-rules";

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
