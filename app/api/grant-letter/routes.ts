import { OpenAPIHono } from "@hono/zod-openapi";
import { grantLetter as readGrantLetter } from "~/domain/grant-letter/grant-letter.server";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { contentDisposition } from "../media/routes";
import { grantLetter } from "./contract";

export const grantLetterRoutes = new OpenAPIHono<ApiEnv>().openapi(grantLetter, async (c) => {
  const user = requireUser(c);
  const { preview, lang } = c.req.valid("query");
  const letter = await readGrantLetter(c.get("deps"), user, c.req.valid("param").id, {
    preview: preview === "1" || preview === "true",
    locale: lang ?? "en",
  });
  return c.body(letter.pdf as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "application/pdf",
    "Content-Length": String(letter.pdf.byteLength),
    // A preview opens in the browser; the letter itself is a file to keep.
    "Content-Disposition": contentDisposition(letter.preview ? "inline" : "attachment", letter.fileName),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  });
});
