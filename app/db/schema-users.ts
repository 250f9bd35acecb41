// Kysely table types of the people: users, their roles and permissions, and
// their sessions (docs/data.md). schema.ts names them in the Database.
import type { ColumnType, Generated } from "kysely";

// Optional on insert (the column default stamps it), as in schema.ts.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  sub: string | null;
  email: string;
  email_cc: string | null;
  name: string | null;
  surname: string | null;
  status: Generated<string>;
  slug: string | null;
  display_name: string | null;
  accept_conditions_disclaimer: Generated<boolean>;
  website: string | null;
  address: string | null;
  nationality: string | null;
  phone: string | null;
  organization_name: string | null;
  organization_address: string | null;
  organization_email: string | null;
  organization_country: string | null;
  /** The canonical ORCID iD, 0000-0002-1825-0097 (migration 0022; docs/data.md#orcid-ids). */
  orcid: string | null;
  groups: ColumnType<string[], string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
}

export interface PermissionsTable {
  id: Generated<number>;
  entity_type: string;
  name: string;
  /** null for an unscoped permission such as application-index. */
  entity_id: number | null;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}

export interface UserPermissionsTable {
  user_id: number;
  permission_id: number;
}

export interface SessionsTable {
  id: string;
  user_id: number | null;
  data: ColumnType<Record<string, unknown>, string, string>;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}
