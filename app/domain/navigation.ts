import type { Grants, Role } from "./users/roles";
import { ADMIN_ROLES, canAccess } from "./users/roles";

/** A screen's guard: the roles (any of them) and permissions (all of them) it needs. */
export interface RouteRule {
  roles?: Role[];
  permissions?: string[];
  /** Any signed-in user, whatever their roles (a rule with nothing else is otherwise public). */
  signedIn?: true;
}

/**
 * Route guards for the screens of this release, keyed by path prefix: the one
 * table both the loaders (requireAccess) and the menus (below) read, so a menu
 * never offers a screen its guard refuses.
 */
export const ROUTE_RULES = {
  "/profile": { signedIn: true },
  "/notifications": { signedIn: true },
  "/admin/mail": { roles: ADMIN_ROLES },
  "/admin/audit": { roles: ["admin"] },
  "/admin/invitations": { roles: ADMIN_ROLES },
  "/application": { roles: ["applicant"], permissions: ["application-index"] },
  "/application/create": { roles: ["applicant"], permissions: ["application-store"] },
  "/application/update": { roles: ["applicant"], permissions: ["application-update"] },
  // Editors manage the settings too; only role assignment (/admin/users) is the admin's alone (docs/roles.md#roles).
  "/admin/settings": { roles: ADMIN_ROLES },
  "/admin/users": { roles: ["admin"] },
  "/admin/application": { roles: ADMIN_ROLES },
  "/admin/call": { roles: ADMIN_ROLES },
  "/admin/infrastructure": { roles: ADMIN_ROLES },
  "/admin/page": { roles: ADMIN_ROLES },
  "/admin/document": { roles: ADMIN_ROLES },
  "/admin/stats": { roles: ADMIN_ROLES },
  "/admin/stats/project": { roles: ADMIN_ROLES },
  "/admin/stats/key": { roles: ADMIN_ROLES },
  "/admin/stats/project-financial": { roles: ADMIN_ROLES },
  "/admin/stats/ri": { roles: ADMIN_ROLES },
  "/admin/stats/proposal": { roles: ADMIN_ROLES },
  "/admin/stats/evaluations": { roles: ADMIN_ROLES },
  "/admin/stats/users": { roles: ADMIN_ROLES },
  "/admin/stats/funder-report": { roles: ADMIN_ROLES },
  "/admin/stats/dmp": { roles: ADMIN_ROLES },
  "/admin/stats/invitation": { roles: ADMIN_ROLES },
  "/admin/stats/timeline": { roles: ADMIN_ROLES },
  "/admin/stats/feedback": { roles: ADMIN_ROLES },
  "/admin/stats/publications": { roles: ADMIN_ROLES },
  "/infrastructure": { roles: ["infrastructure-manager", "infrastructure-administrator"], permissions: ["infrastructure-index"] },
  "/my-evaluations": { roles: ["evaluator"] },
  "/my-evaluations-reviews": { roles: ["watchdog"] },
  "/my-applications-reviews": { roles: ["viewer"] },
  // Panel members are named by e-mail in a setting, not by a role (ADR 023): the API answers 403 to anyone else.
  "/panel": { signedIn: true },
  // Editors read every infrastructure's decisions there and reopen them (docs/roles.md#infrastructure-staff: an editor who is also a manager sees their own).
  "/application-at-my-ri": { roles: ["infrastructure-manager", "infrastructure-administrator", ...ADMIN_ROLES] },
} satisfies Record<string, RouteRule>;

export type GuardedPath = keyof typeof ROUTE_RULES;

export interface NavEntry extends RouteRule {
  key: string; // translation key under nav.*
  to: string;
}

/** A menu entry for a screen: its guard comes from ROUTE_RULES when it has one. */
const entry = (key: string, to: string): NavEntry => ({ key, to, ...((ROUTE_RULES as Record<string, RouteRule>)[to] ?? {}) });

// The menu (docs/ui.md#menu). An entry appears here once its screen exists; the issues that
// build My evaluations, My watch, My application reviews and Applications at my
// RI add theirs. Published in-menu pages are appended by the root loader.
export const MAIN_MENU: NavEntry[] = [
  entry("open-calls", "/call"),
  entry("my-applications", "/application"),
  entry("my-evaluations", "/my-evaluations"),
  entry("my-watch", "/my-evaluations-reviews"),
  entry("my-application-reviews", "/my-applications-reviews"),
  entry("my-profile", "/profile"),
  entry("applications-at-my-ri", "/application-at-my-ri"),
  entry("my-infrastructures", "/infrastructure"),
  entry("document-library", "/document-library"),
];

/** The panel's view: offered to whoever may read it (the root loader asks the API), not by role. */
export const PANEL_ENTRY: NavEntry = entry("panel", "/panel");

export const ADMIN_MENU: NavEntry[] = [
  entry("admin-applications", "/admin/application"),
  entry("admin-calls", "/admin/call"),
  entry("admin-infrastructures", "/admin/infrastructure"),
  entry("admin-pages", "/admin/page"),
  entry("admin-documents", "/admin/document"),
  entry("admin-users", "/admin/users"),
  entry("admin-mail", "/admin/mail"),
  entry("admin-audit", "/admin/audit"),
  entry("admin-invitations", "/admin/invitations"),
  entry("admin-stats", "/admin/stats"),
  entry("admin-settings", "/admin/settings"),
];

export function visibleEntries(entries: NavEntry[], grants: Grants | null): NavEntry[] {
  return entries.filter((e) => (!e.roles && !e.permissions && !e.signedIn) || (grants !== null && canAccess(grants, e)));
}
