import { Readable } from "node:stream";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { notFound } from "~/domain/errors";
import { deleteMedium, getMedium, insertMedium, listMedia } from "~/domain/media/media-records.server";
import { agreementReadable } from "~/domain/acceptance/agreement-media.server";
import { reportFileReadable } from "~/domain/reporting/report-media.server";
import { appendixReadable } from "~/domain/applications/appendix-media.server";
import type { LinkReadable } from "~/domain/media/media.server";
import { staffStatuses } from "~/domain/ri-decisions/staff.server";
import type { Db } from "~/db/database.server";
import { MediaMissingError } from "~/media/storage.server";
import { receiveUpload } from "~/media/upload.server";
import type { ApiEnv, ApiUser } from "../context";
import { requireUser } from "../guards.server";
import { resolveUser } from "../resolve-user.server";
import { download, list, one, remove, upload } from "./contract";

/**
 * The features whose files are read under their own rule: the acceptance
 * agreements, the report's files, the application's appendices; each given
 * the statuses in which infrastructure staff see an application now (a setting).
 */
export async function featureFiles(db: Db): Promise<LinkReadable[]> {
  const seen = await staffStatuses(db);
  return [agreementReadable(seen), reportFileReadable(seen), appendixReadable(seen)];
}

/**
 * The reader of a download: the Bearer user, or the user of `?token=` so that
 * a plain link (<a href>, an e-mail) works. The token is verified exactly as
 * the Authorization header is.
 */
async function downloader(c: Context<ApiEnv>, token: string | undefined): Promise<ApiUser | null> {
  const user = c.get("user");
  if (user || !token) return user;
  return resolveUser(c.get("deps"), token);
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
    const { db } = c.get("deps");
    return c.json(await getMedium(db, c.get("user"), c.req.valid("param").id, await featureFiles(db)), 200);
  })
  .openapi(remove, async (c) => {
    const user = requireUser(c);
    const { db, storage } = c.get("deps");
    await deleteMedium(db, storage, user, c.req.valid("param").id, await featureFiles(db));
    return c.body(null, 204);
  })
  .openapi(download, async (c) => {
    const { preview, token } = c.req.valid("query");
    const user = await downloader(c, token);
    const { db, storage } = c.get("deps");
    const medium = await getMedium(db, user, c.req.valid("param").id, await featureFiles(db));
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
