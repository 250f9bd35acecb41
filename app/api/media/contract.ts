// The media API contract: every operation, its parameters and its answers.
import { createRoute, z } from "@hono/zod-openapi";
import { bearer, ErrorSchema, errorResponses, IdParam, json, MetaSchema, optionalBearer, pagingQuery } from "../schemas";

const Uploaded = z
  .object({ id: z.number(), uuid: z.string(), name: z.string(), mime_type: z.string(), size: z.number() })
  .openapi("UploadedMedia");

const Medium = Uploaded.extend({
  user_id: z.number().nullable(),
  created_at: z.string(),
  in_use: z.boolean(),
}).openapi("Media");

const listQuery = z.object({
  q: z.string().trim().max(255).optional(),
  sort_by: z.enum(["id", "name", "size", "created_at"]).default("id"),
  order: z.enum(["asc", "desc"]).default("desc"),
  ...pagingQuery(20),
});

export const upload = createRoute({
  method: "post",
  path: "/media/uploads",
  security: bearer,
  summary: "Upload one file (multipart part `file`), streamed to storage; any signed-in user",
  request: {
    // A plain JSON schema, not zod: a zod schema would make the framework parse
    // (and buffer) the whole form before the handler could stream it.
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: { type: "object", required: ["file"], properties: { file: { type: "string", format: "binary" } } },
        },
      },
    },
  },
  responses: { 201: json(Uploaded, "Stored"), 401: errorResponses[401], 422: errorResponses[422] },
});

export const list = createRoute({
  method: "get",
  path: "/media",
  security: bearer,
  summary: "Media: all of them for editors and admins, one's own uploads for anyone else",
  request: { query: listQuery },
  responses: { 200: json(z.object({ data: z.array(Medium), meta: MetaSchema })), 401: errorResponses[401], 422: errorResponses[422] },
});

export const one = createRoute({
  method: "get",
  path: "/media/{id}",
  security: optionalBearer,
  summary: "A medium's metadata, if the user may read it (404 otherwise)",
  request: { params: IdParam },
  responses: { 200: json(Medium), 404: errorResponses[404] },
});

export const remove = createRoute({
  method: "delete",
  path: "/media/{id}",
  security: bearer,
  summary: "Delete a medium (its uploader, editors, admins) unless it is in use (409 media.in-use)",
  request: { params: IdParam },
  responses: {
    204: { description: "Deleted" },
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: { description: "In use", content: { "application/json": { schema: ErrorSchema } } },
  },
});

export const download = createRoute({
  method: "get",
  path: "/media/download/{id}",
  security: optionalBearer,
  summary: "The file, as an attachment or, with preview=1, inline; ?token= may replace the Authorization header",
  request: {
    params: IdParam,
    query: z.object({ preview: z.enum(["0", "1", "true", "false"]).optional(), token: z.string().optional() }),
  },
  responses: {
    200: { description: "The file", content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } } },
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

