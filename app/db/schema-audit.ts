// Kysely table type of the audit trail (migration 0028;
// docs/decisions/051-audit-trail.md). schema.ts names it in the Database.
import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** One API write: who, when, what, and each changed row's fields as [old, new] (migration 0028; docs/decisions/051-audit-trail.md). */
export interface AuditEntriesTable {
  id: Generated<string>;
  request_id: string;
  at: Timestamp;
  actor_id: number | null;
  actor_roles: Generated<string[]>;
  operation: string;
  entity: string | null;
  entity_id: string | null;
  application_id: number | null;
  changes: ColumnType<AuditChange[], string | undefined, string>;
  more_changes: Generated<number>;
}

/** One row an audited write changed; `fields` maps a column (or a document's path, "project.title") to [old, new]. */
export interface AuditChange {
  table: string;
  op: "insert" | "update" | "delete";
  key: Record<string, unknown>;
  fields: Record<string, [unknown, unknown]>;
}
