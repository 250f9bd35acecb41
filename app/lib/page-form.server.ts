import { api } from "~/api/client.server";
import { pageSchema, pageUpdateSchema } from "~/domain/page";
import type { MediaRef } from "~/components/FileField";
import type { DocumentOption, PageFormValues } from "~/components/PageForm";
import { mediumRef, submitAdminForm } from "./admin-form.server";

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
  const found = await Promise.all([...new Set(ids)].map((id) => known.get(id) ?? mediumRef(request, id)));
  return found.filter((m): m is MediaRef => m !== null);
}

/** The create and update actions (submitAdminForm); a failed post lists its attachments again. */
export function submitPageForm(request: Request, target: { mode: "create" } | { mode: "update"; id: number; current: MediaRef[] }) {
  const current = target.mode === "update" ? target.current : [];
  return submitAdminForm(request, {
    schema: target.mode === "create" ? pageSchema : pageUpdateSchema,
    resource: "/pages",
    id: target.mode === "update" ? target.id : undefined,
    reshow: async (payload) => ({ attachments: await postedMedia(request, payload.attachments, current) }),
    created: { screen: "/admin/page", alert: "page.created" },
    saved: { to: "/admin/page", alert: "page.saved" },
  });
}
