import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as notifications from "~/api/notifications/contract";
import { redirectWithAlert, refusedAlert, successAlert } from "~/alerts.server";
import { requireUser } from "~/auth/user.server";
import { idFromText } from "~/domain/id-rules";
import { readForm } from "~/forms/read-form.server";
import { pageParam } from "~/forms/list-query";
import { ListFilters, SelectFilter } from "~/components/AdminList";
import { Pagination } from "~/components/Pagination";
import { formatInstant } from "~/components/application/instant";
import { hint } from "~/components/Form.css";
import { inlineForm, secondaryButton } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import * as css from "~/components/Notifications.css";
import { titleKey } from "~/lib/document-title";
import { NotificationSentence, notificationText } from "~/components/NotificationSentence";

export const handle = titleKey("nav.notifications");

const FILTERS = ["unread", "read"] as const;
type Filter = (typeof FILTERS)[number];
const asFilter = (v: string | null): Filter | undefined => (FILTERS as readonly string[]).includes(v ?? "") ? (v as Filter) : undefined;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  const filter = asFilter(params.get("filter"));
  const page = pageParam(params.get("page"));
  const list = await api(request).read(notifications.list, { query: { filter, page } });
  return json({ ...list, filter });
}

/** One form per action (mark read or unread, delete, mark all read), then the same list with an alert. */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await readForm(request);
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const intent = form.get("intent");
  const id = idFromText(String(form.get("id") ?? ""));
  const client = api(request);
  let result;
  if (intent === "read-all") result = await client.call(notifications.readAll);
  else if (id !== undefined && intent === "read") result = await client.call(notifications.readed, { param: { id } });
  else if (id !== undefined && intent === "unread") result = await client.call(notifications.unreaded, { param: { id } });
  else if (id !== undefined && intent === "delete") result = await client.call(notifications.remove, { param: { id } });
  else return redirectWithAlert(request, back, refusedAlert("errors.bad-request"));
  if (!result.ok) return redirectWithAlert(request, back, refusedAlert(result.message));
  return redirectWithAlert(request, back, successAlert(`notifications.screen.done-${intent}`));
}

/**
 * /notifications: the user's notifications, newest first, each as a sentence
 * with the link it leads to; read or unread filter; every action a POST form,
 * so the screen works without JavaScript.
 */
export default function Notifications() {
  const { t, i18n } = useTranslation();
  const { data, meta, filter } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const tr = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return (
    <>
      <h1>{t("nav.notifications")}</h1>
      <p>{t("notifications.screen.unread", { count: meta.unread })}</p>
      <div className={u.cluster}>
        <ListFilters label={t("notifications.screen.filters")} labelHidden submit={t("notifications.screen.apply")}>
          <SelectFilter
            id="notifications-filter"
            name="filter"
            label={t("notifications.screen.show")}
            value={filter}
            options={FILTERS.map((f) => ({ value: f, label: t(`notifications.screen.filter-${f}`) }))}
          />
        </ListFilters>
        {meta.unread > 0 ? (
          <Form method="post" action={`/notifications${search}`} className={inlineForm}>
            <button type="submit" name="intent" value="read-all" className={secondaryButton} disabled={busy}>
              {t("notifications.screen.read-all")}
            </button>
          </Form>
        ) : null}
      </div>
      {data.length === 0 ? (
        <p>{t(filter ? "list.empty" : "notifications.screen.empty")}</p>
      ) : (
        <ul className={css.list} aria-label={t("nav.notifications")}>
          {data.map((n) => {
            const text = notificationText(tr, n.kind, n.params, n.application, i18n.language);
            const context = <span className="visually-hidden"> ({text})</span>;
            return (
              <li key={n.id} className={n.read_at ? css.item : css.unreadItem}>
                <p className={css.text}>
                  {n.read_at ? null : <span className={css.badge}>{t("notifications.screen.new")}</span>}
                  {n.link ? (
                    <Link to={n.link}>
                      <NotificationSentence kind={n.kind} params={n.params} application={n.application} />
                    </Link>
                  ) : (
                    <NotificationSentence kind={n.kind} params={n.params} application={n.application} />
                  )}
                </p>
                {typeof n.params.notes === "string" ? (
                  <p className={css.notes}>
                    {/* The notes are what someone typed, in their language: marked as stored text. */}
                    {t("typography.label", { label: t("notifications.screen.notes") })} <span data-stored="">{n.params.notes}</span>
                  </p>
                ) : null}
                <div className={u.cluster}>
                  <time dateTime={n.created_at} className={hint}>
                    {formatInstant(n.created_at, i18n.language)}
                  </time>
                  <Form method="post" action={`/notifications${search}`} className={inlineForm}>
                    <input type="hidden" name="id" value={n.id} />
                    <button type="submit" name="intent" value={n.read_at ? "unread" : "read"} className={secondaryButton} disabled={busy}>
                      {t(n.read_at ? "notifications.screen.mark-unread" : "notifications.screen.mark-read")}
                      {context}
                    </button>
                    <button type="submit" name="intent" value="delete" className={secondaryButton} disabled={busy}>
                      {t("notifications.screen.delete")}
                      {context}
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination meta={meta} />
    </>
  );
}
