// A person's erasure (GDPR article 17; docs/data.md#personal-data, ADR 054):
// an admin replaces what identifies them by a pseudonym, in one transaction,
// while every application, evaluation and statistic keeps its numbers. What
// goes: the users row's personal fields and sign-in link (sub), their roles,
// sessions, calendar feed, notifications and the e-mails sent to them alone;
// their name, e-mail, ORCID iD and place of residence as a member of any
// group (the draft's entry, its accesses, its invitations); their own
// uploaded files. What stays, under the pseudonym: their applications (only
// final ones: refused while one is in progress), evaluations, declarations
// and decisions, and the member's statistical facts (gender, countries,
// birth year, status), which the statistics count and which name no one
// without the rest.
import crypto from "node:crypto";
import { sql, type Transaction } from "kysely";
import { redactAuditIn } from "~/db/audit-context.server";
import type { Db } from "~/db/database.server";
import type { Database } from "~/db/schema";
import type { MediaStorage } from "~/media/storage.server";
import { FINAL_STATUSES } from "../applications/lifecycle";
import { forgetPersonInAudit } from "../audit/trail.server";
import { AppError, notFound } from "../errors";
import { versionNow } from "../write.server";
import type { Actor } from "./roles";

/** The name an erased person goes by from then on (data, not a translation: it is stored in place of theirs). */
export const pseudonymOf = (id: number) => `Erased person ${id}`;

/** The e-mail address an erased person goes by: unique (the users' e-mail index), never deliverable (RFC 2606's .invalid). */
export const pseudonymEmailOf = (id: number) => `erased-${id}@erased.invalid`;

/** Where an upload belongs to the portal rather than to the person who uploaded it: kept, its uploader forgotten. */
const PORTAL_CONTENT = ["page", "document", "call", "infrastructure", "setting"];

/** The member entries of `email` in a draft's group, pseudonymised; the statistics' facts kept. */
const pseudonymisedMembers = (email: string, id: number) => sql`(
  select coalesce(jsonb_agg(case
    when jsonb_typeof(m) = 'object' and lower(btrim(m ->> 'email')) = ${email}
      then (m - 'surname' - 'orcid' - 'residence_place') || jsonb_build_object('name', ${pseudonymOf(id)}::text, 'email', ${pseudonymEmailOf(id)}::text)
    else m end order by n), '[]'::jsonb)
  from jsonb_array_elements(draft -> 'group' -> 'members') with ordinality as e(m, n))`;

interface Erasure {
  /** Stored files to delete once the transaction has committed (their rows are gone or renamed). */
  keys: string[];
}

/** Everything in the database, in `trx`; answers the stored files to delete after the commit. */
async function eraseIn(trx: Transaction<Database>, actor: Actor, id: number): Promise<Erasure> {
  const user = await trx.selectFrom("users").select(["id", "email", "email_cc", "status", "name", "surname", "display_name"]).where("id", "=", id).forUpdate().executeTakeFirst();
  if (!user) throw notFound();
  if (user.id === actor.id) throw new AppError(409, "errors.erase-self");
  // Erasing twice is the first erasure's result: nothing of theirs is left to find.
  if (user.status === "erased") return { keys: [] };
  const inProgress = await trx
    .selectFrom("applications")
    .select("id")
    .where("user_id", "=", id)
    .where("deleted_at", "is", null)
    .where("status", "not in", [...FINAL_STATUSES])
    .executeTakeFirst();
  if (inProgress) throw new AppError(409, "errors.erase-in-progress");

  const email = user.email.trim().toLowerCase();
  const addresses = [...new Set([email, user.email_cc?.trim().toLowerCase()].filter((a): a is string => Boolean(a)))];
  const pseudoEmail = pseudonymEmailOf(id);
  // The trail records this erasure's changes without the values it erases, and forgets those it recorded of them before (ADR 051).
  await redactAuditIn(trx);
  const fullName = [user.name, user.surname].filter(Boolean).join(" ");
  await forgetPersonInAudit(trx, id, [...addresses, fullName, user.display_name ?? ""]);

  // Their entries in every group (theirs and others'): the statistics count the same members, by the same (pseudonymous) e-mail.
  await trx
    .updateTable("applications")
    .set({ draft: sql`jsonb_set(draft, '{group,members}', ${pseudonymisedMembers(email, id)})`, updated_at: versionNow() })
    .where(sql<boolean>`member_facts @> jsonb_build_array(jsonb_build_object('email', ${email}::text))`)
    .execute();
  // The assistant's answer on their own applications read their files: it goes with them.
  await trx.updateTable("applications").set({ ai_response: null }).where("user_id", "=", id).where("ai_response", "is not", null).execute();
  await trx.updateTable("accesses").set({ member_email: pseudoEmail }).where(sql<boolean>`lower(btrim(member_email)) = ${email}`).execute();
  // Invitations by their own address only: the copy address may be someone else's (a secretary's).
  await trx.updateTable("invitations").set({ email: pseudoEmail }).where(sql<boolean>`lower(email) = ${email}`).execute();

  // The e-mails sent to them alone go; one sent to others too loses their address.
  const theirs = sql<boolean>`lower(a) in (${sql.join(addresses)})`;
  const toThem = sql<boolean>`exists (select 1 from unnest(to_addresses) a where ${theirs})`;
  await trx.deleteFrom("mail_outbox").where(toThem).where(sql<boolean>`not exists (select 1 from unnest(to_addresses) a where not (${theirs}))`).execute();
  await trx
    .updateTable("mail_outbox")
    .set({ to_addresses: sql<string[]>`array(select a from unnest(to_addresses) a where not (${theirs}))` })
    .where(toThem)
    .execute();

  for (const table of ["notifications", "sessions", "calendar_feeds", "user_roles", "user_permissions", "infrastructure_administrators"] as const) {
    await trx.deleteFrom(table).where("user_id", "=", id).execute();
  }

  const keys = await eraseFiles(trx, id);

  await trx
    .updateTable("users")
    .set({
      sub: null, email: pseudoEmail, email_cc: null, name: null, surname: null, display_name: pseudonymOf(id), slug: null,
      website: null, address: null, nationality: null, phone: null, organization_name: null, organization_address: null,
      organization_email: null, organization_country: null, orcid: null, groups: "[]", status: "erased", updated_at: versionNow(),
    })
    .where("id", "=", id)
    .execute();
  return { keys };
}

/**
 * Their own uploads: those on the portal's content (a page's image, a call's
 * template) or on someone else's application (a countersigned agreement) are
 * the portal's and stay, their uploader forgotten. The others go: unlinked,
 * the row with them; linked to their own application, the row stays as a
 * named gap (a new key with no bytes, `erased`), so the application keeps its
 * attachments' count and the statistics theirs, and reading it answers 404.
 */
async function eraseFiles(trx: Transaction<Database>, id: number): Promise<string[]> {
  const linkedElsewhere = sql<boolean>`exists (
    select 1 from media_links l
    left join applications a on l.attached_to_type = 'application' and cast(a.id as text) = l.attached_to_id
    left join application_infrastructures ai on l.attached_to_type = 'application_infrastructure' and cast(ai.id as text) = l.attached_to_id
    left join applications b on b.id = ai.application_id
    where l.media_id = media.id and (l.attached_to_type in (${sql.join(PORTAL_CONTENT)}) or a.user_id <> ${id} or b.user_id <> ${id}))`;
  await trx.updateTable("media").set({ user_id: null }).where("user_id", "=", id).where(linkedElsewhere).execute();
  const mine = await trx
    .selectFrom("media")
    .select(["id", "uuid", sql<boolean>`exists (select 1 from media_links l where l.media_id = media.id)`.as("linked")])
    .where("user_id", "=", id)
    .forUpdate()
    .execute();
  const unlinked = mine.filter((m) => !m.linked).map((m) => m.id);
  if (unlinked.length) await trx.deleteFrom("media").where("id", "in", unlinked).execute();
  for (const m of mine.filter((f) => f.linked)) {
    await trx.updateTable("media").set({ uuid: crypto.randomUUID(), name: "erased", size: 0, user_id: null, updated_at: sql`now()` }).where("id", "=", m.id).execute();
  }
  return mine.map((m) => m.uuid);
}

/**
 * POST /api/users/{id}/erase: erases the person `id` for the admin `actor`.
 * 404 for no such user; 409 for the admin themself and while the person owns
 * an application in progress (not in FINAL_STATUSES). Their stored files are
 * deleted after the commit: one that fails to go has no row naming it any
 * more, and the stray-file sweep removes it (media-purge.server.ts).
 * Answers how many stored files went.
 */
export async function eraseUser(db: Db, storage: MediaStorage, actor: Actor, id: number): Promise<{ files: number }> {
  const { keys } = await db.transaction().execute((trx) => eraseIn(trx, actor, id));
  let files = 0;
  for (const key of keys) {
    try {
      await storage.delete(key);
      files++;
    } catch (err) {
      console.warn(JSON.stringify({ level: "warn", msg: "an erased person's file was not deleted; the stray-file sweep will", key, err: String(err) }));
    }
  }
  return { files };
}
