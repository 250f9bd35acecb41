// What an id is, without zod: the browser's modules (the chosen files of an
// upload field, the lists' links) import it, and zod stays out of their pages
// (ADR 020, docs/budgets.md#weight). ids.ts builds the schemas on it.

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
