// The audit trail (docs/decisions/051-audit-trail.md): what the API's writes
// changed, read by admins (/admin/audit) and, for one application, by the
// admin area on its staff screen; purged after AUDIT_RETENTION_DAYS. The
// entries are written by the database's triggers (migration 0028) in each
// write's own transaction; the one written here is a write that changed no
// audited row (a reminder with no one to remind), after it answered.
import { sql } from "kysely";
import type { AuditContext } from "~/db/audit-context.server";
import type { Db } from "~/db/database.server";
import type { AuditChange } from "~/db/schema";
import { TIME_ZONE } from "../dates";
import { countTotal, likePattern, offsetOf, pageMeta, type Paging } from "../list-query.server";

/** How long entries are kept when AUDIT_RETENTION_DAYS says nothing: three years. */
export const AUDIT_RETENTION_DAYS_DEFAULT = 1095;

/** AUDIT_RETENTION_DAYS, a whole number of days from 1 (a bad value stops the start, as the other settings do). */
export function auditRetentionDays(env: Record<string, string | undefined> = process.env): number {
  const raw = env.AUDIT_RETENTION_DAYS?.trim();
  if (!raw) return AUDIT_RETENTION_DAYS_DEFAULT;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1 || days > 36_500) throw new Error(`AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500, not ${raw}`);
  return days;
}

/** A write that answered 2xx and changed no audited row still leaves its one entry (the triggers made it otherwise). */
export async function recordWrite(db: Db, context: AuditContext): Promise<void> {
  await db
    .insertInto("audit_entries")
    .values({
      request_id: context.request,
      actor_id: context.actor,
      actor_roles: sql`${[...context.roles]}::text[]`,
      operation: context.operation,
      entity: context.entity,
      entity_id: context.entity_id ?? null,
      application_id: context.application ?? null,
    })
    .onConflict((oc) => oc.column("request_id").doNothing())
    .execute();
}

export interface AuditQuery extends Paging {
  /** The person who wrote: their name or e-mail, in part. */
  person?: string;
  actor_id?: number;
  entity?: string;
  entity_id?: string;
  application_id?: number;
  /** Brussels days, inclusive. */
  date_from?: string;
  date_to?: string;
}

/** GET /api/audit: entries newest first, filtered. */
export async function listAuditEntries(db: Db, query: AuditQuery) {
  let q = db.selectFrom("audit_entries as a").leftJoin("users as u", "u.id", "a.actor_id");
  if (query.actor_id) q = q.where("a.actor_id", "=", query.actor_id);
  if (query.person) {
    const like = likePattern(query.person);
    q = q.where((eb) => eb.or([eb("u.email", "ilike", like), eb(sql`concat_ws(' ', u.name, u.surname)`, "ilike", like), eb("u.display_name", "ilike", like)]));
  }
  if (query.entity) q = q.where("a.entity", "=", query.entity);
  if (query.entity_id) q = q.where("a.entity_id", "=", query.entity_id);
  if (query.application_id) q = q.where("a.application_id", "=", query.application_id);
  // Brussels days (ADR 006): from the first day's midnight there to the midnight after the last.
  if (query.date_from) q = q.where(sql<boolean>`a.at >= (${query.date_from}::date)::timestamp at time zone ${TIME_ZONE}`);
  if (query.date_to) q = q.where(sql<boolean>`a.at < (${query.date_to}::date + 1)::timestamp at time zone ${TIME_ZONE}`);
  const [rows, total] = await Promise.all([
    q
      .select([
        "a.id", "a.at", "a.actor_id", "a.actor_roles", "a.operation", "a.entity", "a.entity_id", "a.application_id", "a.changes", "a.more_changes",
        sql<string | null>`nullif(concat_ws(' ', u.name, u.surname), '')`.as("actor_name"),
        "u.email as actor_email",
      ])
      .orderBy("a.at", "desc")
      .orderBy("a.id", "desc")
      .limit(query.per_page)
      .offset(offsetOf(query))
      .execute(),
    q.select(countTotal()).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(entryOut), meta: pageMeta(query, total.total) };
}

type EntryRow = {
  id: string; at: Date; actor_id: number | null; actor_roles: string[]; operation: string; entity: string | null; entity_id: string | null;
  application_id: number | null; changes: AuditChange[]; more_changes: number; actor_name: string | null; actor_email: string | null;
};

const entryOut = (r: EntryRow) => ({
  id: Number(r.id),
  at: r.at.toISOString(),
  actor: r.actor_id === null ? null : { id: r.actor_id, name: r.actor_name ?? r.actor_email ?? `#${r.actor_id}`, email: r.actor_email },
  roles: r.actor_roles,
  operation: r.operation,
  entity: r.entity,
  entity_id: r.entity_id,
  application_id: r.application_id,
  changes: r.changes,
  more_changes: r.more_changes,
});

/** Deletes the entries older than `days` days; answers how many went (one statement: the scheduled job runs it hourly). */
export async function purgeAuditEntries(db: Db, days: number): Promise<number> {
  const result = await db.deleteFrom("audit_entries").where(sql<boolean>`at < now() - make_interval(days => ${days})`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A person erased (GDPR article 17), in the erasure's transaction: the values
 * the trail recorded of their own row (names, e-mail, …), and every recorded
 * value holding one of `values` (their e-mail addresses and name, wherever a
 * group or an invitation named them), are dropped; the fields' names, and who
 * did what (ids and roles), are kept.
 */
export async function forgetPersonInAudit(trx: Db, userId: number, values: readonly string[]): Promise<void> {
  const patterns = [...new Set(values.map((v) => v.trim().toLowerCase()).filter((v) => v.length >= 4))].map(likePattern);
  const own = sql`(c ->> 'table' = 'users' and c -> 'key' ->> 'id' = ${String(userId)})`;
  const holds = (v: ReturnType<typeof sql>) => (patterns.length ? sql`lower(${v}::text) like any(${patterns}::text[])` : sql`false`);
  await sql`
    update audit_entries set changes = (
      select coalesce(jsonb_agg(
        case when ${own} or exists (select 1 from jsonb_each(c -> 'fields') f where ${holds(sql`f.value`)})
          then jsonb_set(c, '{fields}', coalesce((
            select jsonb_object_agg(f.key, case when ${own} or ${holds(sql`f.value`)} then '[null, null]'::jsonb else f.value end)
            from jsonb_each(c -> 'fields') f), '{}'))
          else c end order by n), '[]')
      from jsonb_array_elements(changes) with ordinality as e(c, n)
    )
    where changes @> ${JSON.stringify([{ table: "users", key: { id: userId } }])}::jsonb or ${holds(sql`changes`)}`.execute(trx);
}

/** What the trail holds about a person (their data's export, GDPR article 15): the writes they made, and the changes of their own rows by others (who made those is left out). */
export async function auditEntriesAbout(db: Db, userId: number) {
  const rows = await db
    .selectFrom("audit_entries")
    .select(["at", "actor_id", "actor_roles", "operation", "entity", "entity_id", "changes", "more_changes"])
    .where((eb) =>
      eb.or([
        eb("actor_id", "=", userId),
        eb(sql`changes`, "@>", sql`${JSON.stringify([{ table: "users", key: { id: userId } }])}::jsonb`),
        eb(sql`changes`, "@>", sql`${JSON.stringify([{ key: { user_id: userId } }])}::jsonb`),
      ]),
    )
    .orderBy("at")
    .orderBy("id")
    .execute();
  return rows.map(({ actor_id, actor_roles, at, ...r }) => ({
    at: at.toISOString(),
    by_you: actor_id === userId,
    roles: actor_id === userId ? actor_roles : [],
    ...r,
  }));
}
