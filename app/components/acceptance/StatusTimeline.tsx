import { useTranslation } from "react-i18next";
import { formatDay } from "~/domain/days";
import type { Timeline } from "~/domain/acceptance/timeline";
import { formatInstantDay } from "~/components/application/instant";
import * as css from "./Acceptance.css";

/**
 * The applicant's status timeline (docs/lifecycle.md#status-timeline): each stage from submission to
 * the report, with its date when done or its deadline when still to come, and
 * the next action. The stage's state is written out, never told by colour alone.
 */
export function StatusTimeline({ status, timeline }: { status: string; timeline: Timeline }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { next, ended } = timeline;
  return (
    <section aria-labelledby="timeline-title" className={css.section}>
      <h2 id="timeline-title">{t("acceptance.timeline.title")}</h2>
      <p>{t("acceptance.timeline.current", { status: t(`applications.status.${status}`) })}</p>
      <ol className={css.stages}>
        {timeline.stages.map((s) => (
          <li key={s.key} className={`${css.stage} ${css.stageState[s.state]}`} aria-current={s.state === "current" ? "step" : undefined}>
            {t(`acceptance.timeline.stages.${s.key}`)} ({t(`acceptance.timeline.states.${s.state}`)})
            {s.at || s.deadline || s.outcome ? (
              <span className={css.detail}>
                {s.outcome ? t("acceptance.timeline.outcome", { status: t(`applications.status.${s.outcome}`) }) + " " : null}
                {s.at ? (
                  <time dateTime={s.at}>{t("acceptance.timeline.done-on", { date: formatInstantDay(s.at, lng) })}</time>
                ) : s.deadline ? (
                  <time dateTime={s.deadline}>{t("acceptance.timeline.due", { date: formatDay(s.deadline, lng) })}</time>
                ) : null}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      {next ? (
        <>
          <h3>{t("acceptance.timeline.next-title")}</h3>
          <p>
            {next.deadline
              ? t(`acceptance.timeline.next.${next.stage}`, { date: formatDay(next.deadline, lng) })
              : t(`acceptance.timeline.${next.stage in NEXT_UNDATED ? "next-undated" : "next"}.${next.stage}`)}
            {next.overdue ? <strong className={css.overdue}> {t("acceptance.timeline.overdue")}</strong> : null}
          </p>
        </>
      ) : null}
      {ended ? (
        <p>
          {ended.at
            ? t("acceptance.timeline.ended", { status: t(`applications.status.${ended.status}`), date: formatInstantDay(ended.at, lng) })
            : t("acceptance.timeline.ended-undated", { status: t(`applications.status.${ended.status}`) })}
        </p>
      ) : null}
    </section>
  );
}

/** The stages whose next action names a deadline, worded without one when the call sets none. */
const NEXT_UNDATED = { submitted: 1, evaluation: 1, infrastructures: 1, acceptance: 1, reported: 1 };
