import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as reviews from "~/api/reviews/contract";
import { requireAccess } from "~/auth/user.server";
import { formatDay } from "~/domain/dates";
import { ROUTE_RULES } from "~/domain/navigation";
import { NextRowCell, ReviewState, ReviewTable, useWatchTitle } from "~/components/reviews/ReviewParts";
import { hint } from "~/components/Form.css";
import { publicSettings } from "~/cache/content.server";
import { titleFrom } from "~/lib/document-title";
import { i18next } from "~/i18n/i18next.server";
import { entrySetting } from "~/domain/settings/setting-languages";

export const handle = titleFrom<{ watchdogName: string }>((d, t) => (d.watchdogName ? t("nav.my-watch-named", { name: d.watchdogName }) : t("nav.my-watch")));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/my-evaluations-reviews"]);
  const [list, settings] = await Promise.all([api(request).read(reviews.toWatch), publicSettings()]);
  return json({ ...list, watchdogName: entrySetting(settings.data, "watchdog-name", await i18next.getLocale(request)).text });
}

/** My watch: the applications the watchdog follows, with how many evaluations are in and how many they reviewed. */
export default function MyWatch() {
  const { t, i18n } = useTranslation();
  const { data, watchdogName } = useLoaderData<typeof loader>();
  const title = useWatchTitle(watchdogName);
  return (
    <>
      <h1>{title}</h1>
      {data.length === 0 ? (
        <p>{t("reviews.watch.empty")}</p>
      ) : (
        <ReviewTable
          label={title}
          caption={t("reviews.watch.caption", { count: data.length })}
          columns={[t("reviews.list.deadline"), t("reviews.watch.progress"), t("reviews.list.state"), t("reviews.list.action")]}
          rows={data.map((w) => ({
            key: w.id,
            application: { id: w.application_id, acronym: w.acronym, title: w.title },
            call: w.call_title,
            cells: [
              <>
                {formatDay(w.evaluation_date, i18n.language)}
                {w.next.overdue ? <div className={hint}>{t("todo.deadline-passed")}</div> : null}
              </>,
              t("reviews.watch.reviewed", { done: w.reviews_done, count: w.evaluations_submitted }),
              <ReviewState key="state" state={w.state} watchdog />,
              <NextRowCell key="link" next={w.next} application={w} readText={t("reviews.list.open")} />,
            ],
          }))}
        />
      )}
    </>
  );
}
