// A person's data as one zip (GDPR articles 15 and 20; docs/data.md#personal-data,
// ADR 054): `data.json`, everything the portal holds about them in a
// machine-readable form, and `files/`, the files they uploaded. Made for the
// signed-in person only, from their own id. Never a secret: no session id or
// content, no token nor token hash, no sign-in subject.
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { MediaStorage } from "~/media/storage.server";
import { portalDay } from "../dates";
import { notFound } from "../errors";
import { extensionFor, safePart, ZipPaths } from "../dossier/zip-names";
import { storedSources, streamZip, textSource, type StoredFile, type ZipSource } from "../dossier/zip-stream.server";
import type { ZipDownload } from "../dossier/dossier-zip.server";
import { auditEntriesAbout } from "../audit/trail.server";
import { USER_COLUMNS, userAndGrants } from "./users.server";

/** What data.json says it is, so a reader years later knows what they hold. */
const FORMAT = "personal-data/1";

type Row = Record<string, unknown>;

/** The person's member entries of a draft's group (their own e-mail), nothing of the other members. */
const ownMembers = (email: string) => sql<Row[]>`(
  select coalesce(jsonb_agg(m), '[]'::jsonb) from jsonb_array_elements(a.draft -> 'group' -> 'members') m
  where jsonb_typeof(m) = 'object' and lower(btrim(m ->> 'email')) = ${email})`;

/** Everything about user `id` but their files' bytes; the files' list names each file's path in the zip. */
async function collect(db: Db, id: number, paths: ZipPaths) {
  const { user, grants } = await userAndGrants(db, id);
  if (!user) throw notFound();
  const profile = await db.selectFrom("users").select([...USER_COLUMNS, "created_at", "updated_at"]).where("id", "=", id).executeTakeFirstOrThrow();
  const email = profile.email.trim().toLowerCase();
  const addresses = [...new Set([email, profile.email_cc?.trim().toLowerCase()].filter((a): a is string => Boolean(a)))];
  const isMember = sql<boolean>`a.member_facts @> jsonb_build_array(jsonb_build_object('email', ${email}::text))`;

  const [owned, memberOf, accesses, history, reports, publications, reviews, watchdogReviews, notifications, mails, feed, sessions, invitations, media, audit] = await Promise.all([
    db
      .selectFrom("applications as a")
      .innerJoin("calls as c", "c.id", "a.call_id")
      .select(["a.id", "a.call_id", "c.title as call_title", "a.status", "a.step", "a.acronym", "a.title", "a.discipline", "a.draft", "a.submitted_at", "a.accepted_at", "a.ai_termsandconditions", "a.created_at", "a.updated_at", "a.deleted_at"])
      .where("a.user_id", "=", id)
      .orderBy("a.id")
      .execute(),
    db
      .selectFrom("applications as a")
      .innerJoin("calls as c", "c.id", "a.call_id")
      .select(["a.id", "a.call_id", "c.title as call_title", "a.status", "a.acronym", "a.title", "a.submitted_at", ownMembers(email).as("members")])
      .where("a.user_id", "<>", id)
      .where("a.deleted_at", "is", null)
      .where(isMember)
      .orderBy("a.id")
      .execute(),
    db
      .selectFrom("accesses")
      .select(["application_id", "type", "date_from", "date_to", "requested_units", "status", "user_units", "user_date_from", "user_date_to"])
      .where(sql<boolean>`lower(btrim(member_email)) = ${email}`)
      .orderBy("application_id")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("application_history as h")
      .innerJoin("applications as a", "a.id", "h.application_id")
      .select(["h.application_id", "h.from_status", "h.to_status", "h.notes", "h.created_at"])
      .where("a.user_id", "=", id)
      .orderBy("h.application_id")
      .orderBy("h.id")
      .execute(),
    db
      .selectFrom("application_reports as r")
      .innerJoin("applications as a", "a.id", "r.application_id")
      .select([
        "r.application_id", "r.started_at", "r.due_on", "r.season_objectives", "r.achievements_and_difficulties", "r.quantitative_feedback_coordination",
        "r.quantitative_feedback_infrastructure", "r.quantitative_feedback_overall", "r.feedback_recommend", "r.text_feedback_coordination",
        "r.text_feedback_infrastructure", "r.text_feedback_overall", "r.submitted_at", "r.watchdog_review", "r.watchdog_review_note",
      ])
      .where("a.user_id", "=", id)
      .orderBy("r.application_id")
      .execute(),
    db.selectFrom("publications").selectAll().where("created_by", "=", id).orderBy("id").execute(),
    db
      .selectFrom("application_reviewers as r")
      .innerJoin("applications as a", "a.id", "r.application_id")
      .select([
        "r.application_id", "a.acronym", "r.role", "r.state", "r.confidential_declaration", "r.conflict_declaration", "r.conflict_note",
        "r.scores", "r.accepted_at", "r.submitted_at", "r.created_at", "r.updated_at",
      ])
      .where("r.user_id", "=", id)
      .orderBy("r.id")
      .execute(),
    db
      .selectFrom("watchdog_reviews")
      .select(["application_id", "evaluation_id", "verdict", "comment", "submitted_at", "created_at", "updated_at"])
      .where("watchdog_id", "=", id)
      .orderBy("id")
      .execute(),
    db.selectFrom("notifications").select(["kind", "application_id", "params", "read_at", "created_at"]).where("user_id", "=", id).orderBy("id").execute(),
    db
      .selectFrom("mail_outbox")
      // Only their own addresses among the recipients: the others' are not theirs to read.
      .select([
        sql<string[]>`array(select a from unnest(to_addresses) a where lower(a) in (${sql.join(addresses)}))`.as("to"),
        "subject", "text_body", "state", "created_at", "sent_at",
      ])
      .where(sql<boolean>`exists (select 1 from unnest(to_addresses) a where lower(a) in (${sql.join(addresses)}))`)
      .orderBy("id")
      .execute(),
    db.selectFrom("calendar_feeds").select(["language", "created_at"]).where("user_id", "=", id).executeTakeFirst(),
    db.selectFrom("sessions").select(["created_at", "updated_at", "expires_at"]).where("user_id", "=", id).orderBy("created_at").execute(),
    db
      .selectFrom("invitations")
      .select(["role", "application_id", "created_at", "accepted_at"])
      // Their own address's (the copy address may be someone else's) and those they accepted.
      .where((eb) => eb.or([eb(sql`lower(email)`, "=", email), eb("accepted_by", "=", id)]))
      .orderBy("id")
      .execute(),
    db
      .selectFrom("media")
      .select(["id", "uuid", "name", "mime_type", "size", "created_at", sql<Row[]>`(
        select coalesce(jsonb_agg(jsonb_build_object('type', l.attached_to_type, 'id', l.attached_to_id, 'collection', l.collection) order by l.id), '[]'::jsonb)
        from media_links l where l.media_id = media.id)`.as("attached_to")])
      .where("user_id", "=", id)
      .orderBy("id")
      .execute(),
    auditEntriesAbout(db, id),
  ]);

  const files: StoredFile[] = media.map((m) => ({
    id: m.id,
    uuid: m.uuid,
    mtime: new Date(m.created_at),
    path: paths.claim("files", safePart(m.name, `file-${m.id}.${extensionFor(m.name, m.mime_type)}`)),
  }));
  const data = {
    format: FORMAT,
    made_at: new Date().toISOString(),
    profile,
    roles: grants.roles,
    permissions: grants.permissions,
    applications: owned.map((a) => ({
      ...a,
      history: history.filter((h) => h.application_id === a.id),
      report: reports.find((r) => r.application_id === a.id) ?? null,
    })),
    member_of: memberOf,
    accesses,
    publications,
    evaluations: reviews,
    watchdog_reviews: watchdogReviews,
    notifications,
    mails,
    calendar_feed: feed ?? null,
    sessions,
    invitations,
    files: media.map(({ uuid: _uuid, ...m }, i) => ({ ...m, size: Number(m.size), path: files[i].path })),
    audit_trail: audit,
  };
  return { data, files };
}

/**
 * GET /api/users/me/export: the signed-in person's data as a zip streamed as
 * it is written. Everything is read before the first byte, so a failure then
 * is an ordinary error answer; a file that fails later cuts the download.
 */
export async function personalDataZip(db: Db, storage: MediaStorage, id: number): Promise<ZipDownload> {
  const paths = new ZipPaths();
  paths.claim("", "data.json");
  const { data, files } = await collect(db, id, paths);
  async function* sources(): AsyncGenerator<ZipSource> {
    yield textSource("data.json", `${JSON.stringify(data, null, 2)}\n`);
    yield* storedSources(storage, files, () => paths.claim("", "missing-files.txt"));
  }
  return { filename: `personal-data-${portalDay(new Date())}.zip`, body: streamZip(sources(), `personal data of user ${id}`) };
}
