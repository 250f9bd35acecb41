// The role matrix as data, with one resolver used by the API (enforcement) and
// the UI (what to show). Permissions are `entity_type-name[-entity_id]` strings.

export const ROLES = [
  "applicant",
  "evaluator",
  "watchdog",
  "viewer",
  "infrastructure-manager",
  "infrastructure-administrator",
  "editor",
  "admin",
] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (v: string): v is Role => (ROLES as readonly string[]).includes(v);

/** The most entries a list of roles in a body may carry (there are eight roles; repeats are harmless, floods are not). */
export const ROLE_LIST_MAX = 100;

/** Unscoped permissions implied by each role (synced into the database at start). */
export const ROLE_PERMISSIONS: Record<Role, string[]> = {
  applicant: ["application-index", "application-store", "application-update"],
  evaluator: [],
  watchdog: [],
  viewer: [],
  "infrastructure-manager": ["infrastructure-index", "infrastructure-update"],
  "infrastructure-administrator": ["infrastructure-index", "infrastructure-update"],
  editor: [],
  admin: [],
};

/** Every signed-in user has this role: anyone may apply (docs/roles.md#roles). */
export const DEFAULT_ROLE: Role = "applicant";

export const ADMIN_ROLES: Role[] = ["editor", "admin"];

/** The roles of an infrastructure's staff (docs/roles.md). */
export const INFRA_STAFF_ROLES: Role[] = ["infrastructure-manager", "infrastructure-administrator"];

export interface Grants {
  roles: string[];
  permissions: string[];
  /** The live infrastructures the user manages or administers, when the grants were read with them (userAndGrants). */
  staffed?: number[];
  /** The user's e-mail, when the grants were read with their row (userAndGrants). */
  email?: string;
}

/** A signed-in user as the rules see them: their id and grants (the API resolves them from the token; app/api/context.ts calls them ApiUser). */
export interface Actor extends Grants {
  id: number;
}

export function parsePermission(p: string): { entity_type: string; name: string; entity_id: number | null } {
  const m = /^([a-z]+)-([a-z-]+?)(?:-(\d+))?$/.exec(p);
  if (!m) throw new Error(`Malformed permission ${p}`);
  return { entity_type: m[1], name: m[2], entity_id: m[3] ? Number(m[3]) : null };
}

export function formatPermission(p: { entity_type: string; name: string; entity_id: number | null }): string {
  return [p.entity_type, p.name, p.entity_id].filter((x) => x !== null && x !== undefined).join("-");
}

export const hasRole = (g: Grants, ...roles: Role[]) => roles.some((r) => g.roles.includes(r));

/** An unscoped grant covers every entity; a scoped one only its own. */
export function hasPermission(g: Grants, permission: string, entityId?: number): boolean {
  if (g.permissions.includes(permission)) return true;
  return entityId !== undefined && g.permissions.includes(`${permission}-${entityId}`);
}

/**
 * docs/roles.md#access-rule: access is allowed if the user has at least one of the listed roles
 * and at least one of the listed permissions (an empty list does not restrict).
 */
export function canAccess(g: Grants, rule: { roles?: Role[]; permissions?: string[] }): boolean {
  const roleOk = !rule.roles?.length || hasRole(g, ...rule.roles);
  const permOk = !rule.permissions?.length || rule.permissions.some((p) => hasPermission(g, p));
  return roleOk && permOk;
}

export const isAdminArea = (g: Grants) => hasRole(g, ...ADMIN_ROLES);

/**
 * The roles a user reads role-restricted records (documents) with: their own,
 * and an admin also reads as an editor, so an admin sees everything an editor
 * sees whatever roles a record lists.
 */
export function readingRoles(roles: readonly string[]): string[] {
  return roles.includes("admin") && !roles.includes("editor") ? [...roles, "editor"] : [...roles];
}
