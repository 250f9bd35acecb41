import { sql, type ExpressionBuilder } from "kysely";
import { jsonArrayFrom, jsonObjectFrom } from "kysely/helpers/postgres";
import { compiledOnce } from "~/db/compiled-once.server";
import { assignRolesSchemaFor } from "./users";
import { userStatusOf } from "./user-status";
import { canonicalOrcid } from "./orcid";
import { missingLive, parseInput, type FieldErrors } from "../write.server";
import type { Db } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { AppError } from "../errors";
import { acceptInvitations } from "../notifications/invitations.server";
import { registrationMails } from "../notifications/registration.server";
import { queueMails } from "../mail/outbox.server";
import { getSettings } from "../settings/settings.server";
import { countTotal, likePattern, offsetOf, pageMeta } from "../list-query.server";
import { DEFAULT_ROLE, formatPermission, ROLE_PERMISSIONS, ROLES, type Grants, type Role, type Actor } from "./roles";

export interface TokenClaims {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  name?: string;
  groups?: string[];
  /** An ORCID iD, when the identity provider brokers ORCID sign-in and maps it (docs/operations.md#sign-in-with-orcid). */
  orcid?: unknown;
}

export const USER_COLUMNS = [
  "id", "email", "email_cc", "name", "surname", "status", "slug", "display_name",
  "accept_conditions_disclaimer", "website", "address", "nationality", "phone", "organization_name",
  "organization_address", "organization_email", "organization_country", "orcid", "groups",
] as const;

const slugify = (s: string) => s.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

export async function assignRole(db: Db, userId: number, role: Role): Promise<void> {
  await db
    .insertInto("user_roles")
    .columns(["user_id", "role_id"])
    .expression(db.selectFrom("roles").select([sql.lit(userId).as("user_id"), "id"]).where("name", "=", role))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Finds the user of a verified token, creating or updating them from its claims
 * (docs/roles.md#roles). A user pre-registered by e-mail (demo seed, invitation,
 * ADMIN_EMAILS) is linked on first sign-in. Writes only when a claim changed.
 */
export async function syncUserFromClaims(db: Db, claims: TokenClaims, adminEmails: string[]): Promise<number> {
  const email = (claims.email ?? `${claims.sub}@users.invalid`).toLowerCase();
  const name = claims.given_name ?? claims.name?.split(" ")[0] ?? null;
  const surname = claims.family_name ?? null;
  const display = claims.name ?? ([name, surname].filter(Boolean).join(" ") || email);
  const groups = claims.groups ?? [];
  // The token's ORCID iD fills the profile's only while it has none: one the person typed stays theirs.
  const orcid = typeof claims.orcid === "string" ? (canonicalOrcid(claims.orcid) ?? null) : null;
  const existing = await db
    .selectFrom("users")
    .select(["id", "sub", "email", "name", "surname", "display_name", "groups", "orcid"])
    .where((eb) => eb.or([eb("sub", "=", claims.sub), eb(sql`lower(email)`, "=", email)]))
    .orderBy(sql`sub is null`)
    .executeTakeFirst();

  if (existing) {
    const changed =
      existing.sub !== claims.sub || existing.email !== email || existing.name !== name ||
      existing.surname !== surname || existing.display_name !== display ||
      JSON.stringify(existing.groups) !== JSON.stringify(groups) || (orcid !== null && existing.orcid === null);
    if (changed) {
      await db
        .updateTable("users")
        .set({
          sub: claims.sub, email, name, surname, display_name: display, groups: JSON.stringify(groups), updated_at: sql`now()`,
          ...(orcid !== null && existing.orcid === null ? { orcid: sql<string>`coalesce(orcid, ${orcid})` } : {}),
        })
        .where("id", "=", existing.id)
        // Erased meanwhile (read before the erasure committed): it stays erased, and the token signs in as no one.
        .where("status", "<>", "erased")
        .execute();
    }
    if (adminEmails.includes(email)) await assignRole(db, existing.id, "admin");
    await acceptInvitations(db, existing.id, email);
    return existing.id;
  }

  const receiver = (await getSettings(db))["registration-receiver"];
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("users")
      .values({ sub: claims.sub, email, name, surname, display_name: display, slug: slugify(display), groups: JSON.stringify(groups), orcid })
      .onConflict((oc) => oc.column("sub").doUpdateSet({ updated_at: sql`now()` }))
      // xmax is 0 on a row this statement inserted: a concurrent first sign-in that lost the race updates it instead.
      .returning(["id", sql<boolean>`xmax = 0`.as("inserted")])
      .executeTakeFirstOrThrow();
    await assignRole(trx, row.id, DEFAULT_ROLE);
    if (adminEmails.includes(email)) await assignRole(trx, row.id, "admin");
    // A new registration: the registration-receiver setting's address is told once (docs/lifecycle.md#notifications).
    if (row.inserted) await queueMails(trx, registrationMails(receiver, { id: row.id, email, display_name: display }));
    return row.id;
  });
  // Invited by e-mail (docs/roles.md#invitations): the role, and the assignment, on first sign-in.
  await acceptInvitations(db, id, email);
  return id;
}

/** The header shows "99+" past this many unread notifications. */
export const UNREAD_SHOWN_MAX = 100;

// Every signed-in page view asks for the user's own fields and grants: one query, compiled once.
const userAndGrantsQuery = compiledOnce((db, userId) =>
  db
    .selectNoFrom((eb) => [
      jsonObjectFrom(
        eb
          .selectFrom("users")
          .select(USER_COLUMNS)
          // The header's unread count, from a partial index, in this query (no extra round trip per page, ADR 019);
          // counted up to UNREAD_SHOWN_MAX only, so a user with thousands unread costs no more.
          .select((u) =>
            u
              .selectFrom((f) => f.selectFrom("notifications").select("id").where("user_id", "=", userId).where("read_at", "is", null).limit(sql.lit(UNREAD_SHOWN_MAX)).as("unread"))
              .select(sql<number>`count(*)::int`.as("n"))
              .as("unread_notifications"),
          )
          .where("id", "=", userId),
      ).as("user"),
      jsonArrayFrom(
        eb
          .selectFrom("user_roles")
          .innerJoin("roles", "roles.id", "user_roles.role_id")
          .select("roles.name")
          .where("user_roles.user_id", "=", userId)
          .orderBy("roles.name"),
      ).as("roles"),
      jsonArrayFrom(
        eb
          .selectFrom("permissions")
          .select(["permissions.entity_type", "permissions.name", "permissions.entity_id"])
          .where((w) =>
            w.or([
              w("permissions.id", "in", w.selectFrom("user_permissions").select("permission_id").where("user_id", "=", userId)),
              w(
                "permissions.id",
                "in",
                w
                  .selectFrom("role_permissions")
                  .innerJoin("user_roles", "user_roles.role_id", "role_permissions.role_id")
                  .select("role_permissions.permission_id")
                  .where("user_roles.user_id", "=", userId),
              ),
            ]),
          ),
      ).as("perms"),
      // Staff of an infrastructure may update that one infrastructure.
      jsonArrayFrom(staffedInfrastructures(eb, userId)).as("staffed"),
    ]),
);

/**
 * A user's own fields (undefined when there is no such user), and their roles
 * and permissions: role-implied ones, direct grants and staff scopes; in one
 * query (one round trip, not four).
 */
export async function userAndGrants(db: Db, userId: number): Promise<{ user: UserRecord | undefined; grants: Grants }> {
  const [{ user, roles, perms, staffed }] = await userAndGrantsQuery(db, userId);
  const permissions = new Set(perms.map(formatPermission));
  for (const { id } of staffed) permissions.add(`infrastructure-update-${id}`);
  return { user: user ? { ...user, status: userStatusOf(user.status) } : undefined, grants: { roles: roles.map((r) => r.name), permissions: [...permissions].sort(), staffed: staffed.map((s) => s.id), ...(user ? { email: user.email } : {}) } };
}

/** The infrastructures the user manages or administers (docs/roles.md#infrastructure-staff). */
export const staffedBy = (userId: number) => (eb: ExpressionBuilder<Database, "infrastructures">) =>
  eb.or([
    eb("infrastructures.manager_id", "=", userId),
    eb("infrastructures.id", "in", eb.selectFrom("infrastructure_administrators").select("infrastructure_id").where("user_id", "=", userId)),
  ]);

/** The live infrastructures the user is staff of, by id. */
const staffedInfrastructures = (qc: Pick<Db, "selectFrom">, userId: number) =>
  qc.selectFrom("infrastructures").select("id").where("deleted_at", "is", null).where(staffedBy(userId)).orderBy("id");

/** The user's live infrastructures: as read with their grants this request (userAndGrants: no query), else from the database. */
export function staffedIds(db: Db, user: Actor): Promise<number[]> {
  return user.staffed ? Promise.resolve(user.staffed) : staffedInfrastructureIds(db, user.id);
}

export async function staffedInfrastructureIds(db: Db, userId: number): Promise<number[]> {
  const rows = await staffedInfrastructures(db, userId).execute();
  return rows.map((r) => r.id);
}

const userQuery = compiledOnce((db, userId) => db.selectFrom("users").select(USER_COLUMNS).where("id", "=", userId));

/** A user's own fields (their status narrowed). */
export async function getUser(db: Db, userId: number) {
  const row = (await userQuery(db, userId))[0];
  return row && { ...row, status: userStatusOf(row.status) };
}
export type UserRecord = NonNullable<Awaited<ReturnType<typeof getUser>>>;

/** Keeps the roles table and the role→permission grants equal to the domain matrix. */
export async function syncRoleMatrix(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [role, perms] of Object.entries(ROLE_PERMISSIONS)) {
      const r = await trx
        .insertInto("roles")
        .values({ name: role })
        .onConflict((oc) => oc.column("name").doUpdateSet({ name: role }))
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx.deleteFrom("role_permissions").where("role_id", "=", r.id).execute();
      for (const p of perms) {
        const [entity_type, ...rest] = p.split("-");
        const name = rest.join("-");
        let perm = await trx
          .selectFrom("permissions")
          .select("id")
          .where("entity_type", "=", entity_type)
          .where("name", "=", name)
          .where("entity_id", "is", null)
          .executeTakeFirst();
        perm ??= await trx.insertInto("permissions").values({ entity_type, name, entity_id: null }).returning("id").executeTakeFirstOrThrow();
        await trx.insertInto("role_permissions").values({ role_id: r.id, permission_id: perm.id }).execute();
      }
    }
  });
}

// ——— Users administration (admin screen, option lists, role assignment) ———

export interface UserListQuery {
  q?: string;
  role?: Role;
  sort_by: "name" | "email" | "id";
  order: "asc" | "desc";
  page: number;
  per_page: number;
}

const byRoleOrder = (a: string, b: string) => ROLES.indexOf(a as Role) - ROLES.indexOf(b as Role);

/** Role names of many users in one query, in the portal's role order. */
async function rolesOfUsers(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom("user_roles")
    .innerJoin("roles", "roles.id", "user_roles.role_id")
    .select(["user_roles.user_id", "roles.name"])
    .where("user_roles.user_id", "in", ids)
    .execute();
  for (const r of rows) map.get(r.user_id)?.push(r.name);
  for (const list of map.values()) list.sort(byRoleOrder);
  return map;
}

/** Users matching `q` (name, surname, display name or e-mail) and holding `role`. */
function filteredUsers(db: Db, q?: string, role?: Role) {
  let query = db.selectFrom("users");
  if (q) {
    const like = likePattern(q);
    query = query.where((eb) =>
      eb.or([eb("users.display_name", "ilike", like), eb("users.email", "ilike", like), eb("users.name", "ilike", like), eb("users.surname", "ilike", like)]),
    );
  }
  if (role) {
    query = query.where((eb) =>
      eb.exists(
        eb.selectFrom("user_roles").innerJoin("roles", "roles.id", "user_roles.role_id").select("user_roles.user_id")
          .whereRef("user_roles.user_id", "=", "users.id").where("roles.name", "=", role),
      ),
    );
  }
  return query;
}

const SORT_COLUMN = { name: sql`lower(coalesce(users.display_name, users.email))`, email: sql`lower(users.email)`, id: sql`users.id` };

/** The admin list of users with their roles (docs/ui.md#screens). */
export async function listUsers(db: Db, q: UserListQuery) {
  const query = filteredUsers(db, q.q, q.role);
  const [{ total }] = await query.select(countTotal()).execute();
  const rows = await query
    .select(["users.id", "users.display_name", "users.name", "users.surname", "users.email", "users.organization_name"])
    .orderBy(SORT_COLUMN[q.sort_by], q.order)
    .orderBy("users.id", q.order)
    .limit(q.per_page)
    .offset(offsetOf(q))
    .execute();
  const roles = await rolesOfUsers(db, rows.map((r) => r.id));
  return { data: rows.map((r) => ({ ...r, roles: roles.get(r.id) ?? [] })), meta: pageMeta(q, total) };
}

/** Users as select options: label (display name), value (id) and e-mail. */
export async function userOptionList(db: Db, q: { q?: string; page: number; per_page: number }) {
  // An erased person is offered for nothing any more (docs/data.md#personal-data).
  const query = filteredUsers(db, q.q).where("users.status", "<>", "erased");
  const [{ total }] = await query.select(countTotal()).execute();
  const rows = await query
    .select(["users.id", "users.display_name", "users.email"])
    .orderBy(SORT_COLUMN.name)
    .orderBy("users.id")
    .limit(q.per_page)
    .offset(offsetOf(q))
    .execute();
  return {
    data: rows.map((r) => ({ label: r.display_name ?? r.email, value: r.id, email: r.email })),
    meta: pageMeta(q, total),
  };
}

/** Name, e-mail and roles of the given users, in the order asked; unknown ids are left out. */
export async function usersInfo(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db.selectFrom("users").select(["id", "display_name", "email"]).where("id", "in", unique).execute();
  const roles = await rolesOfUsers(db, rows.map((r) => r.id));
  const byId = new Map(rows.map((r) => [r.id, { ...r, roles: roles.get(r.id) ?? [] }]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/** One user's profile and roles, for the admin's user screen; undefined when there is none. */
export async function getUserWithRoles(db: Db, userId: number) {
  const user = await getUser(db, userId);
  if (!user) return undefined;
  const roles = await rolesOfUsers(db, [userId]);
  return { ...user, roles: roles.get(userId) ?? [] };
}

/**
 * Sets a user's roles to exactly `roles` (plus applicant, which everyone keeps:
 * anyone may apply), in one transaction. Unknown role names are refused, and
 * an admin may not drop their own admin role, so the portal always keeps a
 * way into its administration.
 */
export async function setUserRoles(db: Db, actor: { id: number }, userId: number, roles: string[]) {
  // The write pipeline with the form's own schema: unknown roles and an admin
  // dropping their own admin role are refused as the form refuses them; the
  // user must exist (checked again under lock below).
  const input = await parseInput(assignRolesSchemaFor(actor.id), { user_id: userId, roles }, {
    byField: true,
    references: async (): Promise<FieldErrors> => ((await missingLive(db, "users", [userId])).length ? { user_id: ["users-validation.user-not-found"] } : {}),
  });
  const wanted = [...new Set<string>([DEFAULT_ROLE, ...input.roles])].sort(byRoleOrder);
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").select(["id", "display_name", "email"]).where("id", "=", userId).forUpdate().executeTakeFirst();
    if (!user) throw new AppError(422, "validation.failed", { user_id: ["users-validation.user-not-found"] });
    const roleRows = await trx.selectFrom("roles").select("id").where("name", "in", wanted).execute();
    await trx.deleteFrom("user_roles").where("user_id", "=", userId).execute();
    await trx.insertInto("user_roles").values(roleRows.map((r) => ({ user_id: userId, role_id: r.id }))).execute();
    return { ...user, roles: wanted };
  });
}
