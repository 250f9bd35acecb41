import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Option } from "./Field";
import { OptionList, SelectOf } from "./SelectOf";
import { LONG_LIST, optionHtml } from "./option-html";

// A long list's kept text must be what React writes for its option elements,
// or the browser hydrates a different page: each case is rendered both ways
// and the HTML compared. renderToString, as the page is.
const countries: Option[] = Array.from({ length: 250 }, (_, i) => ({ value: `C${i}`, label: `Country ${i}` }));
countries.splice(3, 3, { value: "CI", label: "Côte d'Ivoire" }, { value: "A&B", label: 'Trinidad & "Tobago" <islands>' }, { value: "X'Y", label: "Ünïcödé ⟨ok⟩" });

type Props = { defaultValue?: string | string[]; multiple?: boolean; id?: string; name?: string };

/** React's own writing: the option elements, as the select held them before. */
const asElements = (props: Props, options: Option[], placeholder?: string) =>
  renderToString(
    <select {...props}>
      {placeholder === undefined ? null : <option value="">{placeholder}</option>}
      <OptionList options={options} />
    </select>,
  );
const asKept = (props: Props, options: Option[], placeholder?: string) => renderToString(<SelectOf props={props} options={options} placeholder={placeholder} />);

describe("a long select's options as one kept text", () => {
  const cases: [string, Props, string?][] = [
    ["nothing chosen", { id: "country", name: "country" }, "Choose a country"],
    ["one chosen", { id: "country", name: "country", defaultValue: "C120" }, "Choose a country"],
    ["the first chosen", { defaultValue: "C0" }, "Choose a country"],
    ["the last chosen", { defaultValue: "C249" }],
    ["the placeholder chosen", { defaultValue: "" }, "Choose <one> & \"go\""],
    ["a value needing escapes chosen", { defaultValue: "A&B" }, "Choose"],
    ["an apostrophe in the value", { defaultValue: "X'Y" }],
    ["a value not in the list", { defaultValue: "ZZ" }, "Choose"],
    ["several chosen", { multiple: true, defaultValue: ["C200", "CI", "C7"] }],
    ["none chosen of a multiple", { multiple: true, defaultValue: [] }],
  ];
  for (const [name, props, placeholder] of cases) {
    it(`writes what React writes: ${name}`, () => {
      const kept = asKept(props, countries, placeholder);
      expect(kept).toBe(asElements(props, countries, placeholder));
      // Written again from the kept text, the same.
      expect(asKept(props, countries, placeholder)).toBe(kept);
    });
  }

  it("is used from LONG_LIST options on; a shorter list stays elements", () => {
    const short = countries.slice(0, LONG_LIST - 1);
    expect(asKept({ defaultValue: "C1" }, short, "Choose")).toBe(asElements({ defaultValue: "C1" }, short, "Choose"));
    expect(optionHtml(countries, "C1")).toContain('<option value="C1" selected="">Country 1</option>');
    expect(optionHtml(countries, undefined)).not.toContain("selected");
  });
});
