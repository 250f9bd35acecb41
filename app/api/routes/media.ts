import { Readable } from "node:stream";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AppError, notFound } from "~/domain/errors";
import { deleteMedium, getMedium, insertMedium, listMedia } from "~/domain/media-records.server";
import { grantsOf, syncUserFromClaims } from "~/domain/users.server";
import { MediaMissingError } from "~/media/storage.server";
import { receiveUpload } from "~/media/upload.server";
import type { ApiEnv, ApiUser } from "../context";
import { requireUser } from "../guards.server";
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

const upload = createRoute({
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

const list = createRoute({
  method: "get",
  path: "/media",
  security: bearer,
  summary: "Media: all of them for editors and admins, one's own uploads for anyone else",
  request: { query: listQuery },
  responses: { 200: json(z.object({ data: z.array(Medium), meta: MetaSchema })), 401: errorResponses[401], 422: errorResponses[422] },
});

const one = createRoute({
  method: "get",
  path: "/media/{id}",
  security: optionalBearer,
  summary: "A medium's metadata, if the user may read it (404 otherwise)",
  request: { params: IdParam },
  responses: { 200: json(Medium), 404: errorResponses[404] },
});

const remove = createRoute({
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

const download = createRoute({
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

/**
 * The reader of a download: the Bearer user, or the user of `?token=` so that
 * a plain link (<a href>, an e-mail) works. The token is verified exactly as
 * the Authorization header is.
 */
async function downloader(c: Context<ApiEnv>, token: string | undefined): Promise<ApiUser | null> {
  const user = c.get("user");
  if (user || !token) return user;
  const deps = c.get("deps");
  let claims;
  try {
    claims = await deps.verifyToken(token);
  } catch {
    throw new AppError(401, "errors.not-authenticated");
  }
  const id = await syncUserFromClaims(deps.db, claims, deps.adminEmails);
  return { id, ...(await grantsOf(deps.db, id)) };
}

const rfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/** RFC 6266: an ASCII fallback name, and the real one as UTF-8. */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${rfc5987(name)}`;
}

export const mediaRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(upload, async (c) => {
    const user = requireUser(c);
    const { db, storage, media } = c.get("deps");
    const stored = await receiveUpload(c.req.raw, storage, media);
    // The row only once the file is complete; no row, no file.
    try {
      const row = await insertMedium(db, stored, user.id);
      return c.json({ id: row.id, uuid: row.uuid, name: row.name, mime_type: row.mime_type, size: row.size }, 201);
    } catch (err) {
      await storage.delete(stored.uuid);
      throw err;
    }
  })
  .openapi(list, async (c) => {
    const user = requireUser(c);
    return c.json(await listMedia(c.get("deps").db, user, c.req.valid("query")), 200);
  })
  .openapi(one, async (c) => {
    return c.json(await getMedium(c.get("deps").db, c.get("user"), c.req.valid("param").id), 200);
  })
  .openapi(remove, async (c) => {
    const user = requireUser(c);
    const { db, storage } = c.get("deps");
    await deleteMedium(db, storage, user, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(download, async (c) => {
    const { preview, token } = c.req.valid("query");
    const user = await downloader(c, token);
    const { db, storage } = c.get("deps");
    const medium = await getMedium(db, user, c.req.valid("param").id);
    let file: Readable;
    try {
      file = await storage.get(medium.uuid);
    } catch (err) {
      if (!(err instanceof MediaMissingError)) throw err;
      console.warn(JSON.stringify({ level: "warn", msg: "media file missing", id: medium.id, uuid: medium.uuid }));
      throw notFound();
    }
    const inline = preview === "1" || preview === "true";
    return c.body(Readable.toWeb(file) as ReadableStream, 200, {
      "Content-Type": medium.mime_type,
      "Content-Length": String(medium.size),
      "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", medium.name),
      // Served from the portal's origin: the browser must trust the declared type only.
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    });
  });
