import type { LoaderFunctionArgs, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as dashboardApi from "~/api/dashboard/contract";
import * as notificationsApi from "~/api/notifications/contract";
import { getCurrentUser } from "~/auth/user.server";
import { CallList, NoOpenCall } from "~/components/CallList";
import { openedCalls } from "~/cache/content.server";
import { card, grid } from "~/styles/layout.css";
import { titleFrom } from "~/lib/document-title";
import type { loader as rootLoader } from "~/root";
import * as u from "~/styles/utility.css";
import { hint } from "~/components/Form.css";
import * as css from "~/components/NextAction.css";
import * as notes from "~/components/Notifications.css";
import { useNextActionText } from "~/components/NextAction";
import { formatInstant } from "~/components/application/instant";
import { NotificationSentence } from "~/components/NotificationSentence";
import { AddToCalendar } from "~/components/AddToCalendar";
import { i18next } from "~/i18n/i18next.server";
import { localizeFields } from "~/domain/localized";
import { hasRole, INFRA_STAFF_ROLES } from "~/domain/users/roles";
import { openCallCount } from "~/domain/calls/call-status";

/** How many of the latest notifications the home page shows below the to-do list. */
const RECENT_NOTIFICATIONS = 5;

export const handle = titleFrom<{ kind: "public" | "dashboard" }>((d, t) => t(d.kind === "public" ? "calls.title" : "dashboard.page-title"));

/** Signed out: the open calls. Signed in: the person's to-do list, their recent notifications, and shortcuts (docs/ui.md#home). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request);
  if (!user) {
    // Public and the same for everyone: from memory (app/cache/content.server.ts).
    const [{ data }, locale] = await Promise.all([openedCalls(), i18next.getLocale(request)]);
    // Each text in the reader's language, else in English marked so (ADR 052).
    return json({ kind: "public" as const, calls: data.map((c) => localizeFields(locale, c, ["title", "description"])) });
  }
  const client = api(request);
  // The open calls' count from the public list kept in memory; the API's counts only for what
  // it alone adds (an infrastructure's staff: their infrastructures). One call fewer for most
  // people, on the page everyone lands on (docs/budgets.md#page-cost).
  const [dashboard, todo, recent] = await Promise.all([
    hasRole(user, ...INFRA_STAFF_ROLES)
      ? client.read(dashboardApi.dashboard)
      : openedCalls().then(({ data }) => ({ open_calls: openCallCount(data), infrastructures: undefined })),
    client.read(dashboardApi.todo),
    client.read(notificationsApi.list, { query: { per_page: RECENT_NOTIFICATIONS } }),
  ]);
  return json({ kind: "dashboard" as const, dashboard, todo: todo.data, notifications: recent.data, unread: recent.meta.unread, name: user.display_name ?? user.email, roles: user.roles });
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  // The no-call-link setting, from the settings the root loader read for the header.
  const noCallLink = useRouteLoaderData<typeof rootLoader>("root")?.noCallLink ?? "";
  const { t } = useTranslation();
  if (data.kind === "public") {
    return (
      <>
        <h1>{t("calls.title")}</h1>
        <CallList calls={data.calls} noCallLink={noCallLink} />
      </>
    );
  }
  const { dashboard } = data;
  return (
    <>
      <h1>{t("dashboard.title", { name: data.name })}</h1>
      <p>
        {t("typography.label-value", { label: t("dashboard.roles"), value: data.roles.map((r) => t(`roles.${r}`)).join(", ") })}
      </p>
      <section aria-labelledby="todo-title">
        <h2 id="todo-title">{t("dashboard.todo-title")}</h2>
        {data.todo.length === 0 ? <p>{t("dashboard.todo-empty")}</p> : <TodoList items={data.todo} />}
      </section>
      <section aria-labelledby="recent-title">
        <h2 id="recent-title">{t("dashboard.notifications-title")}</h2>
        <RecentNotifications items={data.notifications} />
        <p>
          <Link to="/notifications">{t("dashboard.see-notifications")}</Link> {data.unread > 0 ? <span className={hint}>{t("notifications.screen.unread", { count: data.unread })}</span> : null}
        </p>
      </section>
      <section aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title">{t("dashboard.shortcuts")}</h2>
        <ul className={`${grid} ${u.plainList}`}>
          <li className={card}>
            <h3 className={u.cardTitle}>{t("nav.open-calls")}</h3>
            {dashboard.open_calls > 0 ? <p>{t("dashboard.open-calls", { count: dashboard.open_calls })}</p> : <NoOpenCall link={noCallLink} />}
            <Link to="/call">{t("dashboard.see-calls")}</Link>
          </li>
          {data.roles.includes("applicant") ? (
            <li className={card}>
              <h3 className={u.cardTitle}>{t("nav.my-applications")}</h3>
              <p>{t("dashboard.applications-card")}</p>
              <Link to="/application">{t("dashboard.see-applications")}</Link>
            </li>
          ) : null}
          {dashboard.infrastructures !== undefined ? (
            <li className={card}>
              <h3 className={u.cardTitle}>{t("dashboard.my-infrastructures")}</h3>
              <p>{t("dashboard.infrastructures", { count: dashboard.infrastructures })}</p>
            </li>
          ) : null}
        </ul>
      </section>
    </>
  );
}

type Loaded = Extract<SerializeFrom<typeof loader>, { kind: "dashboard" }>;

/** What to do, the soonest deadline first: the action as the link to its screen, then what it is about and, when late, "Deadline passed". */
function TodoList({ items }: { items: Loaded["todo"] }) {
  const { t } = useTranslation();
  const text = useNextActionText();
  return (
    <ol className={css.todoList} aria-labelledby="todo-title">
      {items.map((x) => {
        const about = x.application
          ? [t("todo.number", { id: x.application.id }), x.application.acronym || x.application.title].filter(Boolean).join(" ")
          : t(x.action === "resend-mail" ? "todo.mails" : "todo.applications", { count: x.count });
        return (
          <li key={`${x.view}-${x.action}-${x.application?.id ?? "all"}`} className={x.overdue ? css.overdueItem : css.todoItem}>
            <p className={css.action}>
              <Link to={x.href}>
                {text(x)}
                <span className="visually-hidden" data-stored="">
                  {" "}
                  ({about})
                </span>
              </Link>
            </p>
            <p className={css.detail}>
              {t(`todo.view.${x.view}`)} · <span data-stored="">{about}</span>
            </p>
            {x.overdue ? <p className={css.overdue}>{t("todo.deadline-passed")}</p> : null}
            {x.deadline && x.application ? <AddToCalendar view={x.view} applicationId={x.application.id} about={about} /> : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The latest notifications as sentences with their links, newest first; the notifications screen has the rest. */
function RecentNotifications({ items }: { items: Loaded["notifications"] }) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) return <p>{t("dashboard.notifications-empty")}</p>;
  return (
    <ul className={notes.list} aria-labelledby="recent-title">
      {items.map((n) => {
        const said = <NotificationSentence kind={n.kind} params={n.params} application={n.application} />;
        return (
          <li key={n.id} className={n.read_at ? notes.item : notes.unreadItem}>
            <p className={notes.text}>
              {n.read_at ? null : <span className={notes.badge}>{t("notifications.screen.new")}</span>}
              {n.link ? <Link to={n.link}>{said}</Link> : said}
            </p>
            <time dateTime={n.created_at} className={hint}>
              {formatInstant(n.created_at, i18n.language)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}
