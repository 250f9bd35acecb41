import type { Grants, Role } from "./roles";
import { canAccess } from "./roles";

export interface NavEntry {
  key: string; // translation key under nav.*
  to: string;
  roles?: Role[];
  permissions?: string[];
}

// SPEC §2's menu. An entry appears here once its screen exists; the issues that
// build My evaluations, My watch, My application reviews, Applications at my RI,
// My infrastructures and the document library add theirs.
export const MAIN_MENU: NavEntry[] = [
  { key: "open-calls", to: "/call" },
  { key: "my-applications", to: "/application", roles: ["applicant"], permissions: ["application-index"] },
];

export const ADMIN_MENU: NavEntry[] = [{ key: "admin-settings", to: "/admin/settings", roles: ["admin"] }];

export const ADMIN_GROUP_ROLES: Role[] = ["editor", "admin"];

export function visibleEntries(entries: NavEntry[], grants: Grants | null): NavEntry[] {
  return entries.filter((e) => (!e.roles && !e.permissions) || (grants !== null && canAccess(grants, e)));
}

/** Route guards for the screens of this release, keyed by path prefix. */
export const ROUTE_RULES: Record<string, { roles?: Role[]; permissions?: string[] }> = {
  "/application": { roles: ["applicant"], permissions: ["application-index"] },
  "/admin/settings": { roles: ["admin"] },
};
