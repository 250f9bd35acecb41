// What a Crossref-compatible metadata service says about a DOI, as the
// fields of a publication (docs/decisions/049-doi-metadata.md): title,
// authors, year, the journal (or book, or proceedings) with its volume, issue
// and pages into `references`, and the type among PUBLICATION_TYPES. Pure and
// zod-free: the service's answer is read defensively, field by field, never
// trusted to have a shape.
import { isSingleLine, oneLine } from "../single-line";
import { TEXT_MAX, TITLE_MAX } from "../applications/fields";
import { YEAR_MIN } from "../days";
import { PUBLICATION_TYPES } from "./parts";

type PublicationType = (typeof PUBLICATION_TYPES)[number];

/** The fields a DOI fills; a field the service does not give is absent. */
export interface DoiFilled {
  title?: string;
  authors?: string;
  year?: number;
  publication_type?: PublicationType;
  references?: string;
}

/** The fields the button fills, in the form's order. */
export const DOI_FILLED_FIELDS = ["title", "authors", "year", "publication_type", "references"] as const;

// Crossref's work types (https://api.crossref.org/types) as the portal's.
const TYPES: Record<string, PublicationType> = {
  "journal-article": "article", "journal-issue": "article", "book": "book", "monograph": "book", "edited-book": "book", "reference-book": "book",
  "book-chapter": "book-chapter", "book-section": "book-chapter", "book-part": "book-chapter", "reference-entry": "book-chapter",
  "proceedings-article": "conference-paper", "proceedings": "conference-paper", "dissertation": "thesis", "dataset": "dataset",
  "database": "dataset", "report": "report", "report-series": "report", "report-component": "report",
};

const text = (v: unknown): string | undefined => (typeof v === "string" ? oneLine(v.replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ").trim() || undefined : undefined);
const first = (v: unknown): string | undefined => (Array.isArray(v) ? v.map(text).find(Boolean) : text(v));
const cut = (v: string | undefined, max: number) => (v && v.length > max ? `${v.slice(0, max - 1)}…` : v);

function authorsOf(list: unknown): string | undefined {
  if (!Array.isArray(list)) return undefined;
  const names = list.slice(0, 200).flatMap((a) => {
    if (!a || typeof a !== "object") return [];
    const { given, family, name } = a as Record<string, unknown>;
    const full = [text(given), text(family)].filter(Boolean).join(" ") || text(name);
    return full ? [full] : [];
  });
  return cut(names.join(", ") || undefined, TEXT_MAX);
}

function yearOf(message: Record<string, unknown>): number | undefined {
  for (const key of ["issued", "published", "published-print", "published-online", "created"]) {
    const parts = (message[key] as { "date-parts"?: unknown } | undefined)?.["date-parts"];
    const y = Array.isArray(parts) && Array.isArray(parts[0]) ? Number(parts[0][0]) : NaN;
    if (Number.isInteger(y) && y >= YEAR_MIN && y <= new Date().getUTCFullYear() + 1) return y;
  }
  return undefined;
}

/** "Journal of Glaciology, 68(270), 1–12": where the work appeared. */
function referencesOf(m: Record<string, unknown>): string | undefined {
  const where = first(m["container-title"]);
  if (!where) return undefined;
  const volume = text(m.volume);
  const issue = text(m.issue);
  const page = text(m.page);
  const number = volume ? `${volume}${issue ? `(${issue})` : ""}` : undefined;
  return cut([where, number, page].filter(Boolean).join(", "), TEXT_MAX);
}

/** The publication fields of a service's answer ({ message: { title, author, issued, container-title, type } }). */
export function fromCrossref(body: unknown): DoiFilled {
  const m = body && typeof body === "object" ? (body as { message?: unknown }).message : undefined;
  if (!m || typeof m !== "object") return {};
  const message = m as Record<string, unknown>;
  const title = cut(first(message.title), TITLE_MAX);
  const type = typeof message.type === "string" ? (TYPES[message.type] ?? "other") : undefined;
  const filled: DoiFilled = {
    title: title && isSingleLine(title) ? title : undefined,
    authors: authorsOf(message.author),
    year: yearOf(message),
    publication_type: type,
    references: referencesOf(message),
  };
  return Object.fromEntries(Object.entries(filled).filter(([, v]) => v !== undefined)) as DoiFilled;
}
