// The grant letter's text (docs/lifecycle.md#grant): the grant-letter-template
// setting with its placeholders filled, then cut into the blocks the PDF draws.
// Pure: the syntax is documented in ADR 024 and in the setting's hint.
import { formatEuro } from "../applications/money";
import { formatDay } from "../days";

export interface LetterInfrastructure {
  name: string;
  units: number | null;
  participants: number | null;
  /** Euro, as the numeric column reads ("12500.00"). */
  budget: string | null;
  /** The first and last day of the infrastructure's eligible accesses (yyyy-MM-dd). */
  accessFrom: string | null;
  accessTo: string | null;
}

export interface LetterData {
  projectName: string;
  applicant: string;
  organization: string;
  acronym: string;
  title: string;
  call: string;
  /** Calendar days, yyyy-MM-dd. */
  letterDate: string;
  grantDate: string | null;
  acceptanceDate: string | null;
  grantAgreement: string;
  /** The infrastructures that accepted the application, in the application's order. */
  infrastructures: LetterInfrastructure[];
}

export type LetterLocale = "en" | "fr";

/** Shown for a value the application does not have (yet): a preview before every decision. */
export const MISSING = "—";

/** The placeholders of the whole letter, and those of one infrastructure inside {{#infrastructures}}…{{/infrastructures}}. */
export const LETTER_PLACEHOLDERS = [
  "project_name", "applicant", "organization", "acronym", "title", "call", "date", "grant_date",
  "acceptance_date", "grant_agreement", "total_budget", "logo",
] as const;
export const INFRASTRUCTURE_PLACEHOLDERS = ["infrastructure", "units", "participants", "budget", "access_from", "access_to"] as const;

const SECTION = "infrastructures";
// A section whose tags stand on lines of their own takes those lines with it (as Mustache does).
const SECTION_RE = new RegExp(`\\{\\{#${SECTION}\\}\\}(?:[ \\t]*\\n)?([\\s\\S]*?)(?:\\n[ \\t]*)?\\{\\{/${SECTION}\\}\\}`, "g");
const EMPTY = "\u0000";
const PLACEHOLDER_RE = /\{\{\s*([a-z_]+)\s*\}\}/g;
/** {{logo}} alone on its line: where the project logo is drawn. */
export const LOGO_LINE = "{{logo}}";

/** A budget in euro (numeric text) as the reader reads it; undefined when it is not a number. */
function euro(budget: string | null, locale: LetterLocale): string | undefined {
  if (budget === null || !/^-?\d+(\.\d+)?$/.test(budget)) return undefined;
  return formatEuro(Math.round(Number(budget) * 100), locale);
}

const day = (iso: string | null, locale: LetterLocale) => (iso ? formatDay(iso, locale) : MISSING);
const count = (n: number | null) => (n === null ? MISSING : String(n));

function infrastructureValues(i: LetterInfrastructure, locale: LetterLocale): Record<string, string> {
  return {
    infrastructure: i.name,
    units: count(i.units),
    participants: count(i.participants),
    budget: euro(i.budget, locale) ?? MISSING,
    access_from: day(i.accessFrom, locale),
    access_to: day(i.accessTo, locale),
  };
}

function letterValues(data: LetterData, locale: LetterLocale): Record<string, string> {
  const budgets = data.infrastructures.map((i) => i.budget).filter((b): b is string => b !== null && euro(b, locale) !== undefined);
  const totalCents = budgets.reduce((sum, b) => sum + Math.round(Number(b) * 100), 0);
  return {
    project_name: data.projectName,
    applicant: data.applicant || MISSING,
    organization: data.organization || MISSING,
    acronym: data.acronym || MISSING,
    title: data.title || MISSING,
    call: data.call,
    date: day(data.letterDate, locale),
    grant_date: day(data.grantDate, locale),
    acceptance_date: day(data.acceptanceDate, locale),
    grant_agreement: data.grantAgreement || MISSING,
    total_budget: budgets.length > 0 ? formatEuro(totalCents, locale) : MISSING,
  };
}

// Unknown names are left as typed, so a misspelt placeholder shows in the editor's preview.
const substitute = (text: string, values: Record<string, string>) =>
  text.replace(PLACEHOLDER_RE, (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole));

/**
 * The template with its placeholders filled: the section repeated for each
 * accepted infrastructure (its own names first, then the letter's), then the
 * letter's names. {{logo}} is kept for letterBlocks.
 */
export function fillTemplate(template: string, data: LetterData, locale: LetterLocale): string {
  const values = letterValues(data, locale);
  // An empty section leaves EMPTY, whose line goes too when the section stood on lines of its own.
  const withSections = template
    .replace(/\r\n?/g, "\n")
    .replaceAll(EMPTY, "")
    .replace(SECTION_RE, (_whole, body: string) =>
      data.infrastructures.length === 0 ? EMPTY : data.infrastructures.map((i) => substitute(body, { ...values, ...infrastructureValues(i, locale) })).join("\n"),
    )
    .replace(new RegExp(`(^|\n)${EMPTY}(\n|$)`, "g"), "$1")
    .replaceAll(EMPTY, "");
  return substitute(withSections, { ...values, logo: LOGO_LINE });
}

export type Block = { kind: "logo" } | { kind: "heading"; text: string } | { kind: "line"; text: string } | { kind: "space" };

/**
 * The filled letter as blocks: each line stays a line (an address keeps its
 * shape), a blank line is a paragraph's space, "# " starts a heading and
 * {{logo}} alone on a line places the logo. Tabs become spaces: the font has no tab.
 */
export function letterBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\t/g, "    ").trimEnd();
    if (line.trim() === LOGO_LINE) blocks.push({ kind: "logo" });
    else if (line.trim() === "") {
      if (blocks.length > 0 && blocks.at(-1)?.kind !== "space") blocks.push({ kind: "space" });
    } else if (/^#\s+/.test(line)) blocks.push({ kind: "heading", text: line.replace(/^#\s+/, "") });
    else blocks.push({ kind: "line", text: line });
  }
  while (blocks.at(-1)?.kind === "space") blocks.pop();
  return blocks;
}

/**
 * One line cut into lines no wider than `maxWidth` (as `measure` reads a
 * string's width): at spaces, and inside a word only when the word alone is
 * too wide (a long web address).
 */
export function wrapText(text: string, maxWidth: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  const indent = /^ */.exec(text)?.[0] ?? "";
  let current = "";
  for (const word of text.slice(indent.length).split(/ +/)) {
    const candidate = current ? `${current} ${word}` : `${indent}${word}`;
    if (measure(candidate) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    while (measure(current) > maxWidth && current.length > 1) {
      // The longest head that fits, by halves: a 20,000-character word stays cheap.
      let [fits, tooWide] = [1, current.length];
      while (tooWide - fits > 1) {
        const mid = (fits + tooWide) >> 1;
        if (measure(current.slice(0, mid)) <= maxWidth) fits = mid;
        else tooWide = mid;
      }
      const cut = fits;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}
