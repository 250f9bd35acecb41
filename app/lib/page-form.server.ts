import { json } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { api } from "~/api/client.server";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { readFormWithUploads } from "~/media/form.server";
import { pageSchema, pageUpdateSchema } from "~/domain/page";
import type { MediaRef } from "~/components/FileField";
import type { DocumentOption, PageFormValues } from "~/components/PageForm";

export interface ApiPage {
  id: number;
  title: string;
  slug: string;
  summary: string | null;
  content: string;
  status: string;
  is_public: boolean;
  in_menu: boolean;
  menu_order: number;
  updated_at: string;
  deleted_at: string | null;
  attachments: MediaRef[];
  documents: { id: number; title: string; status: string }[];
}

/** The documents a page may link to: every live one, by title (drafts too: they show once published). */
export async function pageFormOptions(request: Request): Promise<{ documents: DocumentOption[] }> {
  const { data } = await api(request).get<{ data: { id: number; title: string; status: string }[] }>("/documents", {
    per_page: 1000,
    sort_by: "title",
    order: "asc",
  });
  return { documents: data.map((d) => ({ value: String(d.id), title: d.title, status: d.status })) };
}

/** A page read from the API, as the form's values (strings; "on" for ticked boxes). */
export function pageFormValues(page: ApiPage): PageFormValues {
  return {
    title: page.title,
    slug: page.slug,
    summary: page.summary ?? "",
    content: page.content,
    status: page.status,
    is_public: page.is_public ? "on" : undefined,
    in_menu: page.in_menu ? "on" : undefined,
    menu_order: String(page.menu_order),
    documents: page.documents.map((d) => String(d.id)),
    updated_at: page.updated_at,
  };
}

/**
 * The files a re-shown form must list after a failed post: those kept and
 * those uploaded by this post, so they need not be chosen again.
 */
export async function postedMedia(request: Request, posted: unknown, current: MediaRef[]): Promise<MediaRef[]> {
  const ids = (Array.isArray(posted) ? posted : posted === undefined ? [] : [posted]).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const known = new Map(current.map((m) => [m.id, m]));
  const found = await Promise.all(
    [...new Set(ids)].map(async (id) => {
      if (known.has(id)) return known.get(id)!;
      try {
        const medium = await api(request).get<MediaRef>(`/media/${id}`);
        return { id: medium.id, name: medium.name };
      } catch {
        return null;
      }
    }),
  );
  return found.filter((m): m is MediaRef => m !== null);
}

/**
 * The create and update actions: reads the multipart form (uploading chosen
 * files), validates with the shared schema, saves through the API and
 * redirects with the Success alert; otherwise answers 400 with the errors
 * (schema, upload, API 422 or 409), the values and the files.
 */
export async function submitPageForm(request: Request, target: { mode: "create" } | { mode: "update"; id: number; current: MediaRef[] }) {
  const { formData, uploadErrors } = await readFormWithUploads(request);
  const submission = parseWithZod(formData, { schema: target.mode === "create" ? pageSchema : pageUpdateSchema });
  const current = target.mode === "update" ? target.current : [];
  const failed = async (extra: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }, stale = false) =>
    json(
      { result: submission.reply(extra), attachments: await postedMedia(request, submission.payload.attachments, current), stale },
      { status: 400 },
    );

  if (submission.status !== "success" || Object.keys(uploadErrors).length > 0) return failed({ fieldErrors: uploadErrors });

  const client = api(request);
  if (target.mode === "create") {
    const saved = await client.write<ApiPage>("POST", "/pages", submission.value);
    if (!saved.ok) return failed({ fieldErrors: saved.errors });
    return redirectWithAlert(request, `/admin/page/${saved.data.id}/update`, successAlert("page.created"));
  }
  const saved = await client.write<ApiPage>("PUT", `/pages/${target.id}`, submission.value);
  if (!saved.ok) {
    const stale = saved.status === 409;
    return failed({ fieldErrors: saved.errors, formErrors: stale ? [saved.message] : [] }, stale);
  }
  return redirectWithAlert(request, "/admin/page", successAlert("page.saved"));
}
