import { OpenAPIHono } from "@hono/zod-openapi";
import { readIntake } from "~/domain/intake/intake-read.server";
import { changeStatus as change } from "~/domain/intake/status-change.server";
import { saveEligibility } from "~/domain/intake/eligibility.server";
import { changeInfrastructure as moveInfrastructure } from "~/domain/intake/change-infrastructure.server";
import { assignmentWarnings, saveReviewers } from "~/domain/intake/assignment.server";
import type { Db } from "~/db/database.server";
import { keptUntilWrite } from "~/cache/kept.server";
import { todayIso } from "~/domain/days";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { changeInfrastructure, changeStatus, eligibility, intake, reopenReporting, restoreDraft, saveConflict, saveWd, undoWithdrawn } from "./contract";

export const intakeRoutes: OpenAPIHono<ApiEnv> = new OpenAPIHono<ApiEnv>();

/**
 * The staff panels' view of an application, kept until the next write (ADR 030)
 * and for the day (the transitions it offers depend on it): the staff screen
 * reads it on every view, and nothing in it changes without a write. The
 * writes below answer with a view read afresh.
 */
const keptIntake = (db: Db, id: number) => keptUntilWrite(db, `intake:${id}`, () => readIntake(db, id), todayIso());

// The status-change endpoints share the domain's one change: the lifecycle table tells them apart.
intakeRoutes
  .openapi(intake, async (c) => c.json(await keptIntake(c.get("deps").db, c.req.valid("param").id), 200))
  .openapi(changeStatus, async (c) => c.json(await change(c.get("deps").db, c.req.valid("param").id, requireUser(c).id, "change-status", c.req.valid("json")), 200))
  .openapi(restoreDraft, async (c) => c.json(await change(c.get("deps").db, c.req.valid("param").id, requireUser(c).id, "restore-draft", c.req.valid("json")), 200))
  .openapi(undoWithdrawn, async (c) => c.json(await change(c.get("deps").db, c.req.valid("param").id, requireUser(c).id, "undo-withdrawn", c.req.valid("json")), 200))
  .openapi(reopenReporting, async (c) => c.json(await change(c.get("deps").db, c.req.valid("param").id, requireUser(c).id, "reopen-reporting-status", c.req.valid("json")), 200))
  .openapi(eligibility, async (c) => {
    const db = c.get("deps").db;
    const { id } = c.req.valid("param");
    await saveEligibility(db, id, c.req.valid("json"));
    return c.json(await readIntake(db, id), 200);
  })
  .openapi(changeInfrastructure, async (c) => {
    const db = c.get("deps").db;
    const { id } = c.req.valid("param");
    await moveInfrastructure(db, id, c.req.valid("json"));
    return c.json(await readIntake(db, id), 200);
  })
  .openapi(saveWd, async (c) => {
    const user = requireUser(c);
    const db = c.get("deps").db;
    const { id } = c.req.valid("param");
    await saveReviewers(db, id, user.id, c.req.valid("json"));
    return c.json(await readIntake(db, id), 200);
  })
  .openapi(saveConflict, async (c) => {
    const db = c.get("deps").db;
    const { id } = c.req.valid("param");
    const q = c.req.valid("query");
    const lists = { evaluators: q["evaluators[]"] ?? [], watchdogs: q["watchdogs[]"] ?? [], viewers: q["viewers[]"] ?? [] };
    return c.json({ data: await assignmentWarnings(db, id, lists) }, 200);
  });
