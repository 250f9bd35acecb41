// The assistant's pre-fill of a draft from its research plan, and what it
// left (docs/decisions/042-assistant-pre-fill.md). The rules: the ai-in-use
// setting is yes; the caller owns the draft; they agree to the ai-disclaimer
// (kept with who and when); once per application. The right is claimed by
// one conditional UPDATE before the assistant is asked (a second request,
// even a concurrent one, gets 409) and given back if the assistant fails, so
// a failure changes nothing. The fill is one transaction on the locked row,
// judged against the draft as it is then: only empty fields, only values the
// steps' rules accept.
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { MediaStorage } from "~/media/storage.server";
import { AppError, forbidden } from "../errors";
import { isAdminArea } from "../users/roles";
import { getSettings } from "../settings/settings.server";
import { lookupList } from "../lookups/lookups.server";
import { visibleRow, type Reader } from "../applications/application-read.server";
import { ownDraft } from "../applications/application-write.server";
import { wizardContext } from "../applications/wizard-context.server";
import type { Draft } from "../applications/draft";
import { versionNow } from "../write.server";
import { ANSWER, type Answer } from "./suggestion";
import { extractFromPlan } from "./extractive";
import { askModel, modelConfig } from "./model.server";
import { fillDraft } from "./fill.server";
import { originsOf, type AssistantRecord } from "./provenance";
import { planKind, planText, PlanUnreadableError, readBounded } from "./plan-text.server";

export const ASSISTANT_USED = "assistant.used";
export const ASSISTANT_FAILED = "assistant.failed";
/** The raw answer kept for staff: bounded like the text it came from. */
const RAW_MAX = 40_000;
/** A claim older than this is a pre-fill whose process died: the right is free again. */
const CLAIM_STALE = "10 minutes";

/** Which assistant answers: a configured model, else the extractive reader. */
export const assistantKind = (): AssistantRecord["provider"] => (modelConfig() ? "model" : "extractive");

const inUse = async (db: Db) => (await getSettings(db))["ai-in-use"] === "yes";

/** The research plan saved in the draft's appendices and linked to the application, with its bytes' key. */
async function researchPlan(db: Db, applicationId: number, draft: Draft) {
  const id = draft.appendices?.research_plan;
  if (id === undefined) return undefined;
  return db
    .selectFrom("media")
    .innerJoin("media_links as l", "l.media_id", "media.id")
    .select(["media.id", "media.uuid", "media.name", "media.mime_type", "media.size"])
    .where("media.id", "=", id)
    .where("l.attached_to_type", "=", "application")
    .where("l.attached_to_id", "=", String(applicationId))
    .where("l.collection", "=", "research_plan")
    .executeTakeFirst();
}

const noPlan = (key: string) => new AppError(422, "validation.failed", { research_plan: [key] });

/** Gives the right back (the pre-fill failed before it wrote). */
const release = (db: Db, id: number) =>
  db.updateTable("applications").set({ ai_requested_at: null }).where("id", "=", id).where("ai_response", "is", null).execute();

/** Asks the configured assistant; a model's failure (network, timeout, 5xx after retries, not JSON, wrong shape) is ASSISTANT_FAILED. */
async function ask(plan: string, prompt: string, disciplines: { value: string; label: string }[], keywords: { value: string; label: string }[]) {
  const config = modelConfig();
  if (!config) {
    const answer = extractFromPlan(plan, { disciplines, keywords });
    return { answer, raw: JSON.stringify(answer), model: null, provider: "extractive" as const };
  }
  let raw: string;
  let answer: Answer;
  try {
    raw = await askModel(config, { plan, prompt, disciplines, keywords });
    const parsed = ANSWER.safeParse(JSON.parse(raw));
    if (!parsed.success) throw new Error("answer out of schema");
    answer = parsed.data;
  } catch (err) {
    console.warn(JSON.stringify({ level: "warn", msg: "assistant failed", err: String((err as Error)?.message ?? err).slice(0, 300) }));
    throw new AppError(502, ASSISTANT_FAILED);
  }
  return { answer, raw, model: config.model, provider: "model" as const };
}

/**
 * POST /api/ai-generate/applications/{id}: pre-fills the caller's draft from
 * its research plan. Answers the fields filled (the API then answers the status).
 */
export async function prefill(deps: { db: Db; storage: MediaStorage }, id: number, reader: Reader, input: { agree: boolean }) {
  const { db, storage } = deps;
  if (!(await inUse(db))) throw new AppError(404, "assistant.off");
  const row = await ownDraft(db, id, reader);
  if (row.ai_response) throw new AppError(409, ASSISTANT_USED);
  if (!input.agree) throw new AppError(422, "validation.failed", { agree: ["assistant.agree-required"] });
  const plan = await researchPlan(db, id, row.draft as Draft);
  if (!plan) throw noPlan("assistant.no-plan");
  const kind = planKind(plan.mime_type, plan.name);
  if (!kind) throw noPlan("assistant.plan-type");

  // The claim: one statement, so of two concurrent requests one sets it and the other finds it set.
  const claimed = await db
    .updateTable("applications")
    .set({ ai_requested_at: versionNow(), ai_termsandconditions: versionNow(), ai_termsandconditions_by: reader.id })
    .where("id", "=", id)
    .where("status", "=", "draft")
    .where("deleted_at", "is", null)
    .where("ai_response", "is", null)
    .where((eb) => eb.or([eb("ai_requested_at", "is", null), eb("ai_requested_at", "<", sql<Date>`now() - ${sql.lit(CLAIM_STALE)}::interval`)]))
    .returning("id")
    .executeTakeFirst();
  if (!claimed) throw new AppError(409, ASSISTANT_USED);

  try {
    let text: string;
    try {
      text = await planText(await readBounded(await storage.get(plan.uuid)), kind);
    } catch (err) {
      if (err instanceof PlanUnreadableError) throw noPlan(err.message === "too-large" ? "assistant.plan-too-large" : "assistant.plan-unreadable");
      throw err;
    }
    if (!text.trim()) throw noPlan("assistant.plan-empty");
    const [settings, disciplines, keywords] = await Promise.all([getSettings(db), lookupList(db, "activity-fields"), lookupList(db, "activity-keywords")]);
    const asked = await ask(text, settings["ai-prompt"], [...disciplines], [...keywords]);

    return await db.transaction().execute(async (trx) => {
      // The draft as it is now, locked: the applicant may have saved a step while the assistant answered.
      const current = await trx
        .selectFrom("applications")
        .select(["draft", "call_id", "status", "ai_response"])
        .where("id", "=", id)
        .where("deleted_at", "is", null)
        .forUpdate()
        .executeTakeFirst();
      if (!current || current.status !== "draft") throw new AppError(409, "applications.not-draft");
      if (current.ai_response) throw new AppError(409, ASSISTANT_USED);
      const draft = current.draft as Draft;
      const ctx = await wizardContext(db, current.call_id, draft);
      const { draft: next, filled } = fillDraft(draft, asked.answer, ctx, keywords.map((k) => k.value));
      const record: AssistantRecord = {
        provider: asked.provider, model: asked.model, at: new Date().toISOString(), raw: asked.raw.slice(0, RAW_MAX), filled, confirmed: {},
      };
      await trx
        .updateTable("applications")
        .set({
          draft: JSON.stringify(next),
          acronym: next.project?.acronym ?? null,
          title: next.project?.title ?? null,
          discipline: next.project?.discipline ?? null,
          ai_response: JSON.stringify(record),
          updated_at: versionNow(),
        })
        .where("id", "=", id)
        .execute();
      return { filled };
    });
  } catch (err) {
    // Nothing was written (the transaction rolled back, or never began): the right is given back.
    await release(db, id);
    throw err;
  }
}

/**
 * GET /api/ai-generate/applications/{id}: whether the assistant is offered
 * and which one, its disclaimer, and what it did to this application, for
 * the owner and the admin area (the raw answer for the admin area only);
 * 403 for the application's other readers, 404 for anyone else.
 */
export async function assistantStatus(db: Db, id: number, reader: Reader) {
  const row = await visibleRow(db, id, reader);
  const staff = isAdminArea(reader);
  if (row.user_id !== reader.id && !staff) throw forbidden();
  const [settings, plan] = await Promise.all([getSettings(db), researchPlan(db, id, row.draft as Draft)]);
  const record = row.ai_response as AssistantRecord | null;
  const by = row.ai_termsandconditions_by
    ? await db.selectFrom("users").select("display_name").where("id", "=", row.ai_termsandconditions_by).executeTakeFirst()
    : undefined;
  return {
    in_use: settings["ai-in-use"] === "yes",
    assistant: assistantKind(),
    disclaimer: settings["ai-disclaimer"],
    // The French version, when written (ADR 052): the screen shows the reader's.
    disclaimer_fr: settings["ai-disclaimer-fr"]?.trim() ? settings["ai-disclaimer-fr"] : null,
    used: record !== null,
    agreed_at: row.ai_termsandconditions ? new Date(row.ai_termsandconditions).toISOString() : null,
    agreed_by: by?.display_name ?? null,
    research_plan: plan ? { id: plan.id, name: plan.name, readable: planKind(plan.mime_type, plan.name) !== undefined } : null,
    result: record
      ? {
          assistant: record.provider,
          model: record.model,
          at: record.at,
          fields: originsOf(record, row.draft as Draft),
          raw: staff ? record.raw : null,
        }
      : null,
  };
}
