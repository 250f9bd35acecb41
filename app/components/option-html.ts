// A long option list (the 250 countries, three times per member on the
// wizard's group step) written as the HTML React writes for it, once per list:
// as elements, its options were most of those pages' rendering
// (docs/budgets.md#page-cost). The lists are kept while the process runs
// (app/lib/countries.server.ts), so the same array comes back on every page;
// only the selected option changes, and it is marked in the kept text.
// option-html.test.tsx renders both ways and compares the HTML.
import type { Option } from "./Field";

/** From this many options on, a select's options are written as one kept text. */
export const LONG_LIST = 50;

// React's escaping of text and attribute values (escapeTextForBrowser).
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escaped = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]);

interface Written {
  html: string;
  /** Where ` selected=""` goes for each value: right after its value attribute. */
  markAt: Map<string, number>;
}

const byList = new WeakMap<readonly Option[], Map<string | undefined, Written>>();

function written(options: readonly Option[], placeholder: string | undefined): Written {
  let byPlaceholder = byList.get(options);
  if (!byPlaceholder) byList.set(options, (byPlaceholder = new Map()));
  let text = byPlaceholder.get(placeholder);
  if (!text) {
    let html = "";
    const markAt = new Map<string, number>();
    const add = (value: string, label: string) => {
      html += `<option value="${escaped(value)}"`;
      if (!markAt.has(value)) markAt.set(value, html.length);
      html += `>${escaped(label)}</option>`;
    };
    if (placeholder !== undefined) add("", placeholder);
    for (const o of options) add(o.value, o.label);
    text = { html, markAt };
    byPlaceholder.set(placeholder, text);
  }
  return text;
}

/**
 * The options of a select as HTML, with an empty first option when a
 * `placeholder` is given, and `selected` (a value, or values for a multiple
 * select) marked as React marks a select's defaultValue.
 */
export function optionHtml(options: readonly Option[], selected: string | readonly string[] | undefined, placeholder?: string): string {
  const { html, markAt } = written(options, placeholder);
  const marks = (typeof selected === "string" ? [selected] : selected ?? [])
    .map((value) => markAt.get(value))
    .filter((at): at is number => at !== undefined)
    .sort((a, b) => a - b);
  if (marks.length === 0) return html;
  let out = "";
  let from = 0;
  for (const at of marks) {
    out += `${html.slice(from, at)} selected=""`;
    from = at;
  }
  return out + html.slice(from);
}
