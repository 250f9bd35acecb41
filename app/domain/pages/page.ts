// zod/mini: this schema also runs in the browser (the page form), where the full
// zod would cost ~100 KB of compressed JavaScript (docs/budgets.md#weight).
import * as z from "zod/mini";
import { singleLine } from "../single-line";
import { PAGE_STATUSES } from "./page-status";
import { versionSchema } from "../dates";
import { idListOf } from "../ids";

export { PAGE_STATUSES, PAGE_STATUS_TONE, type PageStatus } from "./page-status";

/**
 * Lowercase letters, digits and single dashes between them, with at least one
 * letter: an all-digit slug would be read as the page's id in /page/{idOrSlug}.
 */
export const SLUG_PATTERN = /^(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 255;
export const CONTENT_MAX = 100_000;

const required = { error: (iss: { input?: unknown }) => (iss.input === undefined ? "validation.required" : "validation.invalid") };
const ids = z._default(idListOf(), []);

/** A page's content: Markdown (HTML allowed), as typed; at most CONTENT_MAX characters. */
const content = z._default(z.string(required).check(z.maxLength(CONTENT_MAX, "validation.max")), "");
const summary = z._default(z.string(required).check(z.trim(), z.maxLength(2000, "validation.max")), "");

/**
 * A page (docs/data.md#page) as the form and the API (POST/PUT /api/pages) take it.
 * Messages are translation keys. A blank slug is derived from the title by the
 * server, which also checks it is unique. The content is Markdown, stored as
 * written and rendered to sanitized HTML when read (ADR 014).
 */
export const pageSchema = z.object({
  title: z.string(required).check(singleLine(), z.trim(), z.minLength(1, "validation.required"), z.maxLength(255, "validation.max")),
  slug: z.optional(
    z.string(required).check(
      z.trim(),
      z.maxLength(SLUG_MAX, "validation.max"),
      z.regex(SLUG_PATTERN, "page-validation.slug"),
    ),
  ),
  summary,
  content,
  // The French versions (ADR 052), bounded like the English ones; blank: the English one is shown.
  title_fr: z._default(z.string(required).check(singleLine(), z.trim(), z.maxLength(255, "validation.max")), ""),
  summary_fr: summary,
  content_fr: content,
  status: z.enum(PAGE_STATUSES, required),
  is_public: z._default(z.boolean(required), false),
  in_menu: z._default(z.boolean(required), false),
  menu_order: z._default(z.number(required).check(z.int("validation.invalid"), z.gte(0, "validation.invalid"), z.lte(9999, "validation.invalid")), 0),
  attachments: ids,
  documents: ids,
});
export type PageInput = z.infer<typeof pageSchema>;

/** The update form also carries the version it was read at (optimistic concurrency). */
export const pageUpdateSchema = z.extend(pageSchema, {
  updated_at: versionSchema,
});
export type PageUpdateInput = z.infer<typeof pageUpdateSchema>;

/**
 * What the page form's Preview button sends (POST /api/pages/preview): only
 * the content, bounded like a page's, so a preview never fails on another field.
 */
export const pagePreviewSchema = z.object({ content });
export type PagePreviewInput = z.infer<typeof pagePreviewSchema>;

/** The French content's Preview: the same, from the French field (ADR 052). */
export const pageFrenchPreviewSchema = z.object({ content_fr: content });

/** The submit button that previews the content instead of saving (name="intent"). */
export const PREVIEW_INTENT = "preview";
/** The one that previews the French content. */
export const PREVIEW_FRENCH_INTENT = "preview-fr";

/**
 * A slug from a title: accents dropped, lowercase, runs of anything else
 * turned into one dash. Never all digits, never empty ("page-…" then).
 */
export function slugify(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX - 10)
    .replace(/-+$/, "");
  return SLUG_PATTERN.test(base) ? base : base ? `page-${base}` : "page";
}
