// Writing applications through the write pipeline (ADR 015): create a draft,
// save one wizard step (valid or not, ADR 018), submit, delete a draft.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import * as z from "zod/mini";
import type { Db } from "~/db/database.server";
import { AppError, forbidden } from "../errors";
import { linkMedia } from "../media/media.server";
import { claimVersion, invalid, parseInput, versionNow } from "../write.server";
import type { Draft } from "./draft";
import { applicationStatusOf } from "./status";
import { applyRefusal, CALL_CLOSED } from "./may-apply";
import { applyTransition, STALE } from "./transition.server";
import { getApplication, isLeaderEmail, presentWritten, readerEmail, visibleRow, visibleRowWithFiles, type Reader } from "./application-read.server";
import { wizardCall, wizardContext } from "./wizard-context.server";
import { allErrors, judgeDraft, STEP_MODULES } from "./validation";
import type { GroupDraft } from "./step-group";
import { LIST_APPENDICES, SINGLE_APPENDICES, type AppendicesDraft } from "./step-appendices";
import type { LogisticsDraft } from "./step-logistics";
import { sectionOf, stepNumber, STEPS } from "./steps";
import type { CreateBody, SaveBody, SubmitBody } from "./application-bodies";
import { canonicalOrcid } from "../users/orcid";

/** The sections an earlier application lends a new one (not logistics or costs: they depend on the call's infrastructures). */
const COPIED_SECTIONS = ["project", "group", "publications", "appendices"] as const;


/** The sections the assistant fills (app/domain/assistant/provenance.ts). */
const ASSISTED_SECTIONS: string[] = ["project", "logistics"];

const newKey = () => randomUUID().slice(0, 8);

async function applicant(db: Db, id: number) {
  return db
    .selectFrom("users")
    .select(["email", "name", "surname", "nationality", "organization_name", "organization_country", "orcid"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

/** Whether the call takes this applicant: open, and their organization's country allowed (docs/lifecycle.md#creation, docs/validation.md#call). */
export async function assertMayApply(db: Db, callId: number, userId: number) {
  const call = await wizardCall(db, callId);
  if (call.deleted || call.status === "draft") throw new AppError(404, "errors.not-found");
  const user = await applicant(db, userId);
  const refusal = applyRefusal(call, user.organization_country);
  if (refusal) throw new AppError(422, refusal);
  return { call, user };
}

/**
 * POST /api/applications: a draft at step 1 owned by the caller, its first member prefilled from the profile
 * (or copied from an earlier application). The body is parsed by the API's contract.
 */
export async function createApplication(db: Db, reader: Reader, input: CreateBody) {
  const { user } = await assertMayApply(db, input.call_id, reader.id);
  let draft: Draft = {
    group: {
      members: [{
        key: newKey(), name: user.name ?? undefined, surname: user.surname ?? undefined, email: user.email,
        nationality: user.nationality ?? undefined, work_place: user.organization_name ?? undefined,
        work_country: user.organization_country ?? undefined, orcid: user.orcid ?? undefined, leader: true,
      }],
    },
  };
  if (input.copy_from !== undefined) {
    const earlier = await db
      .selectFrom("applications")
      .select("draft")
      .where("id", "=", input.copy_from)
      .where("user_id", "=", reader.id)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!earlier) throw invalid({ copy_from: ["applications-validation.copy-from"] });
    const source = earlier.draft as Draft;
    draft = Object.fromEntries(COPIED_SECTIONS.filter((s) => source[s]).map((s) => [s, source[s]]));
  }
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("applications")
      .values({
        call_id: input.call_id, user_id: reader.id, draft: JSON.stringify(draft),
        acronym: draft.project?.acronym ?? null, title: draft.project?.title ?? null, discipline: draft.project?.discipline ?? null,
      })
      .returning(["id", "status", "step"])
      .executeTakeFirstOrThrow();
    await trx.insertInto("application_history").values({ application_id: row.id, from_status: null, to_status: "draft", user_id: reader.id }).execute();
    const ids = appendixMedia(draft.appendices);
    for (const [collection, mediaIds] of ids) await linkMedia(trx, { type: "application", id: row.id, collection }, mediaIds, reader);
    return { ...row, status: applicationStatusOf(row.status) };
  });
}

/**
 * Rows without a key get one, so other steps can refer to them; a member's
 * valid ORCID iD is kept in its canonical form (a mistyped one as typed, for
 * the step's rules to flag: docs/data.md#orcid-ids).
 */
function withKeys(section: string, values: unknown): unknown {
  if (section === "group") {
    const g = values as GroupDraft;
    return { ...g, members: g.members?.map((m) => ({ ...m, key: m.key ?? newKey(), ...(m.orcid ? { orcid: canonicalOrcid(m.orcid) ?? m.orcid } : {}) })) };
  }
  if (section === "logistics") {
    const l = values as LogisticsDraft;
    return {
      ...l,
      infrastructures: l.infrastructures?.map((r) => ({ ...r, key: r.key ?? newKey(), accesses: r.accesses?.map((a) => ({ ...a, key: a.key ?? newKey() })) })),
    };
  }
  return values;
}

const appendixMedia = (a: AppendicesDraft | undefined): [string, number[]][] => [
  ...SINGLE_APPENDICES.map((f): [string, number[]] => [f, a?.[f] !== undefined ? [a[f]!] : []]),
  ...LIST_APPENDICES.map((f): [string, number[]] => [f, a?.[f] ?? []]),
];


/** The owner's live draft, or: 404 unseen, 403 seen but not theirs, 409 no longer a draft. */
export async function ownDraft(db: Db, id: number, reader: Reader) {
  return ownDraftOf(await visibleRow(db, id, reader), reader);
}

/** `row` (one the reader may see) if it is their own draft: 403 someone else's, 409 no longer a draft. */
function ownDraftOf<R extends { user_id: number; status: string }>(row: R, reader: Reader): R {
  if (row.user_id !== reader.id) throw forbidden();
  if (row.status !== "draft") throw new AppError(409, "applications.not-draft");
  return row;
}

/**
 * PUT /api/applications/{id}: the values of one step replace its section, as
 * sent (its draft schema bounds them; 422 only for what it refuses). `advance`
 * moves the draft's current step past this one when every step up to it is
 * complete. Answers the application with every step's errors. The body is
 * parsed by the API's contract; the values by their step's draft schema here.
 */
export async function saveStep(db: Db, id: number, reader: Reader, input: SaveBody) {
  // Read with its history and files: no step changes the history, and only the appendices the files, so the others answer both as read here.
  const { history, media, ...row } = ownDraftOf(await visibleRowWithFiles(db, id, reader), reader);
  const slug = input.step as (typeof STEPS)[number]["slug"];
  const section = sectionOf(slug);
  const draft = { ...(row.draft as Draft) };
  let values: unknown;
  if (section) {
    const parsed = await parseInput(STEP_MODULES[section].draft as z.ZodMiniType, input.values ?? {});
    values = withKeys(section, parsed);
    (draft as Record<string, unknown>)[section] = values;
  }
  const ctx = await wizardContext(db, row.call_id, draft);
  const states = judgeDraft(ctx);
  const n = stepNumber(slug);
  const reached = input.advance && states.slice(0, n).every((s) => s.complete) ? Math.min(n + 1, STEPS.length) : 1;
  const update = (q: Db) =>
    q
      .updateTable("applications")
      .set({
        ...(section ? { draft: sql`jsonb_set(draft, ${sql.lit(`{${section}}`)}, ${JSON.stringify(values)}::jsonb)` } : {}),
        ...(section === "project" ? { acronym: draft.project?.acronym ?? null, title: draft.project?.title ?? null, discipline: draft.project?.discipline ?? null } : {}),
        // A step the assistant filled, saved by the applicant, confirms its suggestions (docs/decisions/042-assistant-pre-fill.md).
        ...(section && ASSISTED_SECTIONS.includes(section)
          ? { ai_response: sql`case when ai_response is null then null else jsonb_set(ai_response, ${sql.lit(`{confirmed,${section}}`)}, to_jsonb(now())) end` }
          : {}),
        step: sql`greatest(step, ${reached})`,
        updated_at: versionNow(),
      })
      .where("id", "=", id)
      .returning(["step", "updated_at", "acronym", "title", "discipline"]);
  // The appendices link their files too, in the same transaction; every other step is one UPDATE, checked and made in one statement.
  const written =
    section === "appendices"
      ? await db.transaction().execute(async (trx) => {
          await claimVersion(trx, "applications", id, input.updated_at, STALE);
          const updated = await update(trx).executeTakeFirstOrThrow();
          for (const [collection, mediaIds] of appendixMedia(draft.appendices)) {
            await linkMedia(trx, { type: "application", id, collection }, mediaIds, reader);
          }
          return updated;
        })
      : await claimVersion(db, "applications", id, input.updated_at, STALE, { update: (current) => update(db).where(current).executeTakeFirst() });
  // Answered from the draft just judged and stored, not read and judged again.
  return presentWritten(db, { ...row, ...written, draft }, reader, { ctx, steps: states }, section === "appendices" ? undefined : { history, media });
}


/**
 * PUT /api/applications/{id}/submit: by the group leader only (403), while the
 * call is open (422 CALL_CLOSED), every step complete (422 with every error,
 * named `<section>.<field>`). Irreversible for the applicant; the draft's
 * transition to submit (applyTransition) writes its rows and its history row.
 * The body is parsed by the API's contract.
 */
export async function submitApplication(db: Db, id: number, reader: Reader, input: SubmitBody) {
  const row = await ownDraft(db, id, reader);
  const draft = row.draft as Draft;
  if (!isLeaderEmail(draft, reader.email ?? (await readerEmail(db, reader.id)))) throw new AppError(403, "applications.not-leader");
  const ctx = await wizardContext(db, row.call_id, draft, { fresh: true });
  if (!ctx.call.is_open) throw new AppError(422, CALL_CLOSED);
  const errors = allErrors(judgeDraft(ctx));
  if (Object.keys(errors).length) throw invalid(errors);
  await applyTransition(db, id, { who: "owner", endpoint: "submit", userId: reader.id, readAt: input.updated_at });
  return getApplication(db, id, reader);
}

/** DELETE /api/applications/{id}: the owner's draft goes to the trash; its files are no longer in use by it. */
export async function deleteApplication(db: Db, id: number, reader: Reader) {
  await ownDraft(db, id, reader);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("applications").set({ deleted_at: versionNow(), updated_at: versionNow() }).where("id", "=", id).execute();
    await trx.deleteFrom("media_links").where("attached_to_type", "=", "application").where("attached_to_id", "=", String(id)).execute();
  });
}
