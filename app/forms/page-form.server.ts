import { json } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { api } from "~/api/client.server";
import * as documentsApi from "~/api/documents/contract";
import * as pagesApi from "~/api/pages/contract";
import type { Success } from "~/api/contract";
import { pageFrenchPreviewSchema, pagePreviewSchema, pageSchema, pageUpdateSchema, PREVIEW_FRENCH_INTENT, PREVIEW_INTENT } from "~/domain/pages/page";
import { readFormWithUploads, type FormWithUploads } from "~/media/form.server";
import type { MediaRef } from "~/components/FileField";
import type { DocumentOption, PageFormValues } from "~/components/PageForm";
import { mediumRef, submitAdminForm } from "./admin-form.server";

/** A page as GET /api/pages/{id} answers (content: the Markdown as written). */
export type ApiPage = Success<typeof pagesApi.one>;

/** The documents a page may link to: every live one, by title (drafts too: they show once published). */
export async function pageFormOptions(request: Request): Promise<{ documents: DocumentOption[] }> {
  const { data } = await api(request).read(documentsApi.list, { query: { per_page: 1000, sort_by: "title", order: "asc" } });
  return { documents: data.map((d) => ({ value: String(d.id), title: d.title, status: d.status })) };
}

/** A page read from the API, as the form's values (strings; "on" for ticked boxes). */
export function pageFormValues(page: ApiPage): PageFormValues {
  return {
    title: page.title,
    title_fr: page.title_fr ?? "",
    slug: page.slug,
    summary: page.summary ?? "",
    summary_fr: page.summary_fr ?? "",
    content: page.content,
    content_fr: page.content_fr,
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
  const found = await Promise.all([...new Set(ids)].map((id) => known.get(id) ?? mediumRef(request, id)));
  return found.filter((m): m is MediaRef => m !== null);
}

/**
 * The Preview button (name="intent" value="preview"): the content rendered by
 * the API (POST /api/pages/preview) as the page would show it, and the form
 * back as it was typed. Nothing is saved; only the content is checked, so a
 * half-filled form previews too. Files chosen meanwhile were uploaded as the
 * form was read and come back listed, as after a refused save.
 */
async function previewPageForm(request: Request, read: FormWithUploads, current: MediaRef[], french: boolean) {
  // The French content's Preview reads the French field, and its errors go to it (ADR 052).
  const submission = french
    ? parseWithZod(read.formData, { schema: pageFrenchPreviewSchema })
    : parseWithZod(read.formData, { schema: pagePreviewSchema });
  const attachments = await postedMedia(request, submission.payload.attachments, current);
  const reply = (fieldErrors: Record<string, string[]>, html: string | null, status: number) =>
    json(
      {
        result: submission.reply(Object.keys(fieldErrors).length ? { fieldErrors } : {}),
        attachments,
        stale: null as string | null,
        preview: html === null ? null : { html, ...(french ? { lang: "fr" } : {}) },
      },
      { status },
    );
  if (submission.status !== "success") return reply(read.uploadErrors, null, 400);
  const value = submission.value;
  const rendered = await api(request).call(pagesApi.preview, { json: { content: "content_fr" in value ? value.content_fr : value.content } });
  if (!rendered.ok) {
    const errors = french ? Object.fromEntries(Object.entries(rendered.errors).map(([k, v]) => [k === "content" ? "content_fr" : k, v])) : rendered.errors;
    return reply({ ...read.uploadErrors, ...errors }, null, 400);
  }
  return reply(read.uploadErrors, rendered.data.html, 200);
}

/**
 * The create and update actions (submitAdminForm); a failed post lists its
 * attachments again. The Preview button's post renders instead of saving.
 */
export async function submitPageForm(request: Request, target: { mode: "create" } | { mode: "update"; id: number; current: MediaRef[] }) {
  const current = target.mode === "update" ? target.current : [];
  const schema = target.mode === "create" ? pageSchema : pageUpdateSchema;
  // Read once, through readForm's limits, before knowing which button posted it.
  const read = await readFormWithUploads(request, { schema });
  const intent = read.formData.get("intent");
  if (intent === PREVIEW_INTENT || intent === PREVIEW_FRENCH_INTENT) return previewPageForm(request, read, current, intent === PREVIEW_FRENCH_INTENT);
  return submitAdminForm(request, {
    read,
    schema,
    operations: { create: pagesApi.create, update: pagesApi.update },
    id: target.mode === "update" ? target.id : undefined,
    reshow: async (payload) => ({ attachments: await postedMedia(request, payload.attachments, current) }),
    created: { screen: "/admin/page", alert: "page.created" },
    saved: { to: "/admin/page", alert: "page.saved" },
  });
}
