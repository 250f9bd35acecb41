import { createHash } from "node:crypto";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { PAGE_STATUSES } from "~/domain/page";
import { createPage, deletePage, getPage, listPages, previewContent, publicPage, publicPages, restorePage, updatePage } from "~/domain/pages.server";
import { ADMIN_ROLES } from "~/domain/roles";
import type { ApiEnv } from "../context";
import { allow, requireRole } from "../guards.server";
import {
  authErrors, bearer, conflict, errorResponses, IdParam, json, jsonBody, notModified, pageOf, pagingQuery, restoreRoute, trashRoute,
} from "../schemas";

const File = z.object({ id: z.number(), name: z.string(), mime_type: z.string(), size: z.number() }).openapi("AttachedFile");
const PublicDocument = z
  .object({ id: z.number(), title: z.string(), tags: z.array(z.string()), attachments: z.array(File) })
  .loose()
  .openapi("PublicDocument");

const PageSummary = z
  .object({
    id: z.number(),
    title: z.string(),
    slug: z.string(),
    summary: z.string().nullable(),
    is_public: z.boolean(),
    in_menu: z.boolean(),
    menu_order: z.number(),
  })
  .loose()
  .openapi("PageSummary");

const ContentHtml = z.string().openapi({ description: "The content rendered from Markdown to sanitized HTML (app/domain/sanitize.ts allow-list)" });

const Page = PageSummary.extend({
  status: z.string(),
  content: z.string().openapi({ description: "The Markdown source as written (HTML allowed in it): for editing, never to be shown as HTML" }),
  content_html: ContentHtml,
  attachments: z.array(File),
  documents: z.array(z.object({ id: z.number(), title: z.string(), status: z.string() })),
}).openapi("Page", { description: "Also carries created_at, updated_at (the version to send back on PUT) and deleted_at" });

const PublicPage = PageSummary.extend({ content_html: ContentHtml, attachments: z.array(File), documents: z.array(PublicDocument) }).openapi("PublicPage");

// The body as documented. Every field is optional here so that the domain's
// schema (app/domain/page.ts, shared with the form) gives the messages.
const PageInput = z
  .object({
    title: z.string().optional(),
    slug: z.string().optional().openapi({ description: "Lowercase letters, digits and dashes; derived from the title when blank" }),
    summary: z.string().optional(),
    content: z.string().optional().openapi({ description: "Markdown (HTML allowed), at most 100,000 characters; stored as written, rendered and sanitized when read" }),
    status: z.enum(PAGE_STATUSES).optional(),
    is_public: z.boolean().optional(),
    in_menu: z.boolean().optional(),
    menu_order: z.number().int().optional(),
    attachments: z.array(z.number()).optional().openapi({ description: "Media ids, in order" }),
    documents: z.array(z.number()).optional().openapi({ description: "Linked document ids" }),
  })
  .openapi("PageInput");
const PageUpdate = PageInput.extend({ updated_at: z.string().optional().openapi({ description: "The updated_at read (required); 409 when stale" }) }).openapi("PageUpdate");

const PreviewInput = z
  .object({ content: z.string().optional().openapi({ description: "Markdown, at most 100,000 characters (422 beyond)" }) })
  .openapi("PagePreviewInput");
const Preview = z.object({ html: ContentHtml }).openapi("PagePreview");

const ListQuery = z.object({
  q: z.string().trim().max(255).optional(),
  status: z.enum(PAGE_STATUSES).optional(),
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

/**
 * Public reads carry a validator so a repeat visit costs a 304 (DESIGN.md §9);
 * they vary with the signed-in user, so shared caches must revalidate.
 */
export function cachedJson<T>(c: Context<ApiEnv>, data: T) {
  const etag = `W/"${createHash("sha1").update(JSON.stringify(data)).digest("base64url")}"`;
  c.header("ETag", etag);
  c.header("Cache-Control", c.get("user") ? "private, no-cache" : "public, no-cache");
  c.header("Vary", "Authorization");
  if (c.req.header("If-None-Match")?.split(/\s*,\s*/).includes(etag)) return c.body(null, 304);
  return c.json(data, 200);
}

const routes = {
  publicList: createRoute({
    method: "get",
    path: "/pages/public",
    summary: "Published pages the caller may see (public ones when signed out), without content",
    request: { query: PublicQuery },
    responses: { 200: pageOf(PageSummary), ...notModified, 422: errorResponses[422] },
  }),
  publicOne: createRoute({
    method: "get",
    path: "/pages/public/{idOrSlug}",
    summary: "One published page by id or slug, with its content as sanitized HTML, attachments and the linked documents the caller may see",
    request: { params: IdOrSlug },
    responses: { 200: json(PublicPage), ...notModified, 404: errorResponses[404] },
  }),
  preview: createRoute({
    // The role before the body: a caller without it learns nothing from a 422.
    middleware: [allow(...ADMIN_ROLES)] as const,
    method: "post",
    path: "/pages/preview",
    security: bearer,
    summary: "Render page content (Markdown) to the sanitized HTML a page would show, saving nothing (editor, admin)",
    request: jsonBody(PreviewInput),
    responses: { 200: json(Preview), ...authErrors, 422: errorResponses[422] },
  }),
  list: createRoute({
    method: "get",
    path: "/pages",
    security: bearer,
    summary: "All pages, with search, status filter, sorting and paging (editor, admin)",
    request: { query: ListQuery },
    responses: { 200: pageOf(PageSummary), ...authErrors, 422: errorResponses[422] },
  }),
  create: createRoute({
    method: "post",
    path: "/pages",
    security: bearer,
    summary: "Create a page (editor, admin)",
    request: jsonBody(PageInput),
    responses: { 201: json(Page, "Created"), ...authErrors, 422: errorResponses[422] },
  }),
  one: createRoute({
    method: "get",
    path: "/pages/{id}",
    security: bearer,
    summary: "One page, trashed ones included (editor, admin)",
    request: { params: IdParam },
    responses: { 200: json(Page), ...authErrors, 404: errorResponses[404] },
  }),
  update: createRoute({
    method: "put",
    path: "/pages/{id}",
    security: bearer,
    summary: "Replace a page (editor, admin); 409 when updated_at is stale",
    request: { params: IdParam, ...jsonBody(PageUpdate) },
    responses: {
      200: json(Page),
      ...authErrors,
      404: errorResponses[404],
      409: conflict("Changed since it was read"),
      422: errorResponses[422],
    },
  }),
  remove: trashRoute("/pages", "Move a page to the trash (soft delete; editor, admin)"),
  restore: restoreRoute("/pages", "Restore a trashed page (editor, admin); send an empty JSON body", Page),
};

/** The operations, for the typed client (api(request).call) until pages get their own contract module. */
export const pageOperations = routes;

// The public routes come first: /pages/public must not be read as /pages/{id}.
export const pageRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(routes.publicList, async (c) => {
    const { in_menu, slug, page, per_page } = c.req.valid("query");
    return cachedJson(c, await publicPages(c.get("deps").db, c.get("user"), { in_menu: in_menu === "1", slug, page, per_page }));
  })
  .openapi(routes.publicOne, async (c) => {
    return cachedJson(c, await publicPage(c.get("deps").db, c.get("user"), c.req.valid("param").idOrSlug));
  })
  .openapi(routes.preview, async (c) => {
    return c.json(previewContent(c.req.valid("json")), 200);
  })
  .openapi(routes.list, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    return c.json(await listPages(c.get("deps").db, c.req.valid("query")), 200);
  })
  .openapi(routes.create, async (c) => {
    const user = requireRole(c, ...ADMIN_ROLES);
    return c.json(await createPage(c.get("deps").db, c.req.valid("json"), user), 201);
  })
  .openapi(routes.one, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    return c.json(await getPage(c.get("deps").db, c.req.valid("param").id), 200);
  })
  .openapi(routes.update, async (c) => {
    const user = requireRole(c, ...ADMIN_ROLES);
    return c.json(await updatePage(c.get("deps").db, c.req.valid("param").id, c.req.valid("json"), user), 200);
  })
  .openapi(routes.remove, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    await deletePage(c.get("deps").db, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(routes.restore, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    return c.json(await restorePage(c.get("deps").db, c.req.valid("param").id), 200);
  });
