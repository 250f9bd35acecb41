import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCUMENT_STATUSES } from "~/domain/document";
import {
  createDocument, deleteDocument, documentTags, getDocument, listDocuments, publicDocuments, restoreDocument, updateDocument,
} from "~/domain/documents.server";
import { ADMIN_ROLES, ROLES } from "~/domain/roles";
import type { ApiEnv } from "../context";
import { requireRole } from "../guards.server";
import {
  authErrors, bearer, conflict, errorResponses, IdParam, json, jsonBody, notModified, pageOf, pagingQuery, restoreRoute, trashRoute,
} from "../schemas";
import { cachedJson } from "./pages";

const File = z.object({ id: z.number(), name: z.string(), mime_type: z.string(), size: z.number() });

const PublicDocument = z
  .object({ id: z.number(), title: z.string(), tags: z.array(z.string()), attachments: z.array(File) })
  .loose()
  .openapi("LibraryDocument");

const Document = PublicDocument.extend({
  status: z.string(),
  roles: z.array(z.string()).openapi({ description: "Roles that may see it; empty: everyone" }),
}).openapi("Document", { description: "Also carries created_at, updated_at (the version to send back on PUT) and deleted_at" });

// The body as documented. Every field is optional here so that the domain's
// schema (app/domain/document.ts, shared with the form) gives the messages.
const DocumentInput = z
  .object({
    title: z.string().optional(),
    status: z.enum(DOCUMENT_STATUSES).optional(),
    attachments: z.array(z.number()).optional().openapi({ description: "Media ids, in order; at least one when published" }),
    tags: z.array(z.string()).optional().openapi({ description: "Free tags (max 100 characters), de-duplicated regardless of case" }),
    roles: z.array(z.string()).optional().openapi({ description: `Roles that may see it (${ROLES.join(", ")}); none: everyone` }),
  })
  .openapi("DocumentInput");
const DocumentUpdate = DocumentInput.extend({
  updated_at: z.string().optional().openapi({ description: "The updated_at read (required); 409 when stale" }),
}).openapi("DocumentUpdate");

const ListQuery = z.object({
  q: z.string().trim().max(255).optional(),
  status: z.enum(DOCUMENT_STATUSES).optional(),
  tag: z.string().trim().max(100).optional(),
  sort_by: z.enum(["id", "title", "status", "created_at", "updated_at"]).default("id"),
  order: z.enum(["asc", "desc"]).default("desc"),
  trashed: z.enum(["with", "only"]).optional(),
  ...pagingQuery(20),
});

const PublicQuery = z.object({
  tag: z.string().trim().max(100).optional(),
  q: z.string().trim().max(255).optional(),
  ...pagingQuery(20),
});

const routes = {
  publicList: createRoute({
    method: "get",
    path: "/documents/public",
    summary: "Published documents the caller may see (signed out: those without roles), with their files",
    request: { query: PublicQuery },
    responses: { 200: pageOf(PublicDocument), ...notModified, 422: errorResponses[422] },
  }),
  tags: createRoute({
    method: "get",
    path: "/documents/tags",
    summary: "Tags of the documents the caller may see, with counts",
    responses: { 200: json(z.object({ data: z.array(z.object({ tag: z.string(), count: z.number() })) })), ...notModified },
  }),
  list: createRoute({
    method: "get",
    path: "/documents",
    security: bearer,
    summary: "All documents, with search, status and tag filters, sorting and paging (editor, admin)",
    request: { query: ListQuery },
    responses: { 200: pageOf(Document), ...authErrors, 422: errorResponses[422] },
  }),
  create: createRoute({
    method: "post",
    path: "/documents",
    security: bearer,
    summary: "Create a document (editor, admin)",
    request: jsonBody(DocumentInput),
    responses: { 201: json(Document, "Created"), ...authErrors, 422: errorResponses[422] },
  }),
  one: createRoute({
    method: "get",
    path: "/documents/{id}",
    security: bearer,
    summary: "One document, trashed ones included (editor, admin)",
    request: { params: IdParam },
    responses: { 200: json(Document), ...authErrors, 404: errorResponses[404] },
  }),
  update: createRoute({
    method: "put",
    path: "/documents/{id}",
    security: bearer,
    summary: "Replace a document (editor, admin); 409 when updated_at is stale",
    request: { params: IdParam, ...jsonBody(DocumentUpdate) },
    responses: {
      200: json(Document),
      ...authErrors,
      404: errorResponses[404],
      409: conflict("Changed since it was read"),
      422: errorResponses[422],
    },
  }),
  remove: trashRoute("/documents", "Move a document to the trash (soft delete; editor, admin)"),
  restore: restoreRoute("/documents", "Restore a trashed document (editor, admin); send an empty JSON body", Document),
};

// The public routes come first: /documents/public and /tags are not ids.
export const documentRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(routes.publicList, async (c) => {
    return cachedJson(c, await publicDocuments(c.get("deps").db, c.get("user"), c.req.valid("query")));
  })
  .openapi(routes.tags, async (c) => {
    return cachedJson(c, await documentTags(c.get("deps").db, c.get("user")));
  })
  .openapi(routes.list, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    return c.json(await listDocuments(c.get("deps").db, c.req.valid("query")), 200);
  })
  .openapi(routes.create, async (c) => {
    const user = requireRole(c, ...ADMIN_ROLES);
    return c.json(await createDocument(c.get("deps").db, c.req.valid("json"), user), 201);
  })
  .openapi(routes.one, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    return c.json(await getDocument(c.get("deps").db, c.req.valid("param").id), 200);
  })
  .openapi(routes.update, async (c) => {
    const user = requireRole(c, ...ADMIN_ROLES);
    return c.json(await updateDocument(c.get("deps").db, c.req.valid("param").id, c.req.valid("json"), user), 200);
  })
  .openapi(routes.remove, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    await deleteDocument(c.get("deps").db, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(routes.restore, async (c) => {
    requireRole(c, ...ADMIN_ROLES);
    return c.json(await restoreDocument(c.get("deps").db, c.req.valid("param").id), 200);
  });
