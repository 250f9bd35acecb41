// What an audit entry can be about (docs/decisions/051-audit-trail.md): the
// tables behind the API's write operations (app/api/audit-scope.server.ts
// names them from the path), in the order the filter offers them, and the
// admin screen each one's record opens on, where there is one.

export const AUDIT_ENTITIES = [
  "applications", "application_reviewers", "watchdog_reviews", "accesses", "publications", "calls", "infrastructures",
  "pages", "documents", "media", "users", "invitations", "notifications", "calendar_feeds", "settings",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const isAuditEntity = (v: unknown): v is AuditEntity => (AUDIT_ENTITIES as readonly unknown[]).includes(v);

const SCREENS: Partial<Record<AuditEntity, (id: string) => string>> = {
  applications: (id) => `/admin/application/${id}`,
  calls: (id) => `/admin/call/${id}/update`,
  infrastructures: (id) => `/admin/infrastructure/${id}/update`,
  pages: (id) => `/admin/page/${id}/update`,
  documents: (id) => `/admin/document/${id}/update`,
  users: (id) => `/admin/users/${id}`,
};

/** The admin screen of an entry's record, when it has one and the id is a number. */
export function auditRecordScreen(entity: string | null, id: string | null): string | undefined {
  return entity && id && /^\d{1,10}$/.test(id) && isAuditEntity(entity) ? SCREENS[entity]?.(id) : undefined;
}
