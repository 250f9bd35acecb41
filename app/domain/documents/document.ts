// zod/mini: these schemas also run in the browser (the document form).
import * as z from "zod/mini";
import { singleLine } from "../single-line";
import { DOCUMENT_STATUSES } from "./document-status";
import { ROLE_LIST_MAX, ROLES } from "../users/roles";
import { versionSchema } from "../dates";
import { idListOf } from "../ids";

export { DOCUMENT_STATUSES, DOCUMENT_STATUS_TONE, type DocumentStatus } from "./document-status";

export const TAG_MAX = 100;
export const TAGS_MAX = 20;

const required = { error: (iss: { input?: unknown }) => (iss.input === undefined ? "validation.required" : "validation.invalid") };

/**
 * Tags as the document keeps them: trimmed, blanks dropped, de-duplicated
 * without regard to case (the first spelling wins).
 */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, " ");
    const key = tag.toLocaleLowerCase("en");
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/** The form's comma-separated text as tags. */
export const parseTagList = (text: string | undefined) => normalizeTags((text ?? "").split(","));

const base = {
  title: z.string(required).check(singleLine(), z.trim(), z.minLength(1, "validation.required"), z.maxLength(255, "validation.max")),
  // The French title (ADR 052), bounded like the English one; blank: the English one is shown.
  title_fr: z._default(z.string(required).check(singleLine(), z.trim(), z.maxLength(255, "validation.max")), ""),
  status: z.enum(DOCUMENT_STATUSES, required),
  attachments: z._default(idListOf(), []),
  /** Roles that may see the document; none means everyone. */
  roles: z._default(z.array(z.enum(ROLES, { error: "validation.invalid" })).check(z.maxLength(ROLE_LIST_MAX, "validation.max")), []),
};

// A published document is there to be downloaded: it needs at least one file.
// `when` lets this run even when other fields failed, so the form shows every error at once.
const attachmentWhenPublished = z.refine(
  (value: unknown) => {
    const v = value as { status?: unknown; attachments?: unknown };
    return v.status !== "published" || (Array.isArray(v.attachments) && v.attachments.length > 0);
  },
  { path: ["attachments"], message: "document-validation.attachment-required", when: (payload) => typeof payload.value === "object" && payload.value !== null },
);

const apiTags = z._default(
  z
    .array(z.string({ error: "validation.invalid" }).check(singleLine(), z.trim(), z.maxLength(TAG_MAX, "document-validation.tag-max")))
    // Repeats fold into one tag, but a flood of them is refused before it is read.
    .check(z.maxLength(TAGS_MAX * 10, { error: "document-validation.tags-max", abort: true }), z.refine((tags) => normalizeTags(tags).length <= TAGS_MAX, "document-validation.tags-max")),
  [],
);
const version = versionSchema;

/** A document (docs/data.md#document) as the API takes it (POST /api/documents). */
export const documentSchema = z.object({ ...base, tags: apiTags }).check(attachmentWhenPublished);
export type DocumentInput = z.infer<typeof documentSchema>;

/** PUT /api/documents/{id}: the same, with the version the client read (optimistic concurrency). */
export const documentUpdateSchema = z.object({ ...base, tags: apiTags, updated_at: version }).check(attachmentWhenPublished);
export type DocumentUpdateInput = z.infer<typeof documentUpdateSchema>;

const formTags = z._default(
  z.string(required).check(
    z.refine((text) => parseTagList(text).every((t) => t.length <= TAG_MAX), "document-validation.tag-max"),
    z.refine((text) => parseTagList(text).length <= TAGS_MAX, "document-validation.tags-max"),
  ),
  "",
);

/** The same rules for the form, whose tags are one comma-separated text field. */
export const documentFormSchema = z.object({ ...base, tags: formTags }).check(attachmentWhenPublished);

/** The update form also carries the version it was read at (optimistic concurrency). */
export const documentUpdateFormSchema = z
  .object({ ...base, tags: formTags, updated_at: version })
  .check(attachmentWhenPublished);
