import type { Db } from "./database.server";
import { migrateToLatest } from "./migrate.server";
import { seedCountries } from "./seeds/countries";
import { seedLookups } from "./seeds/lookups";
import { seedCriteria } from "~/domain/reviews/criteria.server";
import { seedDemo } from "./seeds/demo";
import { seedSettings } from "~/domain/settings/settings.server";
import { syncRoleMatrix, assignRole } from "~/domain/users/users.server";

/** Runs at every start: migrations, then the idempotent reference seeds. */
export async function prepareDatabase(db: Db, opts: { demo: boolean; adminEmails?: string[] }): Promise<void> {
  await migrateToLatest(db);
  await syncRoleMatrix(db);
  await seedCountries(db);
  await seedLookups(db);
  await seedCriteria(db);
  await seedSettings(db);
  if (opts.demo) await seedDemo(db);
  for (const email of opts.adminEmails ?? []) {
    const user = await db.selectFrom("users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirst();
    if (user) await assignRole(db, user.id, "admin");
  }
}
