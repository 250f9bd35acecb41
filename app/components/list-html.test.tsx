import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Option } from "./Field";
import { OptionList, SelectOf } from "./SelectOf";
import { checkboxHtml, LONG_LIST, optionHtml } from "./list-html";

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

describe("a filter's checkboxes as one kept text", () => {
  /** React's own writing: the elements CheckboxFilter held before. */
  const asElements = (options: Option[], name: string, checked: string[]) =>
    renderToString(
      <ul>
        {options.map((o) => (
          <li key={o.value}>
            <label>
              <input type="checkbox" name={name} value={o.value} defaultChecked={checked.includes(o.value)} />
              {o.label}
            </label>
          </li>
        ))}
      </ul>,
    );
  const asKept = (options: Option[], name: string, checked: string[]) => renderToString(<ul dangerouslySetInnerHTML={{ __html: checkboxHtml(options, name, checked) }} />);
  const statuses: Option[] = [
    { value: "draft", label: "Draft" },
    { value: "submit", label: "Submitted" },
    { value: "a&b", label: `Tom's "quoted" <status>` },
    { value: "reported", label: "Rapport remis" },
  ];

  const cases: [string, Option[], string, string[]][] = [
    ["none ticked", statuses, "status[]", []],
    ["one ticked", statuses, "status[]", ["submit"]],
    ["several ticked, in any order", statuses, "status[]", ["reported", "draft", "a&b"]],
    ["a value the list lacks", statuses, "status[]", ["gone"]],
    ["a name needing escapes", statuses, `odd"name`, ["draft"]],
    ["a long list", countries, "country[]", ["C0", "CI", "C249"]],
  ];
  for (const [name, options, field, checked] of cases) {
    it(`writes what React writes: ${name}`, () => {
      const kept = asKept(options, field, checked);
      expect(kept).toBe(asElements(options, field, checked));
      expect(asKept(options, field, checked)).toBe(kept);
    });
  }

  it("keeps each list's text by its content: a list parsed afresh is the same list, a changed one is not", () => {
    const first = checkboxHtml(statuses, "status[]", []);
    expect(checkboxHtml(JSON.parse(JSON.stringify(statuses)) as Option[], "status[]", [])).toBe(first);
    const renamed = statuses.map((o) => (o.value === "draft" ? { ...o, label: "Brouillon" } : o));
    expect(checkboxHtml(renamed, "status[]", [])).toContain(">Brouillon<");
    expect(checkboxHtml(statuses, "other[]", [])).toContain('name="other[]"');
  });
});
