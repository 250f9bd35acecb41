import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as mail from "~/api/mail/contract";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { MAIL_STATES, type MailState as State } from "~/domain/mail/states";
import { pageParam } from "~/forms/list-query";
import { ListFilters, SelectFilter } from "~/components/AdminList";
import { MailState } from "~/components/MailState";
import { PagedTable } from "~/components/PagedTable";
import { formatInstant } from "~/components/application/instant";
import { titleKey } from "~/lib/document-title";
import { FALLBACK_LANGUAGE } from "~/i18n/config";

export const handle = titleKey("nav.admin-mail");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/mail"]);
  const params = new URL(request.url).searchParams;
  const raw = params.get("state");
  const state = (MAIL_STATES as readonly string[]).includes(raw ?? "") ? (raw as State) : undefined;
  const list = await api(request).read(mail.list, { query: { state, page: pageParam(params.get("page")) } });
  return json({ ...list, state });
}

/**
 * /admin/mail: the e-mails the portal wrote, newest first, with their state
 * (queued, sent, failed) and attempts; with no SMTP server configured this is
 * where they can be read (each one's body on its own page).
 */
export default function AdminMail() {
  const { t, i18n } = useTranslation();
  const { data, meta, state } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("nav.admin-mail")}</h1>
      <p>{t("notifications.mail-admin.intro")}</p>
      <ListFilters label={t("notifications.mail-admin.filters")} labelHidden submit={t("notifications.screen.apply")}>
        <SelectFilter
          id="mail-state"
          name="state"
          label={t("notifications.mail-admin.state")}
          value={state}
          options={MAIL_STATES.map((s) => ({ value: s, label: t(`notifications.mail-admin.states.${s}`) }))}
        />
      </ListFilters>
      <PagedTable
        label={t("nav.admin-mail")}
        caption={t("notifications.mail-admin.caption", { count: meta.total })}
        columns={["subject", "to", "state", "attempts", "created"].map((c) => t(`notifications.mail-admin.${c}`))}
        meta={meta}
        empty={data.length === 0}
      >
        {data.map((m) => (
          <tr key={m.id}>
            <td>
              <Link to={`/admin/mail/${m.id}`} lang={FALLBACK_LANGUAGE}>
                {m.subject}
              </Link>
            </td>
            <td>{m.to_addresses.join(", ")}</td>
            <td>
              <MailState state={m.state} />
            </td>
            <td>{m.attempts}</td>
            <td>
              <time dateTime={m.created_at}>{formatInstant(m.created_at, i18n.language)}</time>
            </td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
