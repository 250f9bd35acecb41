// The pages API contract: every operation, its parameters and its answers.
import { createRoute, z } from "@hono/zod-openapi";
import { PAGE_STATUSES, pagePreviewSchema, pageSchema, pageUpdateSchema } from "~/domain/pages/page";
import { PAGE_VISIBILITIES } from "~/domain/pages/page-status";
import { DOCUMENT_STATUSES } from "~/domain/documents/document-status";
import { parsedBody } from "../contract";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { allow } from "../guards.server";
import {
  authErrors, bearer, conflict, errorResponses, IdParam, json, notModified, pageOf, pagingQuery, restoreRoute, trashRoute,
} from "../schemas";

const File = z.object({ id: z.number(), name: z.string(), mime_type: z.string(), size: z.number() }).openapi("AttachedFile");
const PublicDocument = z
  .object({ id: z.number(), title: z.string(), title_fr: z.string().nullable(), tags: z.array(z.string()), attachments: z.array(File) })
  .loose()
  .openapi("PublicDocument");

const PageSummary = z
  .object({
    id: z.number(),
    title: z.string(),
    title_fr: z.string().nullable().openapi({ description: "The French title; null: the English one is shown to French readers (ADR 052)" }),
    slug: z.string(),
    summary: z.string().nullable(),
    summary_fr: z.string().nullable(),
    is_public: z.boolean(),
    in_menu: z.boolean(),
    menu_order: z.number(),
    updated_at: z.string(),
  })
  .loose()
  .openapi("PageSummary");

/** A page in the editors' list: its status and whether it is in the trash. */
const PageRow = PageSummary.extend({ status: z.enum(PAGE_STATUSES), deleted_at: z.string().nullable() }).openapi("PageRow");

const ContentHtml = z.string().openapi({ description: "The content rendered from Markdown to sanitized HTML (app/domain/pages/sanitize.ts allow-list)" });

const Page = PageSummary.extend({
  status: z.enum(PAGE_STATUSES),
  content: z.string().openapi({ description: "The Markdown source as written (HTML allowed in it): for editing, never to be shown as HTML" }),
  content_fr: z.string().openapi({ description: "The French version's Markdown source, empty when there is none" }),
  content_html: ContentHtml,
  attachments: z.array(File),
  documents: z.array(z.object({ id: z.number(), title: z.string(), title_fr: z.string().nullable(), status: z.enum(DOCUMENT_STATUSES) })),
  updated_at: z.string().openapi({ description: "The version to send back on PUT" }),
  deleted_at: z.string().nullable(),
}).openapi("Page");

const PublicPage = PageSummary.extend({
  content_html: ContentHtml,
  content_html_fr: ContentHtml.nullable().openapi({ description: "The French content as sanitized HTML; null: the English one is shown to French readers" }), attachments: z.array(File), documents: z.array(PublicDocument) }).openapi("PublicPage");

// Bodies are the domain's page schemas (shared with the form), parsed by the
// write pipeline, which gives every field error in the form's keys.
const createBody = parsedBody(pageSchema, "content is Markdown (HTML allowed), stored as written, rendered and sanitized when read; slug derived from the title when blank", { byField: true });
const updateBody = parsedBody(pageUpdateSchema, "The whole page; updated_at is the one read (409 when stale)", { byField: true });

const Preview = z.object({ html: ContentHtml }).openapi("PagePreview");

const ListQuery = z.object({
  q: z.string().trim().max(255).optional(),
  status: z.enum(PAGE_STATUSES).optional(),
  visibility: z.enum(PAGE_VISIBILITIES).optional().openapi({ description: "public: seen signed out too; members: signed-in users only" }),
  sort_by: z.enum(["id", "title", "slug", "status", "menu_order", "created_at", "updated_at"]).default("id"),
  order: z.enum(["asc", "desc"]).default("desc"),
  trashed: z.enum(["with", "only"]).optional(),
  ...pagingQuery(20),
});

const PublicQuery = z.object({
  in_menu: z.enum(["0", "1"]).optional().openapi({ description: "1: only the pages shown in the main menu" }),
  slug: z
    .preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(z.string().max(255)).max(50))
    .optional()
    .openapi({ param: { style: "form", explode: true }, description: "Only these slugs (repeatable)" }),
  ...pagingQuery(20),
});

const IdOrSlug = z.object({ idOrSlug: z.string().min(1).max(255).openapi({ param: { name: "idOrSlug", in: "path" } }) });

export const publicList = createRoute({
  method: "get",
  path: "/pages/public",
  summary: "Published pages the caller may see (public ones when signed out), without content",
  request: { query: PublicQuery },
  responses: { 200: pageOf(PageSummary), ...notModified, 422: errorResponses[422] },
});
export const publicOne = createRoute({
  method: "get",
  path: "/pages/public/{idOrSlug}",
  summary: "One published page by id or slug, with its content as sanitized HTML, attachments and the linked documents the caller may see",
  request: { params: IdOrSlug },
  responses: { 200: json(PublicPage), ...notModified, 404: errorResponses[404] },
});
export const preview = createRoute({
  // The role before the body: a caller without it learns nothing from a 422.
  middleware: [allow(...ADMIN_ROLES)] as const,
  method: "post",
  path: "/pages/preview",
  security: bearer,
  summary: "Render page content (Markdown) to the sanitized HTML a page would show, saving nothing (editor, admin)",
  request: parsedBody(pagePreviewSchema, "content: Markdown, at most 100,000 characters (422 beyond)", { byField: true }),
  responses: { 200: json(Preview), ...authErrors, 422: errorResponses[422] },
});
export const list = createRoute({
  method: "get",
  path: "/pages",
  security: bearer,
  summary: "All pages, with search, status filter, sorting and paging (editor, admin)",
  request: { query: ListQuery },
  responses: { 200: pageOf(PageRow), ...authErrors, 422: errorResponses[422] },
});
export const create = createRoute({
  middleware: [allow(...ADMIN_ROLES)] as const,
  method: "post",
  path: "/pages",
  security: bearer,
  summary: "Create a page (editor, admin)",
  request: createBody,
  responses: { 201: json(Page, "Created"), ...authErrors, 422: errorResponses[422] },
});
export const one = createRoute({
  method: "get",
  path: "/pages/{id}",
  security: bearer,
  summary: "One page, trashed ones included (editor, admin)",
  request: { params: IdParam },
  responses: { 200: json(Page), ...authErrors, 404: errorResponses[404] },
});
export const update = createRoute({
  middleware: [allow(...ADMIN_ROLES)] as const,
  method: "put",
  path: "/pages/{id}",
  security: bearer,
  summary: "Replace a page (editor, admin); 409 when updated_at is stale",
  request: { params: IdParam, ...updateBody },
  responses: {
    200: json(Page),
    ...authErrors,
    404: errorResponses[404],
    409: conflict("Changed since it was read"),
    422: errorResponses[422],
  },
});
export const remove = trashRoute("/pages", "Move a page to the trash (soft delete; editor, admin)");
export const restore = restoreRoute("/pages", "Restore a trashed page (editor, admin); send an empty JSON body", Page);
