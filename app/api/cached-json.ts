import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { ApiEnv } from "./context";

/**
 * Public reads carry a validator so a repeat visit costs a 304 (docs/budgets.md#per-request-work);
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
