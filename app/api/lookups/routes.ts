import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { LookupList } from "~/domain/lookups/lists";
import { lookupList } from "~/domain/lookups/lookups.server";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { activityFields, activityKeywords, costLabels, genders, organizationType, researcherStatus, workingRegion } from "./contract";

/** A list's items for a signed-in caller (401 otherwise). */
async function items(c: Context<ApiEnv>, list: LookupList) {
  requireUser(c);
  const rows = await lookupList(c.get("deps").db, list);
  return { data: rows.map(({ value, label }) => ({ value, label })) };
}

// Fixed paths under /applications and /accesses: app.server.ts mounts this group
// before any /applications/{id} route, which would otherwise take them.
export const lookupRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(costLabels, async (c) => c.json(await items(c, "cost-labels"), 200))
  .openapi(activityFields, async (c) => c.json(await items(c, "activity-fields"), 200))
  .openapi(activityKeywords, async (c) => c.json(await items(c, "activity-keywords"), 200))
  .openapi(workingRegion, async (c) => c.json(await items(c, "working-region"), 200))
  .openapi(researcherStatus, async (c) => c.json(await items(c, "researcher-status"), 200))
  .openapi(genders, async (c) => c.json(await items(c, "genders"), 200))
  .openapi(organizationType, async (c) => c.json(await items(c, "organization-type"), 200));
