// The built-in extractive assistant (docs/decisions/042-assistant-pre-fill.md):
// no model, only the plan's own words. It finds the title and acronym on the
// first lines or after "Title:" and "Acronym:", the paragraphs under headings
// it knows (Summary or Abstract, Objectives, Methods, Justification, Equipment,
// Season…), the activity field named after "Discipline:" or "Field:", and the
// activity keywords of the portal's list the plan names (after "Keywords:",
// else the most frequent in the text). It invents nothing; what it does not
// find stays empty.
import type { Answer } from "./suggestion";

export interface ListItem {
  value: string;
  label: string;
}

type Part = "summary" | "objectives" | "methods" | "justification" | "available_season" | "bring_equipment" | "need_equipment" | "keywords" | "other";

// Headings, as the start of a short line (numbered or not, with or without a colon).
const HEADINGS: [RegExp, Part][] = [
  [/^(project )?(summary|abstract|overview|executive summary|résumé)\b/i, "summary"],
  [/^(main |specific |scientific )?(objectives?|aims?|goals?)( and (hypothes[ie]s|questions))?\b/i, "objectives"],
  [/^(research )?(methods?|methodology|approach|work ?plan)\b/i, "methods"],
  [/^(justification|why (this|the) infrastructure|need for access|rationale)\b/i, "justification"],
  [/^(season|timing|field season|schedule|period|available season)\b/i, "available_season"],
  [/^(equipment (to be )?(brought|we bring|you bring)|own equipment|equipment brought)\b/i, "bring_equipment"],
  [/^(equipment (needed|required)( on site)?|required equipment|equipment on site|facilities needed)\b/i, "need_equipment"],
  [/^(equipment)\b/i, "bring_equipment"],
  [/^(key ?words?)\b/i, "keywords"],
];
const NUMBERED = /^(\d+(\.\d+)*[.)]?|[IVX]+\.)\s+\S/;
const LABELLED = /^(project title|title|acronym|project acronym|discipline|field|activity field|keywords?)\s*:\s*(.+)$/i;
const HEADING_MAX = 80;
/** A suggested text's longest: the wizard's texts take 2000 characters (docs/validation.md#limits). */
const TEXT_MAX = 2000;
const KEYWORDS_MAX = 5;

const stripNumber = (line: string) => line.replace(/^(\d+(\.\d+)*[.)]?|[IVX]+\.)\s+/, "").replace(/[:.]\s*$/, "").trim();

function headingOf(line: string): Part | undefined {
  if (line.length > HEADING_MAX) return undefined;
  const bare = stripNumber(line);
  const known = HEADINGS.find(([re]) => re.test(bare));
  // A known heading, alone on its line (a colon may start its text on the same line).
  if (known && (bare.length <= 60 || /:/.test(line))) return known[1];
  // Any other short numbered line is a heading too: it ends the part before it.
  if (NUMBERED.test(line) && line.length <= 60 && !/[.;]$/.test(line)) return "other";
  return undefined;
}

/** Up to `max` characters, cut after the last whole sentence (else the last whole word). */
export function clip(text: string, max = TEXT_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentence = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf(".\n"));
  if (sentence > max / 2) return cut.slice(0, sentence + 1);
  return cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : max).trimEnd();
}

const fold = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

function matchItem(items: readonly ListItem[], text: string): ListItem | undefined {
  const t = fold(text.trim());
  return items.find((i) => fold(i.value) === t || fold(i.label) === t) ?? items.find((i) => t.startsWith(fold(i.value) + " ") || t.includes(fold(i.label)));
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The list's keywords the plan names, most frequent first, at most five. */
function keywordsIn(text: string, items: readonly ListItem[]): string[] {
  const folded = fold(text);
  return items
    .map((i) => ({ value: i.value, n: (folded.match(new RegExp(`\\b${escapeRe(fold(i.label))}\\b`, "g")) ?? []).length }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n)
    .slice(0, KEYWORDS_MAX)
    .map((x) => x.value);
}

/** What the plan's own text says, as an assistant's answer. */
export function extractFromPlan(text: string, lists: { disciplines: readonly ListItem[]; keywords: readonly ListItem[] }): Answer {
  const lines = text.split("\n").map((l) => l.trim());
  const parts = new Map<Part, string[]>();
  const labelled = new Map<string, string>();
  let part: Part | undefined;
  let title: string | undefined;
  for (const line of lines) {
    const label = LABELLED.exec(line);
    if (label) {
      labelled.set(label[1].toLowerCase().replace(/^(project|activity) /, ""), label[2].trim());
      continue;
    }
    const heading = line ? headingOf(line) : undefined;
    if (heading) {
      part = heading;
      // "Summary: The project…" starts the part's text on the heading's line.
      const rest = line.includes(":") ? line.slice(line.indexOf(":") + 1).trim() : "";
      if (rest) (parts.get(part) ?? parts.set(part, []).get(part)!).push(rest);
      continue;
    }
    if (!line) {
      if (part) parts.get(part)?.push("");
      continue;
    }
    if (part) (parts.get(part) ?? parts.set(part, []).get(part)!).push(line);
    else if (!title && line.length <= 255) title = line;
    else (parts.get("other") ?? parts.set("other", []).get("other")!).push(line);
  }
  // Lines of a paragraph joined by spaces; paragraphs by one blank line.
  const body = (p: Part) => {
    const joined = (parts.get(p) ?? []).join("\n").split(/\n{2,}/).map((para) => para.replace(/\n/g, " ").trim()).filter(Boolean).join("\n\n");
    return joined ? clip(joined) : undefined;
  };
  // "Research plan: The title" names the title after its colon.
  const titleLine = labelled.get("title") ?? title?.replace(/^(research (plan|proposal)|project( proposal)?)\s*[:–—-]\s*/i, "");
  const acronymOf = (t: string | undefined) => /\(([A-Z][A-Za-z0-9-]{1,19})\)/.exec(t ?? "")?.[1] ?? /^([A-Z][A-Z0-9-]{1,19})\s*[:–—-]\s+\S/.exec(t ?? "")?.[1];
  const acronym = labelled.get("acronym") ?? acronymOf(titleLine);
  const cleanTitle = titleLine?.replace(/\s*\([A-Z][A-Za-z0-9-]{1,19}\)\s*/, " ").replace(/^[A-Z][A-Z0-9-]{1,19}\s*[:–—-]\s+/, "").trim();
  const named = labelled.get("discipline") ?? labelled.get("field");
  const discipline = named ? matchItem(lists.disciplines, named)?.value : undefined;
  const listed = (labelled.get("keywords") ?? labelled.get("keyword") ?? (parts.get("keywords") ?? []).join(", "))
    .split(/[,;·•]/)
    .map((k) => matchItem(lists.keywords, k)?.value)
    .filter((k): k is string => !!k);
  const keywords = [...new Set(listed.length ? listed : keywordsIn(text, lists.keywords))].slice(0, KEYWORDS_MAX);
  const objectives = body("objectives");
  return {
    title: cleanTitle || undefined,
    acronym,
    summary: body("summary") ?? (body("other") ? clip(body("other")!) : undefined),
    objectives,
    discipline,
    keywords: keywords.length ? keywords : undefined,
    justification: body("justification") ?? objectives,
    available_season: body("available_season"),
    bring_equipment: body("bring_equipment"),
    need_equipment: body("need_equipment"),
  };
}
