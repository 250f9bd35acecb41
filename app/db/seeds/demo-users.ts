import { sql } from "kysely";
import type { Db } from "../database.server";
import { demoAccounts } from "../../../idp/accounts";
import { assignRole } from "~/domain/users/users.server";
import { isRole } from "~/domain/users/roles";

/**
 * The demo's profiles beyond name and e-mail: the applicant's is
 * filled, with an organization country every open call takes; applicant2's
 * organization is in a country the remote call excludes, to show the refusal.
 * Only a new row gets them: the seed never undoes a user's own edits.
 */
const PROFILES: Record<string, Partial<Record<"nationality" | "phone" | "address" | "website" | "organization_address" | "organization_email" | "organization_country" | "organization_name", string>>> = {
  applicant: {
    nationality: "BE", phone: "+32 2 650 21 11", address: "Avenue Franklin Roosevelt 50, 1050 Brussels", website: "https://research.example.org/alice",
    organization_address: "Boulevard du Triomphe 1, 1050 Brussels", organization_email: "office@research.example.org",
  },
  applicant2: { organization_name: "Levant Marine Sciences Centre", organization_country: "SY" },
};

/**
 * One portal user per demo account of the development identity provider. An
 * account's user is found by its e-mail too: signing in through another
 * provider with the same address (Keycloak's realm users, README) gives the
 * user that provider's `sub`, and a new row would clash with its e-mail.
 */
export async function seedDemoUsers(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const a of demoAccounts) {
    const byEmail = await db.selectFrom("users").select("id").where(sql`lower(email)`, "=", a.email.toLowerCase()).executeTakeFirst();
    const row = byEmail ?? await db
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
        ...PROFILES[a.username],
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

