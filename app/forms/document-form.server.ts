import type { Success } from "~/api/contract";
import * as documents from "~/api/documents/contract";
import { documentFormSchema, documentUpdateFormSchema, parseTagList } from "~/domain/documents/document";
import type { MediaRef } from "~/components/FileField";
import type { DocumentFormValues } from "~/components/DocumentForm";
import { submitAdminForm } from "./admin-form.server";
import { postedMedia } from "./page-form.server";

/** A document as GET /api/documents/{id} answers. */
export type ApiDocument = Success<typeof documents.one>;

/** A document read from the API, as the form's values (tags as one comma-separated text). */
export function documentFormValues(doc: ApiDocument): DocumentFormValues {
  return { title: doc.title, title_fr: doc.title_fr ?? "", status: doc.status, tags: doc.tags.join(", "), roles: doc.roles, updated_at: doc.updated_at };
}

/**
 * The create and update actions (submitAdminForm): the tags text becomes the
 * API's list; a failed post lists its attachments again.
 */
export function submitDocumentForm(request: Request, target: { mode: "create" } | { mode: "update"; id: number; current: MediaRef[] }) {
  const current = target.mode === "update" ? target.current : [];
  return submitAdminForm(request, {
    schema: target.mode === "create" ? documentFormSchema : documentUpdateFormSchema,
    operations: { create: documents.create, update: documents.update },
    id: target.mode === "update" ? target.id : undefined,
    body: (value) => ({ ...value, tags: parseTagList(value.tags) }),
    reshow: async (payload) => ({ attachments: await postedMedia(request, payload.attachments, current) }),
    created: { screen: "/admin/document", alert: "document.created" },
    saved: { to: "/admin/document", alert: "document.saved" },
  });
}
