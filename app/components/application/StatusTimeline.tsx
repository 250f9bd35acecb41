import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/components/StatusBadge";
import { APPLICATION_STATUS_TONE, isApplicationStatus, type ApplicationStatus } from "~/domain/applications/status";
import { formatDay } from "~/domain/days";
import { formatInstantDay } from "./instant";
import * as css from "./Application.css";

export interface TimelineApplication {
  status: string;
  created_at: string;
  history: { from_status: string | null; to_status: string; created_at: string }[];
  call: { close_at: string; evaluation_date: string };
}

/**
 * What comes after each status, for the applicant: its text key and the day it
 * is due by, when the call sets one. Final statuses have none.
 */
function nextStep(status: ApplicationStatus, call: TimelineApplication["call"]): { key: string; day?: string } | null {
  switch (status) {
    case "draft":
      return { key: "timeline.next.draft", day: call.close_at };
    case "submit":
      return { key: "timeline.next.submit", day: call.evaluation_date };
    case "under-evaluation":
      return { key: "timeline.next.under-evaluation", day: call.evaluation_date };
    case "granted":
      return { key: "timeline.next.granted" };
    case "accepted":
      return { key: "timeline.next.accepted" };
    case "reporting":
      return { key: "timeline.next.reporting" };
    default:
      return null;
  }
}

/**
 * The application's status timeline: each status reached with its date (its
 * history), the current one marked, and what comes next with its deadline.
 */
export function StatusTimeline({ app }: { app: TimelineApplication }) {
  const { t, i18n } = useTranslation();
  const reached = app.history.length ? app.history : [{ from_status: null, to_status: "draft", created_at: app.created_at }];
  const status = isApplicationStatus(app.status) ? app.status : "draft";
  const next = nextStep(status, app.call);
  const tone = (s: string) => (isApplicationStatus(s) ? APPLICATION_STATUS_TONE[s] : "orange");
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title">{t("timeline.title")}</h2>
      <ol className={css.timeline}>
        {reached.map((h, i) => {
          const current = i === reached.length - 1;
          return (
            <li key={`${h.to_status}-${h.created_at}`} className={`${css.timelineItem} ${current ? css.timelineCurrent : ""}`} aria-current={current ? "step" : undefined}>
              <StatusBadge status={h.to_status} tone={tone(h.to_status)} prefix="applications.status" />{" "}
              <time dateTime={h.created_at}>{formatInstantDay(h.created_at, i18n.language)}</time>
              {current ? <span> ({t("timeline.current")})</span> : null}
            </li>
          );
        })}
        {next ? (
          <li className={`${css.timelineItem} ${css.timelineNext}`}>
            {t(next.key, { date: next.day ? formatDay(next.day, i18n.language) : "" })}
          </li>
        ) : (
          <li className={`${css.timelineItem} ${css.timelineNext}`}>{t("timeline.next.final")}</li>
        )}
      </ol>
    </section>
  );
}
