// A long list of choices (the 250 countries, three times per member on the
// wizard's group step; some 85 filter checkboxes on a staff list) written as
// the HTML React writes for its elements, as one text: as elements, such lists
// were a large part of those pages' rendering (docs/budgets.md#page-cost).
// The text is made once per list and kept; only which choices are marked
// (selected, checked) changes from page to page, and the marks are put into
// the kept text. list-html.test.tsx renders both ways and compares the HTML.
import type { Option } from "./option";

/** From this many choices on, a list is written as one kept text. */
export const LONG_LIST = 50;

// React's escaping of text and attribute values (escapeTextForBrowser).
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escaped = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]);

interface Written {
  /** What the text was made of: the kind, its name or placeholder, each choice. */
  kind: string;
  of: readonly Option[];
  html: string;
  /** Where each value's mark goes. */
  markAt: Map<string, number>;
}

// Not app/cache: this is a memo of a pure, synchronous rendering of what the
// page already holds, not an answer read from the database.
/** Enough for every long list in both languages; the oldest goes first. */
const KEPT_MAX = 64;
const kept: Written[] = [];

const sameChoices = (a: readonly Option[], b: readonly Option[]) => a.length === b.length && a.every((o, i) => o.value === b[i].value && o.label === b[i].label);

/**
 * The list's text, kept. Lists are compared by content: a loader's data is
 * parsed afresh for every page, so the same list is a new array each time.
 */
function written(kind: string, options: readonly Option[], write: (add: (value: string, before: string, after: string) => void) => void): Written {
  const found = kept.find((w) => w.kind === kind && sameChoices(w.of, options));
  if (found) return found;
  let html = "";
  const markAt = new Map<string, number>();
  write((value, before, after) => {
    html += before;
    if (!markAt.has(value)) markAt.set(value, html.length);
    html += after;
  });
  const made = { kind, of: options.map(({ value, label }) => ({ value, label })), html, markAt };
  if (kept.length >= KEPT_MAX) kept.shift();
  kept.push(made);
  return made;
}

/** The text with `mark` put in for each of `values` that the list holds. */
function marked({ html, markAt }: Written, values: readonly string[], mark: string): string {
  const at = values
    .map((value) => markAt.get(value))
    .filter((i): i is number => i !== undefined)
    .sort((a, b) => a - b);
  let out = "";
  let from = 0;
  for (const i of at) {
    out += html.slice(from, i) + mark;
    from = i;
  }
  return out + html.slice(from);
}

const valuesOf = (selected: string | readonly string[] | undefined) => (typeof selected === "string" ? [selected] : (selected ?? []));

/**
 * A select's options, with an empty first option when a `placeholder` is
 * given, and `selected` (a value, or values for a multiple select) marked as
 * React marks a select's defaultValue.
 */
export function optionHtml(options: readonly Option[], selected: string | readonly string[] | undefined, placeholder?: string): string {
  const text = written(`option\u0000${placeholder ?? "\u0001"}`, options, (add) => {
    const option = (value: string, label: string) => add(value, `<option value="${escaped(value)}"`, `>${escaped(label)}</option>`);
    if (placeholder !== undefined) option("", placeholder);
    for (const o of options) option(o.value, o.label);
  });
  return marked(text, valuesOf(selected), ' selected=""');
}

/** A list of checkboxes named `name`, each in its label in a list item, those of `checked` ticked (as React writes defaultChecked). */
export function checkboxHtml(options: readonly Option[], name: string, checked: readonly string[]): string {
  const text = written(`checkbox\u0000${name}`, options, (add) => {
    for (const o of options) add(o.value, `<li><label><input type="checkbox" name="${escaped(name)}"`, ` value="${escaped(o.value)}"/>${escaped(o.label)}</label></li>`);
  });
  return marked(text, checked, ' checked=""');
}
