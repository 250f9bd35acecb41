import { json } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { api } from "~/api/client.server";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { readFormWithUploads } from "~/media/form.server";
import { documentFormSchema, documentUpdateFormSchema, parseTagList } from "~/domain/document";
import type { MediaRef } from "~/components/FileField";
import type { DocumentFormValues } from "~/components/DocumentForm";
import { postedMedia } from "./page-form.server";

export interface ApiDocument {
  id: number;
  title: string;
  status: string;
  tags: string[];
  roles: string[];
  attachments: MediaRef[];
  updated_at: string;
  deleted_at: string | null;
}

/** A document read from the API, as the form's values (tags as one comma-separated text). */
export function documentFormValues(doc: ApiDocument): DocumentFormValues {
  return { title: doc.title, status: doc.status, tags: doc.tags.join(", "), roles: doc.roles, updated_at: doc.updated_at };
}

/**
 * The create and update actions: reads the multipart form (uploading chosen
 * files), validates with the shared schema, turns the tags text into the
 * API's list, saves and redirects with the Success alert; otherwise answers
 * 400 with the errors (schema, upload, API 422 or 409), the values and the files.
 */
export async function submitDocumentForm(request: Request, target: { mode: "create" } | { mode: "update"; id: number; current: MediaRef[] }) {
  const { formData, uploadErrors } = await readFormWithUploads(request);
  const submission = parseWithZod(formData, { schema: target.mode === "create" ? documentFormSchema : documentUpdateFormSchema });
  const current = target.mode === "update" ? target.current : [];
  const failed = async (extra: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }, stale = false) =>
    json(
      { result: submission.reply(extra), attachments: await postedMedia(request, submission.payload.attachments, current), stale },
      { status: 400 },
    );

  if (submission.status !== "success" || Object.keys(uploadErrors).length > 0) return failed({ fieldErrors: uploadErrors });

  const body = { ...submission.value, tags: parseTagList(submission.value.tags) };
  const client = api(request);
  if (target.mode === "create") {
    const saved = await client.write<ApiDocument>("POST", "/documents", body);
    if (!saved.ok) return failed({ fieldErrors: saved.errors });
    return redirectWithAlert(request, `/admin/document/${saved.data.id}/update`, successAlert("document.created"));
  }
  const saved = await client.write<ApiDocument>("PUT", `/documents/${target.id}`, body);
  if (!saved.ok) {
    const stale = saved.status === 409;
    return failed({ fieldErrors: saved.errors, formErrors: stale ? [saved.message] : [] }, stale);
  }
  return redirectWithAlert(request, "/admin/document", successAlert("document.saved"));
}
