import { OpenAPIHono } from "@hono/zod-openapi";
import { readIntake } from "~/domain/intake/intake-read.server";
import { changeStatus as change } from "~/domain/intake/status-change.server";
import type { StatusEndpoint } from "~/domain/intake/intake-bodies";
import { saveEligibility } from "~/domain/intake/eligibility.server";
import { assignmentWarnings, saveReviewers } from "~/domain/intake/assignment.server";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { changeStatus, eligibility, intake, reopenReporting, restoreDraft, saveConflict, saveWd, undoWithdrawn } from "./contract";

/** The status-change endpoints share one handler: the lifecycle table tells them apart. */
const statusHandler = (endpoint: StatusEndpoint) => async (c: Parameters<Parameters<typeof intakeRoutes.openapi>[1]>[0]) => {
  const user = requireUser(c);
  const id = Number(c.req.param("id"));
  return c.json(await change(c.get("deps").db, id, user.id, endpoint, await c.req.json()), 200);
};

export const intakeRoutes: OpenAPIHono<ApiEnv> = new OpenAPIHono<ApiEnv>();

intakeRoutes
  .openapi(intake, async (c) => c.json(await readIntake(c.get("deps").db, c.req.valid("param").id), 200))
  .openapi(changeStatus, statusHandler("change-status"))
  .openapi(restoreDraft, statusHandler("restore-draft"))
  .openapi(undoWithdrawn, statusHandler("undo-withdrawn"))
  .openapi(reopenReporting, statusHandler("reopen-reporting-status"))
  .openapi(eligibility, async (c) => {
    const db = c.get("deps").db;
    const { id } = c.req.valid("param");
    await saveEligibility(db, id, await c.req.json());
    return c.json(await readIntake(db, id), 200);
  })
  .openapi(saveWd, async (c) => {
    const user = requireUser(c);
    const db = c.get("deps").db;
    const { id } = c.req.valid("param");
    await saveReviewers(db, id, user.id, await c.req.json());
    return c.json(await readIntake(db, id), 200);
  })
  .openapi(saveConflict, async (c) => {
    const db = c.get("deps").db;
    const { id } = c.req.valid("param");
    const q = c.req.valid("query");
    const lists = { evaluators: q["evaluators[]"] ?? [], watchdogs: q["watchdogs[]"] ?? [], viewers: q["viewers[]"] ?? [] };
    return c.json({ data: await assignmentWarnings(db, id, lists) }, 200);
  });
