// One rule for every single-line text (docs/validation.md#single-line-texts):
// titles, acronyms, names, subjects and every other text of one line hold no
// control character (CR, LF, tab, NUL, ESC…, the C1 range) and no Unicode line
// or paragraph separator. A form's input cannot produce one; a hand-made post
// could, and such a text ends up in mail headers, file names and spreadsheets.
// Multi-line texts (descriptions, notes) keep their line breaks.
import * as z from "zod/mini";

const CONTROL = "\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029";
const CONTROL_CHARACTER = new RegExp(`[${CONTROL}]`);
const CONTROL_RUN = new RegExp(`[${CONTROL}]+`, "g");

export const SINGLE_LINE_MESSAGE = "validation.single-line";

export const isSingleLine = (value: string): boolean => !CONTROL_CHARACTER.test(value);

/** The check a single-line text field carries (zod/mini), with its translated message. */
export const singleLine = () => z.refine<string>((value) => isSingleLine(value), SINGLE_LINE_MESSAGE);

/** The text on one line: each run of control characters becomes one space (what goes into a mail header). */
export const oneLine = (value: string): string => value.replace(CONTROL_RUN, " ").trim();
