import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_GRANT_LETTER_TEMPLATE } from "./default-template";
import { fillTemplate, LETTER_PLACEHOLDERS, INFRASTRUCTURE_PLACEHOLDERS, letterBlocks, MISSING, wrapText, type LetterData } from "./template";

const DATA: LetterData = {
  projectName: "TA Portal",
  applicant: "Zoë Núñez",
  organization: "Université de Liège",
  acronym: "ICEFLOW",
  title: "Ice flow",
  call: "Call 2027",
  letterDate: "2026-11-23",
  grantDate: "2026-11-20",
  acceptanceDate: "2026-12-15",
  grantAgreement: "GA 101",
  infrastructures: [
    { name: "Station", units: 10, participants: 2, budget: "1200.5", accessFrom: "2027-03-01", accessTo: "2027-03-10" },
    { name: "Vessel", units: null, participants: null, budget: null, accessFrom: null, accessTo: null },
  ],
};

describe("fillTemplate", () => {
  it("fills every letter placeholder, in English and in French", () => {
    const all = LETTER_PLACEHOLDERS.filter((p) => p !== "logo").map((p) => `${p}={{${p}}}`).join("\n");
    expect(fillTemplate(all, DATA, "en").split("\n")).toEqual([
      "project_name=TA Portal", "applicant=Zoë Núñez", "organization=Université de Liège", "acronym=ICEFLOW", "title=Ice flow",
      "call=Call 2027", "date=23 November 2026", "grant_date=20 November 2026", "acceptance_date=15 December 2026",
      "grant_agreement=GA 101", "total_budget=€1,200.50",
    ]);
    expect(fillTemplate("{{date}} {{total_budget}}", DATA, "fr")).toMatch(/^23 novembre 2026 1[\s\u202f]200,50\s€$/);
  });

  it("repeats the infrastructures section per infrastructure, standalone tags taking their lines, and shows a missing value as a dash", () => {
    const template = `Hosts:\n{{#infrastructures}}\n- ${INFRASTRUCTURE_PLACEHOLDERS.map((p) => `{{${p}}}`).join(" | ")} ({{acronym}})\n{{/infrastructures}}\nEnd`;
    expect(fillTemplate(template, DATA, "en")).toBe(
      "Hosts:\n- Station | 10 | 2 | €1,200.50 | 1 March 2027 | 10 March 2027 (ICEFLOW)\n" +
        `- Vessel | ${MISSING} | ${MISSING} | ${MISSING} | ${MISSING} | ${MISSING} (ICEFLOW)\nEnd`,
    );
    expect(fillTemplate("[{{#infrastructures}}{{infrastructure}};{{/infrastructures}}]", DATA, "en")).toBe("[Station;\nVessel;]");
    expect(fillTemplate("a\n{{#infrastructures}}\nx\n{{/infrastructures}}\nb", { ...DATA, infrastructures: [] }, "en")).toBe("a\nb");
  });

  it("leaves unknown placeholders and infrastructure names outside the section as typed, accepts spaces inside braces", () => {
    expect(fillTemplate("{{ acronym }} {{units}} {{nope}} {{Acronym}}", DATA, "en")).toBe("ICEFLOW {{units}} {{nope}} {{Acronym}}");
  });

  it("does not fill a value's own braces again (a title that looks like a placeholder)", () => {
    expect(fillTemplate("{{title}}", { ...DATA, title: "{{acronym}}" }, "en")).toBe("{{acronym}}");
  });

  it("totals only the budgets that are amounts; none is a dash", () => {
    expect(fillTemplate("{{total_budget}}", { ...DATA, infrastructures: [] }, "en")).toBe(MISSING);
    expect(fillTemplate("{{total_budget}}", { ...DATA, infrastructures: [{ ...DATA.infrastructures[0], budget: "0.1" }, { ...DATA.infrastructures[0], budget: "0.2" }] }, "en")).toBe("€0.30");
  });

  it("the default template uses only known placeholders", () => {
    const filled = fillTemplate(DEFAULT_GRANT_LETTER_TEMPLATE, DATA, "en");
    expect(filled).not.toMatch(/\{\{(?!logo\}\})/);
    expect(filled).toContain("- Station: 10 units for 2 participants, budget €1,200.50, from 1 March 2027 to 10 March 2027");
  });
});

describe("letterBlocks", () => {
  it("keeps lines, turns blank runs into one space (none first or last), reads headings and the logo line", () => {
    expect(letterBlocks("\n{{logo}}\n\n\n# Title\nline one\n\tindented\n\n")).toEqual([
      { kind: "logo" }, { kind: "space" }, { kind: "heading", text: "Title" },
      { kind: "line", text: "line one" }, { kind: "line", text: "    indented" },
    ]);
    expect(letterBlocks("text {{logo}}")).toEqual([{ kind: "line", text: "text {{logo}}" }]);
  });
});

describe("wrapText", () => {
  const measure = (s: string) => s.length;

  it("breaks at spaces, and inside a word only when it alone is too wide", () => {
    expect(wrapText("the quick brown fox", 10, measure)).toEqual(["the quick", "brown fox"]);
    expect(wrapText("abcdefghijklmnopqrstuvwxy z", 10, measure)).toEqual(["abcdefghij", "klmnopqrst", "uvwxy z"]);
    expect(wrapText("  indented text here", 12, measure)).toEqual(["  indented", "text here"]);
    expect(wrapText("", 10, measure)).toEqual([""]);
  });

  it("never loses a character nor passes the width (for words of at least one character)", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-zé]{1,30}$/), { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 40 }), (words, width) => {
        const lines = wrapText(words.join(" "), width, measure);
        expect(lines.every((l) => l.length <= width)).toBe(true);
        expect(lines.join("").replace(/ /g, "")).toBe(words.join(""));
      }),
    );
  });

  it("cuts a 20,000-character word quickly", () => {
    const started = performance.now();
    expect(wrapText("x".repeat(20000), 80, measure)).toHaveLength(250);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
