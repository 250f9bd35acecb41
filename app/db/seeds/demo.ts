import type { Db } from "../database.server";
import { seedDemoUsers } from "./demo-users";
import { seedInfrastructures } from "./demo-infrastructures";
import { OPEN_DEMO_CALL, seedCalls } from "./demo-calls";
import { seedApplications } from "./demo-applications";
import { seedHistory } from "./demo-history";
import { seedContent } from "./demo-content";
import { seedDemoLogo } from "./demo-logo";
import { seedDemoNotifications } from "./demo-notifications";

/** Lived-in demo content for `npm start`; safe to run on every start. */
export async function seedDemo(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const users = await seedDemoUsers(trx);
    const infra = await seedInfrastructures(trx, users);
    await seedCalls(trx, users, infra);
    // Before the applicant's applications: on a fresh database theirs stay the newest numbers.
    await seedHistory(trx, users, infra);
    await seedApplications(trx, users, infra, OPEN_DEMO_CALL);
    await seedContent(trx, users);
    await seedDemoLogo(trx, users.get("admin") ?? null);
    await seedDemoNotifications(trx);
  });
}
