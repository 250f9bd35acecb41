import { OpenAPIHono } from "@hono/zod-openapi";
import { createPage, deletePage, getPage, listPages, previewContent, publicPage, publicPages, restorePage, updatePage } from "~/domain/pages/pages.server";
import { ADMIN_ROLES } from "~/domain/users/roles";
import { cachedJson } from "../cached-json";
import type { ApiEnv } from "../context";
import { requireRole } from "../guards.server";
import * as routes from "./contract";


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
    return c.json(await previewContent(c.req.valid("json")), 200);
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
