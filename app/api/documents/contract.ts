// The documents API contract: every operation, its parameters and its answers.
import { createRoute, z } from "@hono/zod-openapi";
import { DOCUMENT_STATUSES, documentSchema, documentUpdateSchema } from "~/domain/documents/document";
import { DOCUMENT_VISIBILITIES } from "~/domain/documents/document-status";
import { ADMIN_ROLES, ROLES } from "~/domain/users/roles";
import { parsedBody } from "../contract";
import { allow } from "../guards.server";
import { authErrors, bearer, conflict, errorResponses, IdParam, json, notModified, pageOf, pagingQuery, restoreRoute, trashRoute } from "../schemas";

const File = z.object({ id: z.number(), name: z.string(), mime_type: z.string(), size: z.number() });

const PublicDocument = z
  .object({
    id: z.number(),
    title: z.string(),
    title_fr: z.string().nullable().openapi({ description: "The French title; null: the English one is shown to French readers (ADR 052)" }),
    tags: z.array(z.string()),
    attachments: z.array(File),
    updated_at: z.string(),
  })
  .loose()
  .openapi("LibraryDocument");

const Document = PublicDocument.extend({
  status: z.enum(DOCUMENT_STATUSES),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
  roles: z.array(z.string()).openapi({ description: "Roles that may see it; empty: everyone" }),
}).openapi("Document", { description: "updated_at is the version to send back on PUT" });

// Bodies are the domain's document schemas (shared with the form), parsed
// before the handler, one error per field in the form's keys.
const createBody = parsedBody(documentSchema, "Roles that may see it (none: everyone); at least one file when published", { byField: true });
const updateBody = parsedBody(documentUpdateSchema, "The whole document; updated_at is the one read (409 when stale)", { byField: true });

const ListQuery = z.object({
  q: z.string().trim().max(255).optional(),
  status: z.enum(DOCUMENT_STATUSES).optional(),
  tag: z.string().trim().max(100).optional(),
  visibility: z.enum(DOCUMENT_VISIBILITIES).optional().openapi({ description: "everyone: no role listed; restricted: some roles listed" }),
  role: z.enum(ROLES).optional().openapi({ description: "Documents a user with this role may see (those for everyone included)" }),
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

export const publicList = createRoute({
  method: "get",
  path: "/documents/public",
  summary: "Published documents the caller may see (signed out: those without roles), with their files",
  request: { query: PublicQuery },
  responses: { 200: pageOf(PublicDocument), ...notModified, 422: errorResponses[422] },
});
export const tags = createRoute({
  method: "get",
  path: "/documents/tags",
  summary: "Tags of the documents the caller may see, with counts",
  responses: { 200: json(z.object({ data: z.array(z.object({ tag: z.string(), count: z.number() })) })), ...notModified },
});
export const list = createRoute({
  method: "get",
  path: "/documents",
  security: bearer,
  summary: "All documents, with search, status and tag filters, sorting and paging (editor, admin)",
  request: { query: ListQuery },
  responses: { 200: pageOf(Document), ...authErrors, 422: errorResponses[422] },
});
export const create = createRoute({
  middleware: [allow(...ADMIN_ROLES)] as const,
  method: "post",
  path: "/documents",
  security: bearer,
  summary: "Create a document (editor, admin)",
  request: createBody,
  responses: { 201: json(Document, "Created"), ...authErrors, 422: errorResponses[422] },
});
export const one = createRoute({
  method: "get",
  path: "/documents/{id}",
  security: bearer,
  summary: "One document, trashed ones included (editor, admin)",
  request: { params: IdParam },
  responses: { 200: json(Document), ...authErrors, 404: errorResponses[404] },
});
export const update = createRoute({
  middleware: [allow(...ADMIN_ROLES)] as const,
  method: "put",
  path: "/documents/{id}",
  security: bearer,
  summary: "Replace a document (editor, admin); 409 when updated_at is stale",
  request: { params: IdParam, ...updateBody },
  responses: {
    200: json(Document),
    ...authErrors,
    404: errorResponses[404],
    409: conflict("Changed since it was read"),
    422: errorResponses[422],
  },
});
export const remove = trashRoute("/documents", "Move a document to the trash (soft delete; editor, admin)");
export const restore = restoreRoute("/documents", "Restore a trashed document (editor, admin); send an empty JSON body", Document);

