// Infrastructure staff hear of an application once they can see it (docs/roles.md#infrastructure-staff):
// on submission when the show-application-submit-ri-staff setting is yes,
// otherwise when it goes under evaluation. Called in the change's transaction.
import type { Db } from "~/db/database.server";
import { getSettings } from "../settings/settings.server";
import { notify } from "../notifications/notify.server";
import { infrastructureStaff } from "../infrastructures/infrastructure-staff.server";

/** The moment that makes an application visible to infrastructure staff under the current settings. */
export async function staffSeeFrom(db: Db): Promise<"submit" | "under-evaluation"> {
  const settings = await getSettings(db);
  return settings["show-application-submit-ri-staff"] === "yes" ? "submit" : "under-evaluation";
}

/** Notifies (and e-mails) the staff of the application's infrastructures when `reached` is the status they see it from. */
export async function noticeInfrastructureStaff(trx: Db, applicationId: number, reached: string): Promise<void> {
  if (reached !== (await staffSeeFrom(trx))) return;
  await notify(trx, { userIds: await infrastructureStaff(trx, { applicationId }), kind: "application-at-my-ri", applicationId, mail: true });
}
