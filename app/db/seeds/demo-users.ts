import { sql } from "kysely";
import type { Db } from "../database.server";
import { demoAccounts } from "../../../idp/accounts";
import { assignRole } from "~/domain/users/users.server";
import { isRole } from "~/domain/users/roles";

/** One portal user per demo account of the development identity provider. */
export async function seedDemoUsers(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const a of demoAccounts) {
    const row = await db
      .insertInto("users")
      .values({
        sub: a.sub,
        email: a.email,
        name: a.given_name,
        surname: a.family_name,
        display_name: a.name,
        slug: a.username,
        groups: JSON.stringify(a.groups),
        organization_name: "Demo Research Institute",
        organization_country: "BE",
      })
      .onConflict((oc) => oc.column("sub").doUpdateSet({ updated_at: sql`now()` }))
      .returning("id")
      .executeTakeFirstOrThrow();
    await assignRole(db, row.id, "applicant");
    if (isRole(a.role)) await assignRole(db, row.id, a.role);
    ids.set(a.username, row.id);
  }
  return ids;
}

