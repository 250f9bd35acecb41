import { OpenAPIHono } from "@hono/zod-openapi";
import { createDocument, deleteDocument, documentTags, getDocument, listDocuments, publicDocuments, restoreDocument, updateDocument } from "~/domain/documents/documents.server";
import { ADMIN_ROLES } from "~/domain/users/roles";
import type { ApiEnv } from "../context";
import { requireRole } from "../guards.server";
import { cachedJson } from "../cached-json";
import * as routes from "./contract";

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
