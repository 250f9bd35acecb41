import { i18nextFor } from "~/i18n/i18next.server";
import { FALLBACK_LANGUAGE } from "~/i18n/config";
import type { QueuedMail } from "../mail/outbox.server";
import { portalUrl } from "./notify.server";

export interface Registered {
  id: number;
  email: string;
  display_name: string;
}

/**
 * The e-mail that tells the registration-receiver setting's address about a
 * new user: their name, e-mail and admin page, in the portal's default
 * language as the other mails (notify.server.ts); none when the setting is
 * blank (docs/lifecycle.md#notifications). The caller queues it in the
 * transaction that creates the user.
 */
export function registrationMails(receiver: string | undefined, user: Registered): QueuedMail[] {
  const to = receiver?.trim();
  if (!to) return [];
  const t = i18nextFor(FALLBACK_LANGUAGE).t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const values = { name: user.display_name, email: user.email };
  const text = [
    t("notifications.registration.text", values),
    "",
    t("notifications.mail.open", { url: `${portalUrl()}/admin/users/${user.id}` }),
    "",
    "--",
    t("notifications.registration.footer"),
  ].join("\n");
  return [{ to: [to], subject: t("notifications.registration.subject", values), text }];
}
