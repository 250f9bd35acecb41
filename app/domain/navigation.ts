import type { Grants, Role } from "./roles";
import { canAccess } from "./roles";

export interface NavEntry {
  key: string; // translation key under nav.*
  to: string;
  roles?: Role[];
  permissions?: string[];
}

// SPEC §2's menu. An entry appears here once its screen exists; the issues that
// build My evaluations, My watch, My application reviews and Applications at my
// RI add theirs. Published in-menu pages are appended by the root loader.
export const MAIN_MENU: NavEntry[] = [
  { key: "open-calls", to: "/call" },
  { key: "my-applications", to: "/application", roles: ["applicant"], permissions: ["application-index"] },
  {
    key: "my-infrastructures",
    to: "/infrastructure",
    roles: ["infrastructure-manager", "infrastructure-administrator"],
    permissions: ["infrastructure-index"],
  },
  { key: "document-library", to: "/document-library" },
];

const EDITORS: Role[] = ["editor", "admin"];

export const ADMIN_MENU: NavEntry[] = [
  { key: "admin-calls", to: "/admin/call", roles: EDITORS },
  { key: "admin-infrastructures", to: "/admin/infrastructure", roles: EDITORS },
  { key: "admin-pages", to: "/admin/page", roles: EDITORS },
  { key: "admin-documents", to: "/admin/document", roles: EDITORS },
  { key: "admin-users", to: "/admin/users", roles: ["admin"] },
  { key: "admin-settings", to: "/admin/settings", roles: ["admin"] },
];

export const ADMIN_GROUP_ROLES: Role[] = ["editor", "admin"];

export function visibleEntries(entries: NavEntry[], grants: Grants | null): NavEntry[] {
  return entries.filter((e) => (!e.roles && !e.permissions) || (grants !== null && canAccess(grants, e)));
}

/** Route guards for the screens of this release, keyed by path prefix. */
export const ROUTE_RULES: Record<string, { roles?: Role[]; permissions?: string[] }> = {
  "/application": { roles: ["applicant"], permissions: ["application-index"] },
  "/admin/settings": { roles: ["admin"] },
  "/admin/users": { roles: ["admin"] },
  "/admin/call": { roles: EDITORS },
  "/admin/infrastructure": { roles: EDITORS },
  "/admin/page": { roles: EDITORS },
  "/admin/document": { roles: EDITORS },
  "/infrastructure": { roles: ["infrastructure-manager", "infrastructure-administrator"], permissions: ["infrastructure-index"] },
};
