import type { Db } from "../database.server";
import { notifyRole } from "~/domain/notifications/notify.server";

/**
 * The editors' notification (and queued e-mail, readable at /admin/mail) of each
 * submitted demo application, as its submission would have written them; once.
 */
export async function seedDemoNotifications(trx: Db): Promise<void> {
  const submitted = await trx
    .selectFrom("applications")
    .select("id")
    .where("status", "=", "submit")
    .where("deleted_at", "is", null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("notifications").select("id").whereRef("notifications.application_id", "=", "applications.id"))))
    .orderBy("id")
    .execute();
  for (const { id } of submitted) await notifyRole(trx, "editor", { kind: "application-submitted", applicationId: id, mail: true });
}
