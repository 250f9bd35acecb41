// What a write request's audit entry says about it before anything is written
// (docs/decisions/051-audit-trail.md): the caller, the OpenAPI operation, and
// the record its path names. The database adds the changed rows.
import crypto from "node:crypto";
import type { AuditContext } from "~/db/audit-context.server";
import type { ApiUser } from "./context";

/** The table behind a path's resource, where its name differs. */
const TABLES: Record<string, string> = {
  evaluations: "application_reviewers",
  // The id of /watchdog-reviews/{id} is the reviewed evaluation's (or the watchdog's own assignment's).
  "watchdog-reviews": "application_reviewers",
  "invite-evaluators": "invitations",
  calendar: "calendar_feeds",
};

/** Operations about the caller's own row, named by no id in their path. */
const OWN = new Set(["/users/me", "/calendar/feed"]);

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Operations sent as POST that change nothing (a lookup, a preview): no entry. */
export const READS_SENT_AS_POST = new Set(["POST /api/users/info", "POST /api/pages/preview"]);

/**
 * The audit context of a request: undefined for reads and for callers not
 * signed in (every write operation needs a signed-in caller). `pattern` is
 * the operation's path as the OpenAPI document has it, without /api;
 * `path` the request's.
 */
export function auditScope(method: string, pattern: string | undefined, path: string, user: ApiUser | null): AuditContext | undefined {
  if (READS.has(method) || !pattern || !user || READS_SENT_AS_POST.has(`${method} /api${pattern}`)) return undefined;
  const names = pattern.split("/").filter(Boolean);
  const values = path.split("/").filter(Boolean);
  const param = names.findIndex((s) => s.startsWith("{"));
  const resource = param > 0 ? names[param - 1] : names[0];
  const entity = TABLES[resource] ?? resource.replace(/-/g, "_");
  const entityId = OWN.has(pattern) ? String(user.id) : param >= 0 ? decodeURIComponent(values[param] ?? "") : undefined;
  return {
    request: crypto.randomUUID(),
    actor: user.id,
    roles: user.roles,
    operation: `${method} /api${pattern}`,
    entity,
    entity_id: entityId || undefined,
    application: entity === "applications" && /^\d{1,9}$/.test(entityId ?? "") ? Number(entityId) : undefined,
  };
}
