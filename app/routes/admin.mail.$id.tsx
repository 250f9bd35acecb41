import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as mail from "~/api/mail/contract";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { routeId } from "~/forms/route-id";
import { Facts } from "~/components/application/Facts";
import { MailState } from "~/components/MailState";
import { formatInstant } from "~/components/application/instant";
import * as css from "~/components/Notifications.css";
import { titleKey } from "~/lib/document-title";
import { FALLBACK_LANGUAGE } from "~/i18n/config";

export const handle = titleKey("notifications.mail-admin.mail");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/mail"]);
  return json(await api(request).read(mail.one, { param: { id: routeId(params.id) } }));
}

/** /admin/mail/{id}: one e-mail as written, with its delivery state. */
export default function AdminMailOne() {
  const { t, i18n } = useTranslation();
  const m = useLoaderData<typeof loader>();
  const day = (iso: string | null) => (iso ? formatInstant(iso, i18n.language) : null);
  return (
    <>
      <p>
        <Link to="/admin/mail">{t("notifications.mail-admin.back")}</Link>
      </p>
      {/* E-mails are written in the portal's fallback language (users have no stored language yet). */}
      <h1 lang={FALLBACK_LANGUAGE}>{m.subject}</h1>
      <Facts
        items={[
          [t("notifications.mail-admin.to"), m.to_addresses.join(", ")],
          [t("notifications.mail-admin.state"), <MailState key="state" state={m.state} />],
          [t("notifications.mail-admin.attempts"), String(m.attempts)],
          [t("notifications.mail-admin.created"), day(m.created_at)],
          [t("notifications.mail-admin.sent"), day(m.sent_at)],
          [t("notifications.mail-admin.last-error"), m.last_error],
        ]}
      />
      <h2>{t("notifications.mail-admin.body")}</h2>
      <pre className={css.mailBody} lang={FALLBACK_LANGUAGE}>{m.text_body}</pre>
    </>
  );
}
