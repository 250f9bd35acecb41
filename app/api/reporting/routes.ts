import { OpenAPIHono } from "@hono/zod-openapi";
import { readReport, reopenReport as reopen, saveReportPart, submitReport as submit } from "~/domain/reporting/report.server";
import { readReported } from "~/domain/reporting/reported-read.server";
import { reviewReport } from "~/domain/reporting/watchdog-review.server";
import { readConfirmations, saveConfirmations } from "~/domain/reporting/confirmation.server";
import { addPublication, listPublications, removePublication, updatePublication } from "~/domain/reporting/publications.server";
import * as publications from "./publications-contract";
import { doiMetadata } from "~/domain/reporting/doi-metadata.server";
import { remindApplicants, remindStaff } from "~/domain/reporting/report-reminders.server";
import { todayIso } from "~/domain/days";
import * as reminders from "./reminders-contract";
import type { ApiEnv } from "../context";
import { requireUser } from "../guards.server";
import { reopenReport, report, reported, saveAccesses, saveActivity, saveDocuments, saveFeedback, saveSmReport, smReport, submitReport, watchdogReportReview } from "./contract";

export const reportingRoutes: OpenAPIHono<ApiEnv> = new OpenAPIHono<ApiEnv>();

reportingRoutes
  .openapi(report, async (c) => c.json(await readReport(c.get("deps").db, c.req.valid("param").id, requireUser(c)), 200))
  .openapi(saveActivity, async (c) => c.json(await saveReportPart(c.get("deps").db, c.req.valid("param").id, requireUser(c), "activity", c.req.valid("json")), 200))
  .openapi(saveAccesses, async (c) => c.json(await saveReportPart(c.get("deps").db, c.req.valid("param").id, requireUser(c), "accesses", c.req.valid("json")), 200))
  .openapi(saveDocuments, async (c) => c.json(await saveReportPart(c.get("deps").db, c.req.valid("param").id, requireUser(c), "documents", c.req.valid("json")), 200))
  .openapi(saveFeedback, async (c) => c.json(await saveReportPart(c.get("deps").db, c.req.valid("param").id, requireUser(c), "feedback", c.req.valid("json")), 200))
  .openapi(submitReport, async (c) => c.json(await submit(c.get("deps").db, c.req.valid("param").id, requireUser(c), c.req.valid("json")), 200))
  .openapi(reopenReport, async (c) => c.json(await reopen(c.get("deps").db, c.req.valid("param").id, requireUser(c), c.req.valid("json")), 200))
  .openapi(reported, async (c) => c.json(await readReported(c.get("deps").db, c.req.valid("param").id, requireUser(c)), 200))
  .openapi(watchdogReportReview, async (c) => c.json(await reviewReport(c.get("deps").db, c.req.valid("param").id, requireUser(c), c.req.valid("json")), 200))
  .openapi(smReport, async (c) => c.json(await readConfirmations(c.get("deps").db, c.req.valid("param").id, requireUser(c)), 200))
  .openapi(saveSmReport, async (c) => c.json(await saveConfirmations(c.get("deps").db, c.req.valid("param").id, requireUser(c), c.req.valid("json")), 200))
  .openapi(publications.doiMetadata, async (c) => c.json(await doiMetadata(c.req.valid("query").doi), 200))
  .openapi(publications.list, async (c) => c.json(await listPublications(c.get("deps").db, c.req.valid("param").id, requireUser(c)), 200))
  .openapi(publications.add, async (c) => c.json(await addPublication(c.get("deps").db, c.req.valid("param").id, requireUser(c), c.req.valid("json")), 200))
  .openapi(publications.update, async (c) => c.json(await updatePublication(c.get("deps").db, c.req.valid("param").id, requireUser(c), c.req.valid("json")), 200))
  .openapi(publications.remove, async (c) => c.json(await removePublication(c.get("deps").db, c.req.valid("param").id, requireUser(c)), 200))
  .openapi(reminders.applicantReportReminder, async (c) => c.json(await remindApplicants(c.get("deps").db, c.req.valid("param").id, todayIso()), 200))
  .openapi(reminders.reportReminder, async (c) => c.json(await remindStaff(c.get("deps").db, c.req.valid("param").id), 200));
