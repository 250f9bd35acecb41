// Reading applications: one application with its wizard context and the
// judgement of every step, and the lists an applicant (or staff) sees.
import { sql, type RawBuilder } from "kysely";
import type { Db } from "~/db/database.server";
import type { ReviewerRole } from "~/db/schema";
import { notFound } from "../errors";
import { isAdminArea, type Actor } from "../users/roles";
import { countTotal, offsetOf, pageMeta } from "../list-query.server";
import type { Draft } from "./draft";
import { wizardContext } from "./wizard-context.server";
import { judgeDraft } from "./validation";
import { withTaskStatus } from "./task-status";
import type { WizardContext } from "./context";
import { groupLeader } from "./step-group";
import { LIST_APPENDICES, SINGLE_APPENDICES } from "./appendices";
import type { ApplicationListQuery } from "./application-list.server";
import { applicationStatusOf, type ApplicationStatus } from "./status";

export type Reader = Actor;

/**
 * The reviewer rows (as `r`) through which `readerId` reads the application
 * `applicationId`: an evaluator's, a watchdog's, a viewer's only once they
 * have saved the confidentiality declaration (docs/roles.md#viewers). A
 * select, to wrap in array() or exists(), or to narrow with `and`.
 */
export const readingReviews = (applicationId: RawBuilder<number>, readerId: number) =>
  sql`select r.role from application_reviewers r where r.application_id = ${applicationId} and r.user_id = ${readerId} and (r.role <> 'viewer' or r.confidential_declaration)`;

const liveRow = (db: Db, id: number, readerId: number) =>
  db
    .selectFrom("applications")
    .innerJoin("users", "users.id", "applications.user_id")
    .selectAll("applications")
    .select(["users.display_name as owner_name", "users.email as owner_email"])
    // What the reader is on this application besides its owner: evaluator, watchdog, viewer (readingReviews).
    .select(sql<string[]>`array(${readingReviews(sql.ref<number>("applications.id"), readerId)} order by r.role)`.as("reviewer_roles"))
    .where("applications.id", "=", id)
    .where("applications.deleted_at", "is", null);

/** `row` if the reader may see it (its status narrowed): its owner's, any for the admin area, or one they review; 404 otherwise (ids reveal nothing). */
function seenBy<R extends { user_id: number; reviewer_roles: string[]; status: string }>(row: R | undefined, user: Reader): R & { status: ApplicationStatus } {
  if (!row || (row.user_id !== user.id && !isAdminArea(user) && row.reviewer_roles.length === 0)) throw notFound();
  return { ...row, status: applicationStatusOf(row.status) };
}

/** The live row the reader may see (seenBy). */
export async function visibleRow(db: Db, id: number, user: Reader) {
  return seenBy(await liveRow(db, id, user.id).executeTakeFirst(), user);
}

interface HistoryEntry {
  from_status: string | null;
  to_status: string;
  notes: string | null;
  created_at: string;
  by: string | null;
}
interface MediumEntry {
  id: number;
  name: string;
  mime_type: string;
  size: number;
  collection: string;
}

/**
 * The application's status history (oldest first) and its files (by
 * collection and position, as mediaOf orders them), as two JSON columns of
 * one query: the application `id` is a number or the row's column.
 */
const historyColumn = (id: number | RawBuilder<number>) =>
  sql<HistoryEntry[]>`coalesce((
    select json_agg(json_build_object('from_status', h.from_status, 'to_status', h.to_status, 'notes', h.notes, 'created_at', h.created_at, 'by', u.display_name) order by h.created_at, h.id)
    from application_history h left join users u on u.id = h.user_id
    where h.application_id = ${id}), '[]'::json)`.as("history");
const mediaColumn = (id: number | RawBuilder<number>) =>
  sql<MediumEntry[]>`coalesce((
    select json_agg(json_build_object('id', m.id, 'name', m.name, 'mime_type', m.mime_type, 'size', m.size, 'collection', l.collection) order by l.collection, l.position, m.id)
    from media_links l join media m on m.id = l.media_id
    where l.attached_to_type = 'application' and l.attached_to_id = (${id})::text), '[]'::json)`.as("media");

/** The two columns as the answer gives them: timestamps as the pg driver reads them (to the millisecond, in UTC), sizes as numbers. */
const historyAndMediaOf = ({ history, media }: { history: HistoryEntry[]; media: MediumEntry[] }) => ({
  history: history.map((h) => ({
    ...h,
    from_status: h.from_status === null ? null : applicationStatusOf(h.from_status),
    to_status: applicationStatusOf(h.to_status),
    created_at: new Date(h.created_at).toISOString(),
  })),
  media: media.map((m) => ({ ...m, size: Number(m.size) })),
});

/** The history and files alone (after a write), in one query instead of two. */
async function historyAndMedia(db: Db, id: number) {
  return historyAndMediaOf(await db.selectNoFrom([historyColumn(id), mediaColumn(id)]).executeTakeFirstOrThrow());
}

export async function readerEmail(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow();
  return row.email;
}

/** Whether `email` is the group leader's (only they may submit). */
export const isLeaderEmail = (draft: Draft, email: string) => {
  const leader = groupLeader(draft.group);
  return Boolean(leader?.email && leader.email.trim().toLowerCase() === email.trim().toLowerCase());
};

type Row = Awaited<ReturnType<typeof visibleRow>>;
type Judged = { ctx: WizardContext; steps: ReturnType<typeof judgeDraft> };

/** The collections of the appendices step: what the reviewers of an application judge. */
const APPENDIX_COLLECTIONS: ReadonlySet<string> = new Set([...SINGLE_APPENDICES, ...LIST_APPENDICES]);

/**
 * The files a reader is told of: the owner and the admin area all of them; a
 * reviewer the appendices only, which they may open (docs/roles.md#reading-rules),
 * not even the names of the signed agreement or the report's files.
 */
const filesFor = (row: Row, user: Reader, media: MediumEntry[]) =>
  row.user_id === user.id || isAdminArea(user) ? media : media.filter((m) => APPENDIX_COLLECTIONS.has(m.collection));

/** What the answer needs beyond the row and the judgement, read together; the reader's e-mail is on the row when they own it. */
async function extrasOf(db: Db, row: Row, user: Reader, read?: { history: HistoryEntry[]; media: MediumEntry[] }) {
  const [{ history, media }, email] = await Promise.all([
    read ? historyAndMediaOf(read) : historyAndMedia(db, row.id),
    row.user_id === user.id ? row.owner_email : (user.email ?? readerEmail(db, user.id)),
  ]);
  return { history, media: filesFor(row, user, media), email };
}

function present(row: Row, { ctx, steps }: Judged, { history, media, email }: Awaited<ReturnType<typeof extrasOf>>) {
  const draft = row.draft as Draft;
  const { call } = ctx;
  return {
    id: row.id,
    status: row.status,
    step: row.step,
    acronym: row.acronym,
    title: row.title,
    owner: { id: row.user_id, display_name: row.owner_name ?? row.owner_email },
    call,
    infrastructures: ctx.infrastructures,
    settings: ctx.settings,
    draft,
    steps: withTaskStatus(steps, draft, row.step),
    complete: steps.every((s) => s.complete),
    /** Whether the reader is the member marked group leader (only they may submit). */
    is_leader: isLeaderEmail(draft, email),
    reviewer_roles: row.reviewer_roles as ReviewerRole[],
    evaluation_complete: row.evaluation_complete,
    media,
    history,
    submitted_at: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** GET /api/applications/{id}: the application, what its steps need, and each step's errors. */
export async function getApplication(db: Db, id: number, user: Reader) {
  const { history, media, ...row } = await visibleRowWithFiles(db, id, user);
  const [ctx, extras] = await Promise.all([wizardContext(db, row.call_id, row.draft as Draft), extrasOf(db, row, user, { history, media })]);
  return present(row, { ctx, steps: judgeDraft(ctx) }, extras);
}

/** The visible row (seenBy) with its history and its files, in one round trip. */
export async function visibleRowWithFiles(db: Db, id: number, user: Reader) {
  return seenBy(
    await liveRow(db, id, user.id).select([historyColumn(sql.ref<number>("applications.id")), mediaColumn(sql.ref<number>("applications.id"))]).executeTakeFirst(),
    user,
  );
}

/**
 * The answer of a write that has just judged the draft it stored (`row` as it
 * now is): the judgement is not made again; nor are the history and files
 * read again when `read` holds them and the write changed neither.
 */
export async function presentWritten(db: Db, row: Row, user: Reader, judged: Judged, read?: { history: HistoryEntry[]; media: MediumEntry[] }) {
  return present(row, judged, await extrasOf(db, row, user, read));
}
export type ApplicationView = Awaited<ReturnType<typeof getApplication>>;

/** The caller's own applications (My applications); the staff list is app/domain/admin-applications. */
export async function listApplications(db: Db, user: Reader, q: ApplicationListQuery) {
  let query = db
    .selectFrom("applications")
    .innerJoin("calls", "calls.id", "applications.call_id")
    .where("applications.deleted_at", "is", null)
    .where("applications.user_id", "=", user.id);
  if (q["status[]"]?.length) query = query.where("applications.status", "in", q["status[]"]);
  if (q["call_id[]"]?.length) query = query.where("applications.call_id", "in", q["call_id[]"]);
  const [rows, count] = await Promise.all([
    query
      .select([
        "applications.id", "applications.status", "applications.step", "applications.acronym", "applications.title",
        "applications.call_id", "calls.title as call_title", "calls.title_fr as call_title_fr", "calls.close_at as call_close_at", "calls.evaluation_date",
        "applications.submitted_at", "applications.created_at", "applications.updated_at",
      ])
      .orderBy("applications.updated_at", "desc")
      .orderBy("applications.id", "desc")
      .limit(q.per_page)
      .offset(offsetOf(q))
      .execute(),
    query.select(countTotal()).executeTakeFirstOrThrow(),
  ]);
  const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
  return {
    data: rows.map((r) => ({ ...r, status: applicationStatusOf(r.status), submitted_at: iso(r.submitted_at), created_at: iso(r.created_at)!, updated_at: iso(r.updated_at)! })),
    meta: pageMeta(q, count.total),
  };
}

/** The calls the caller has applications in, for the list's call filter. */
export async function myApplicationCalls(db: Db, userId: number) {
  return db
    .selectFrom("applications")
    .innerJoin("calls", "calls.id", "applications.call_id")
    .select(["calls.id as value", "calls.title as label", "calls.title_fr as label_fr"])
    .where("applications.user_id", "=", userId)
    .where("applications.deleted_at", "is", null)
    .groupBy(["calls.id", "calls.title", "calls.title_fr"])
    .orderBy(sql`max(applications.updated_at)`, "desc")
    .execute();
}
