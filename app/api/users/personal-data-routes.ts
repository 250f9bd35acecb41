import { OpenAPIHono } from "@hono/zod-openapi";
import { notFound } from "~/domain/errors";
import { eraseUser } from "~/domain/users/erasure.server";
import { personalDataZip } from "~/domain/users/personal-data.server";
import { getUserWithRoles } from "~/domain/users/users.server";
import type { ApiEnv } from "../context";
import { downloadHeaders } from "../download.server";
import { requireRole, requireUser } from "../guards.server";
import { erase, exportMine } from "./personal-data-contract";

export const personalDataRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(exportMine, async (c) => {
    const { id } = requireUser(c);
    const { db, storage } = c.get("deps");
    const zip = await personalDataZip(db, storage, id);
    return c.body(zip.body, 200, downloadHeaders({ type: "application/zip", filename: zip.filename }));
  })
  .openapi(erase, async (c) => {
    const admin = requireRole(c, "admin");
    const { db, storage } = c.get("deps");
    const { id } = c.req.valid("param");
    await eraseUser(db, storage, admin, id);
    const user = await getUserWithRoles(db, id);
    if (!user) throw notFound();
    return c.json(user, 200);
  });
