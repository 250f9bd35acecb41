import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as calendarApi from "~/api/calendar/contract";
import { redirectWithAlert, refusedAlert, successAlert } from "~/alerts.server";
import { requireUser } from "~/auth/user.server";
import { readForm } from "~/forms/read-form.server";
import { Link } from "~/components/Link";
import { CalendarFeed } from "~/components/CalendarFeed";
import { titleKey } from "~/lib/document-title";
import { readerLanguage } from "~/lib/reader-language.server";
import { card } from "~/styles/layout.css";

export const handle = titleKey("calendar.feed-title");

// ROUTE_RULES["/profile"]: any signed-in user, for their own feed only.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return json(await api(request).read(calendarApi.feed));
}

/** Makes or renews the feed (answering its address, shown once) or stops it (back to the profile). */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const intent = (await readForm(request)).get("intent");
  const client = api(request);
  if (intent === "stop") {
    const stopped = await client.call(calendarApi.stopFeed);
    // Already stopped (another tab): the same answer.
    if (!stopped.ok && stopped.status !== 404) return redirectWithAlert(request, "/profile/calendar", refusedAlert(stopped.message));
    return redirectWithAlert(request, "/profile", successAlert("calendar.stopped"));
  }
  if (intent !== "renew") return redirectWithAlert(request, "/profile/calendar", refusedAlert("errors.bad-request"));
  const made = await client.call(calendarApi.renewFeed, { json: { language: await readerLanguage(request) } });
  if (!made.ok) return redirectWithAlert(request, "/profile/calendar", refusedAlert(made.message));
  // The address is a credential: the page that shows it is never kept.
  return json({ url: made.data.url, created_at: made.data.created_at }, { headers: { "Cache-Control": "no-store" } });
}

export const headers = ({ actionHeaders }: { actionHeaders: Headers }) => {
  const kept = actionHeaders.get("Cache-Control");
  return kept ? { "Cache-Control": kept } : new Headers();
};

/** /profile/calendar: the person's calendar feed, and its new address once made (docs/ui.md#profile). */
export default function ProfileCalendar() {
  const { feed } = useLoaderData<typeof loader>();
  const made = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <>
      <h1 id="calendar-feed-title">{t("calendar.feed-title")}</h1>
      <div className={card}>
        <CalendarFeed feed={made ? { created_at: made.created_at } : feed} url={made?.url} titleId="calendar-feed-title" />
      </div>
      <p>
        <Link to="/profile">{t("calendar.back")}</Link>
      </p>
    </>
  );
}
