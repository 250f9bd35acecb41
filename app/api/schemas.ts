import { createRoute, z } from "@hono/zod-openapi";
import { ID_MAX, PAGE_MAX } from "~/domain/id-rules";

export { PAGE_MAX };

// Shared pieces of the API contract.
export const ErrorSchema = z
  .object({
    message: z.string().openapi({ description: "What went wrong, in English (the texts of docs/validation.md#messages)" }),
    code: z.string().openapi({ description: "The stable key of the message (translated by the portal's screens)" }),
    errors: z.record(z.string(), z.array(z.string())).optional().openapi({ description: "Field → message keys" }),
  })
  .openapi("Error");

export const MetaSchema = z.object({ page: z.number(), per_page: z.number(), total: z.number() }).openapi("PageMeta");

export const errorResponses = {
  401: { description: "Not authenticated", content: { "application/json": { schema: ErrorSchema } } },
  403: { description: "Forbidden", content: { "application/json": { schema: ErrorSchema } } },
  404: { description: "Not found", content: { "application/json": { schema: ErrorSchema } } },
  422: { description: "Validation failed", content: { "application/json": { schema: ErrorSchema } } },
} as const;

export const json = <T extends z.ZodType>(schema: T, description = "OK") => ({
  description,
  content: { "application/json": { schema } },
});

/** A path id: a row id (1 to 2³¹−1, the integer columns' range), else 422 before any query. */
export const IdParam = z.object({ id: z.coerce.number().int().positive().max(ID_MAX).openapi({ param: { name: "id", in: "path" } }) });

export const bearer = [{ bearer: [] }];
/** A token is read when sent, but anonymous callers are let through (what they may read is the handler's rule). */
export const optionalBearer: Record<string, string[]>[] = [{ bearer: [] }, {}];

/** A required JSON request body, as `request` takes it. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { "application/json": { schema } } } });

/** What a bearer-guarded route answers a caller without a token or the role. */
export const authErrors = { 401: errorResponses[401], 403: errorResponses[403] };

/** Public reads answer 304 to a matching If-None-Match. */
export const notModified = { 304: { description: "Not modified (If-None-Match)" } };

/** 409 of an update against a stale updated_at (optimistic concurrency). */
export const conflict = (description: string) => ({ description, content: { "application/json": { schema: ErrorSchema } } });

/** A page of a list: `data` and the paging `meta`. */
export const pageOf = <T extends z.ZodType>(item: T) => json(z.object({ data: z.array(item), meta: MetaSchema }));

/** `page` and `per_page` of a paged query (per_page at most 1000). */
export const pagingQuery = (perPage: number) => ({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(1000).default(perPage),
});

/** DELETE {path}/{id}: to the trash (editor, admin); 204, or 404 unless the row is live; 409 when `inUse` says why it cannot go. */
export const trashRoute = (path: string, summary: string, inUse?: string) =>
  createRoute({
    method: "delete",
    path: `${path}/{id}`,
    security: bearer,
    summary,
    request: { params: IdParam },
    responses: { 204: { description: "Deleted" }, ...authErrors, 404: errorResponses[404], ...(inUse ? { 409: conflict(inUse) } : {}) },
  });

/** PUT {path}/{id}/restore: back from the trash (editor, admin); the restored row, or 404 unless it is trashed. */
export const restoreRoute = <T extends z.ZodType>(path: string, summary: string, schema: T) =>
  createRoute({
    method: "put",
    path: `${path}/{id}/restore`,
    security: bearer,
    summary,
    request: { params: IdParam },
    responses: { 200: json(schema), ...authErrors, 404: errorResponses[404] },
  });

const binary = z.string().openapi({ format: "binary" });

/** A 200 that is JSON, or with export=csv|xlsx the file (docs/api.md#exports). */
export const jsonOrDownload = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: {
    "application/json": { schema },
    "text/csv": { schema: binary },
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: binary },
  },
});
